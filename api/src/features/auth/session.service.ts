import {
  changePasswordHash,
  endAllSessions,
  findPasswordHash,
  revokeToken,
} from '../../db/users.repository';
import type { UserRecord } from '../../db/user-record';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import { enforceRateLimit, rateLimitKey, releaseAttempt } from '../../domain/rate-limiter';
import { signAccessToken } from '../../lib/tokens';
import type { SessionTokenClaims } from '../../lib/tokens';
import type { ChangePasswordInput } from './auth.schemas';
import type { Session } from './auth.service';

/*
 * Ending sessions (API.md "Additions, round 3"; issue 24): one token, every token of the user,
 * or every token but a fresh one after a password change. Revocation is read with the user on
 * every request (admitUser), so it takes effect at once (decision 0025).
 */

/** POST /api/auth/logout: the request's token stops working; the user's other tokens do not. */
export function logOut(deps: AppDeps, claims: SessionTokenClaims): Promise<void> {
  return revokeToken(deps.db, claims.userId, { id: claims.tokenId, exp: claims.expiresAt });
}

/** POST /api/auth/logout-all: every token of the user stops working (token_version moves on). */
export function logOutEverywhere(deps: AppDeps, user: UserRecord): Promise<void> {
  return endAllSessions(deps.db, user.id);
}

const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please try again later.';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * PUT /api/auth/password: checks the current password, stores the new one and ends every token
 * of the user, then signs a fresh one. A wrong current password is 400 naming `currentPassword`
 * and counts as a failed login does, in the same two limits (per email and address, per
 * address), checked before the password is: past either, 429. Hashing runs in a slot of
 * `deps.passwords`, as a login's does.
 */
export async function changePassword(
  deps: AppDeps,
  user: UserRecord,
  input: ChangePasswordInput,
  clientAddress: string,
): Promise<Session> {
  const { config, db, passwords } = deps;
  const updated = await passwords.run(async (hasher) => {
    const attempts = [
      await enforceRateLimit(
        db,
        rateLimitKey('login-address', clientAddress),
        config.rateLimits.loginPerAddress,
        TOO_MANY_FAILURES,
      ),
    ];
    let matches: boolean;
    try {
      attempts.push(
        await enforceRateLimit(
          db,
          rateLimitKey('login', user.email, clientAddress),
          config.rateLimits.login,
          TOO_MANY_FAILURES,
        ),
      );
      matches = await hasher.verify(
        input.currentPassword,
        (await findPasswordHash(db, user.id)) ?? null,
      );
    } catch (error) {
      for (const attempt of attempts) await releaseAttempt(db, attempt);
      throw error;
    }
    if (!matches) {
      throw new AppError(400, 'VALIDATION_ERROR', WRONG_CURRENT_PASSWORD, [
        { field: 'currentPassword', message: WRONG_CURRENT_PASSWORD },
      ]);
    }
    // Only failures count toward the limits.
    for (const attempt of attempts) await releaseAttempt(db, attempt);
    return changePasswordHash(db, user.id, await hasher.hash(input.newPassword));
  });
  if (!updated)
    throw new AppError(401, 'UNAUTHORIZED', 'Your session is not valid. Please sign in again.');
  const token = await signAccessToken(config, {
    id: updated.id,
    tokenVersion: updated.token_version,
  });
  return { token, user: updated };
}
