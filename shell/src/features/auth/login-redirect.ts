/** Where a sign-in goes when the guard remembered nothing usable. */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

/**
 * The page to open after signing in: the origin the route guard remembered in
 * `location.state.from` when it is a same-site path (never a protocol-relative URL, never back to
 * /login or /register), else /dashboard. The app's RedirectIfSignedIn guard should use it too,
 * so both agree on where a fresh session lands.
 */
export function loginRedirectTarget(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state))
    return DEFAULT_SIGNED_IN_PATH;
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (/^\/(login|register)(?:[/?#]|$)/.test(from)) return DEFAULT_SIGNED_IN_PATH;
  return from;
}
