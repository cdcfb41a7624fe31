import { createMiddleware } from 'hono/factory';
import type { Role } from '../db/schema';
import { findUserById } from '../db/users.repository';
import { AppError } from '../lib/app-error';
import { requestHeader } from '../lib/request-header';
import type { AuthEnv } from '../lib/app-env';
import { verifyAccessToken } from '../lib/tokens';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function unauthorized(message: string): AppError {
  return new AppError(401, 'UNAUTHORIZED', message);
}

/**
 * Lets a request through only with a valid bearer token whose user still exists and whose
 * `tv` claim equals the user's token_version; sets `c.var.user` from the database, so a
 * changed role or credit balance is seen at once. Otherwise 401 UNAUTHORIZED.
 *
 * ```ts
 * .get('/me', requireAuth, (c) => c.json(successEnvelope(toUserResponse(c.var.user))))
 * ```
 */
export const requireAuth = createMiddleware<AuthEnv>(async (c, next) => {
  const token = BEARER.exec(requestHeader(c, 'authorization') ?? '')?.[1];
  if (!token) throw unauthorized('Please sign in to continue');
  // c.get, not c.var: c.var copies every variable into a new object on each read.
  const { config, db } = c.get('deps');
  const claims = await verifyAccessToken(config, token);
  if (!claims) throw unauthorized('Your session is not valid. Please sign in again.');
  const user = await findUserById(db, claims.userId);
  if (!user || user.token_version !== claims.tokenVersion) {
    throw unauthorized('Your session is not valid. Please sign in again.');
  }
  c.set('user', user);
  await next();
});

/**
 * After `requireAuth`: lets through only users with one of `roles`, else 403 FORBIDDEN.
 *
 * ```ts
 * .get('/users', requireAuth, requireRole('admin'), handler)
 * ```
 */
export function requireRole(...roles: Role[]) {
  const allowed = new Set<Role>(roles);
  return createMiddleware<AuthEnv>(async (c, next) => {
    const user = c.get('user') as AuthEnv['Variables']['user'] | undefined;
    if (!user) throw unauthorized('Please sign in to continue');
    if (!allowed.has(user.role)) {
      throw new AppError(403, 'FORBIDDEN', "You don't have permission to perform this action");
    }
    await next();
  });
}
