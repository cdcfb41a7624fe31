import { appendCreditMovement } from '../../db/credit-ledger.repository';
import {
  emailExists,
  findUserWithPasswordByEmail,
  insertUserIfEmailFree,
  updatePasswordHash,
} from '../../db/users.repository';
import type { UserRecord } from '../../db/users.repository';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/app-env';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password';
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
  await enforceRateLimit(
    db,
    rateLimitKey('register', clientAddress),
    config.rateLimits.register,
    'Too many registrations from your network. Please try again later.',
  );
  const conflict = () => new AppError(409, 'CONFLICT', 'Email is already registered');
  // Checked before hashing to spare the scrypt work; the insert below is what decides.
  if (await emailExists(db, input.email)) throw conflict();
  const passwordHash = await hashPassword(input.password, config.passwordHashCost);
  const user = await db.transaction().execute(async (trx) => {
    const created = await insertUserIfEmailFree(trx, {
      name: input.name,
      email: input.email,
      password_hash: passwordHash,
      role: 'user',
      credits: SIGNUP_CREDITS,
    });
    if (!created) return undefined;
    await appendCreditMovement(trx, {
      userId: created.id,
      amount: SIGNUP_CREDITS,
      reason: 'signup',
      balanceAfter: SIGNUP_CREDITS,
    });
    return created;
  });
  if (!user) throw conflict();
  return issueSession(deps, user);
}

/**
 * Signs a user in. An unknown email and a wrong password give the same 401 after the same
 * scrypt work (a dummy hash stands in for the missing account). At most
 * `rateLimits.login.max` failures per email and client address per window; past that,
 * 429 before any password is checked.
 */
export async function loginUser(
  deps: AppDeps,
  input: LoginInput,
  clientAddress: string,
): Promise<Session> {
  const { config, db } = deps;
  const attempt = await enforceRateLimit(
    db,
    rateLimitKey('login', input.email, clientAddress),
    config.rateLimits.login,
    'Too many failed sign-in attempts. Please try again later.',
  );
  const account = await findUserWithPasswordByEmail(db, input.email);
  const storedHash = account?.password_hash ?? (await dummyPasswordHash(config.passwordHashCost));
  const matches = await verifyPassword(input.password, storedHash);
  if (!account || !matches) throw new AppError(401, 'UNAUTHORIZED', INVALID_CREDENTIALS);

  // Only failures count toward the limit.
  await releaseAttempt(db, attempt);
  if (needsRehash(account.password_hash, config.passwordHashCost)) {
    await updatePasswordHash(
      db,
      account.id,
      await hashPassword(input.password, config.passwordHashCost),
    );
  }
  const { password_hash: _passwordHash, ...user } = account;
  return issueSession(deps, user);
}
