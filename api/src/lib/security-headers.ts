import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config';

/** The origins of remotes configured on another origin (absolute REMOTE_*_URL values). */
export function remoteOrigins(remotes: Config['remotes']): string[] {
  const origins = new Set<string>();
  for (const location of Object.values(remotes)) {
    if (/^https?:\/\//i.test(location)) origins.add(new URL(location).origin);
  }
  return [...origins];
}

/**
 * Security headers for every response. The CSP allows the app's own scripts and styles
 * and those of the remotes' origins (Module Federation loads remote entries and chunks
 * as scripts, and fetches manifests); no inline scripts but the shell's prerendered pages' own,
 * named by their hashes (`scriptHashes`, from the shell build's pages.json); no plugins, no framing.
 * Inline styles stay allowed: React's `style` props are part of the UI kit.
 * Remote bundles are also served to shells on other origins, so under /remotes/ the
 * resource policy is cross-origin.
 */
export function securityHeaders(
  config: Pick<Config, 'remotes'>,
  scriptHashes: readonly string[] = [],
): MiddlewareHandler {
  const remotes = remoteOrigins(config.remotes);
  const self = "'self'";
  const inlineScripts = scriptHashes.map((hash) => `'${hash}'`);
  const base = {
    contentSecurityPolicy: {
      defaultSrc: [self],
      scriptSrc: [self, ...inlineScripts, ...remotes],
      styleSrc: [self, "'unsafe-inline'", ...remotes],
      imgSrc: [self, 'data:', 'blob:', ...remotes],
      fontSrc: [self, 'data:', ...remotes],
      connectSrc: [self, ...remotes],
      objectSrc: ["'none'"],
      baseUri: [self],
      formAction: [self],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
  };
  const forApp = secureHeaders({ ...base, crossOriginResourcePolicy: 'same-origin' });
  const forRemotes = secureHeaders({ ...base, crossOriginResourcePolicy: 'cross-origin' });
  return (c, next) => (c.req.path.startsWith('/remotes/') ? forRemotes(c, next) : forApp(c, next));
}
