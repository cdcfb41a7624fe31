import { insertAccount } from '../../db/credits.repository';
import {
  emailExists,
  findUserWithPasswordByEmail,
  updatePasswordHash,
} from '../../db/users.repository';
import type { UserRecord } from '../../db/users.repository';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/app-env';
import { SIGNUP_CREDITS } from '../../lib/product-constants';
import { enforceRateLimit, rateLimitKey, releaseAttempt } from '../../lib/rate-limiter';
import { signAccessToken } from '../../lib/tokens';
import type { LoginInput, RegisterInput } from './auth.schemas';

export interface Session {
  token: string;
  user: UserRecord;
}

const INVALID_CREDENTIALS = 'Invalid email or password';

function issueSession(deps: AppDeps, user: UserRecord): Promise<Session> {
  return signAccessToken(deps.config, { id: user.id, tokenVersion: user.token_version }).then(
    (token) => ({ token, user }),
  );
}

/**
 * Creates an account of role `user` with the signup credits and their ledger row in one
 * transaction. Every attempt from `clientAddress` counts toward the registration limit.
 */
export async function registerUser(
  deps: AppDeps,
  input: RegisterInput,
  clientAddress: string,
): Promise<Session> {
  const { config, db } = deps;
  const conflict = () => new AppError(409, 'CONFLICT', 'Email is already registered');
  // In a hashing slot from the start: a registration flood waits (or is refused) before it
  // takes a database connection.
  const passwordHash = await deps.passwords.run(async (hasher) => {
    await enforceRateLimit(
      db,
      rateLimitKey('register', clientAddress),
      config.rateLimits.register,
      'Too many registrations from your network. Please try again later.',
    );
    // Checked before hashing to spare the scrypt work; the insert below is what decides.
    if (await emailExists(db, input.email)) throw conflict();
    return hasher.hash(input.password);
  });
  const user = await db.transaction().execute((trx) =>
    insertAccount(trx, {
      name: input.name,
      email: input.email,
      password_hash: passwordHash,
      role: 'user',
      credits: SIGNUP_CREDITS,
    }),
  );
  if (!user) throw conflict();
  return issueSession(deps, user);
}

const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please try again later.';

/**
 * Signs a user in. An unknown email and a wrong password give the same 401 after the same
 * scrypt work (a dummy hash stands in for the missing account). Failures are limited twice,
 * both checked before any password is: `rateLimits.login` per email and client address (one
 * account guessed at) and `rateLimits.loginPerAddress` per client address whatever the email
 * (password spraying over many accounts); past either, 429. Hashing runs in the bounded
 * queue of `deps.passwords`: when it is full, 503 at once, and the attempt does not count.
 */
export async function loginUser(
  deps: AppDeps,
  input: LoginInput,
  clientAddress: string,
): Promise<Session> {
  const { config, db, passwords } = deps;
  // The whole attempt runs in a hashing slot, so a flood queues (or is refused) before it
  // takes a database connection or the rate limiter's lock.
  const account = await passwords.run(async (hasher) => {
    const attempts = [
      await enforceRateLimit(
        db,
        rateLimitKey('login-address', clientAddress),
        config.rateLimits.loginPerAddress,
        TOO_MANY_FAILURES,
      ),
    ];
    let found: Awaited<ReturnType<typeof findUserWithPasswordByEmail>>;
    let matches: boolean;
    try {
      attempts.push(
        await enforceRateLimit(
          db,
          rateLimitKey('login', input.email, clientAddress),
          config.rateLimits.login,
          TOO_MANY_FAILURES,
        ),
      );
      found = await findUserWithPasswordByEmail(db, input.email);
      matches = await hasher.verify(input.password, found?.password_hash ?? null);
    } catch (error) {
      // Refused by the per-email limit, or failed, before any password was judged.
      for (const attempt of attempts) await releaseAttempt(db, attempt);
      throw error;
    }
    if (!found || !matches) throw new AppError(401, 'UNAUTHORIZED', INVALID_CREDENTIALS);

    // Only failures count toward the limits.
    for (const attempt of attempts) await releaseAttempt(db, attempt);
    if (passwords.needsRehash(found.password_hash)) {
      await updatePasswordHash(db, found.id, await hasher.hash(input.password));
    }
    return found;
  });
  const { password_hash: _passwordHash, ...user } = account;
  return issueSession(deps, user);
}
