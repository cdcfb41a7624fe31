import { isUser } from 'common/user';
import type { User } from 'common/user';

/** Local storage keys of the session (SPEC.md §3 "Auth state"). */
export const TOKEN_STORAGE_KEY = 'brevity.token';
export const USER_STORAGE_KEY = 'brevity.user';

export interface StoredSession {
  token: string;
  user: User;
}

// Storage can be unavailable (privacy modes, disabled cookies): the session then lives in memory.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Removes the stored token and user. */
export function clearStoredSession(): void {
  const store = storage();
  try {
    store?.removeItem(TOKEN_STORAGE_KEY);
    store?.removeItem(USER_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage refuses access.
  }
}

/**
 * The stored session when both a token and a well-formed user are stored. A half or
 * unparseable session is cleared, so the app starts signed out (SPEC.md §4).
 */
export function readStoredSession(): StoredSession | null {
  const store = storage();
  if (!store) return null;
  let token: string | null;
  let rawUser: string | null;
  try {
    token = store.getItem(TOKEN_STORAGE_KEY);
    rawUser = store.getItem(USER_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!token && !rawUser) return null;
  try {
    const user: unknown = rawUser ? JSON.parse(rawUser) : null;
    if (token && isUser(user)) return { token, user: { ...user, _id: user._id ?? user.id } };
  } catch {
    // Unparseable JSON: cleared below.
  }
  clearStoredSession();
  return null;
}

/** The token sent with every API request, read fresh each time. */
export function getStoredToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Stores the token and the serialised user. */
export function writeStoredSession(token: string, user: User): void {
  try {
    const store = storage();
    store?.setItem(TOKEN_STORAGE_KEY, token);
    store?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Quota or privacy mode: the session still works for this tab.
  }
}
