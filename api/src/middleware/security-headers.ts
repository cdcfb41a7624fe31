import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import { answerWithHeaders } from '../lib/response-headers';
import type { HeaderList } from '../lib/response-headers';

/** The origins of remotes configured on another origin (absolute REMOTE_*_URL values). */
export function remoteOrigins(remotes: Config['remotes']): string[] {
  const origins = new Set<string>();
  for (const location of Object.values(remotes)) {
    if (/^https?:\/\//i.test(location)) origins.add(new URL(location).origin);
  }
  return [...origins];
}

/** A CSP directive's name as the header spells it: `defaultSrc` is `default-src`. */
function directiveName(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * Security headers for every response. The CSP allows the app's own scripts and styles
 * and those of the remotes' origins (Module Federation loads remote entries and chunks
 * as scripts, and fetches manifests); no inline scripts but the shell's prerendered pages' own,
 * named by their hashes (`scriptHashes`, from the shell build's pages.json); no plugins, no framing.
 * Inline styles stay allowed: React's `style` props are part of the UI kit.
 * Remote bundles are also served to shells on other origins, so under /remotes/ the
 * resource policy is cross-origin. The rest are the usual hardening headers (Helmet's and
 * Hono's `secureHeaders` defaults), computed once.
 */
export function securityHeaders(
  config: Pick<Config, 'remotes'>,
  scriptHashes: readonly string[] = [],
): MiddlewareHandler {
  const remotes = remoteOrigins(config.remotes);
  const self = "'self'";
  const inlineScripts = scriptHashes.map((hash) => `'${hash}'`);
  const contentSecurityPolicy = Object.entries({
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
  })
    .map(([key, sources]) => `${directiveName(key)} ${sources.join(' ')}`)
    .join('; ');
  const headers = (resourcePolicy: 'same-origin' | 'cross-origin'): HeaderList => [
    ['Content-Security-Policy', contentSecurityPolicy],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', resourcePolicy],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
  const forApp = headers('same-origin');
  const forRemotes = headers('cross-origin');
  return (c, next) =>
    answerWithHeaders(c, next, c.req.path.startsWith('/remotes/') ? forRemotes : forApp);
}
