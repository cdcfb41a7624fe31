import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Role } from '../db/schema';
import { findUserById } from '../db/users.repository';
import type { AuthUserRecord, UserRecord } from '../db/user-record';
import { AppError } from '../lib/app-error';
import { requestHeader } from '../lib/request-header';
import type { AppEnv, AuthEnv, BearerEnv } from '../app-env';
import { verifySessionToken } from '../lib/tokens';
import type { SessionTokenClaims } from '../lib/tokens';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function unauthorized(message: string): AppError {
  return new AppError(401, 'UNAUTHORIZED', message);
}

const SESSION_NOT_VALID = 'Your session is not valid. Please sign in again.';

/**
 * The claims of the request's bearer token, checked without the database: 401 UNAUTHORIZED when
 * there is no token or it is not valid (see verifyAccessToken).
 */
export function bearerClaims<E extends AppEnv>(c: Context<E>): SessionTokenClaims {
  const token = BEARER.exec(requestHeader(c, 'authorization') ?? '')?.[1];
  if (!token) throw unauthorized('Please sign in to continue');
  const claims = verifySessionToken(c.get('deps').config, token);
  if (!claims) throw unauthorized(SESSION_NOT_VALID);
  return claims;
}

/**
 * Makes `user`, read from the database for `claims.userId`, the request's signed-in user
 * (`c.var.user`) if they still exist, their token_version is the token's `tv` and they have not
 * signed this token out (POST /api/auth/logout); else 401. Checked on every request, against
 * the row just read: nothing about revocation is remembered with the verified token.
 */
export function admitUser<E extends AuthEnv>(
  c: Context<E>,
  claims: SessionTokenClaims,
  user: AuthUserRecord | undefined,
): UserRecord {
  if (
    !user ||
    user.token_version !== claims.tokenVersion ||
    user.revoked_tokens.some((revoked) => revoked.id === claims.tokenId)
  ) {
    throw unauthorized(SESSION_NOT_VALID);
  }
  c.set('user', user);
  return user;
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
  const claims = bearerClaims(c);
  // c.get, not c.var: c.var copies every variable into a new object on each read.
  admitUser(c, claims, await findUserById(c.get('deps').db, claims.userId));
  await next();
});

/**
 * requireAuth's token check alone, for a route that reads its user in the same statement as
 * its data and then calls `admitUser` (GET /api/summaries: one round trip, issue 13). Sets
 * `c.var.claims`; until `admitUser`, `c.var.user` is not set.
 */
export const requireBearer = createMiddleware<BearerEnv>(async (c, next) => {
  c.set('claims', bearerClaims(c));
  await next();
});

/**
 * requireAuth that also sets `c.var.claims`, for the routes that act on the token itself
 * (logout, logout-all, password change).
 */
export const requireSession = createMiddleware<BearerEnv>(async (c, next) => {
  const claims = bearerClaims(c);
  c.set('claims', claims);
  admitUser(c, claims, await findUserById(c.get('deps').db, claims.userId));
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
