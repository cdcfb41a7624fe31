import { insertAccount } from '../../db/credit-ledger.repository';
import {
  emailExists,
  findUserWithPasswordByEmail,
  updatePasswordHash,
} from '../../db/users.repository';
import type { UserRecord } from '../../db/user-record';
import type { RateLimitRule } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import { UNKNOWN_ADDRESS } from '../../lib/client-address';
import { HashingBusyError } from '../../lib/password-hashing';
import { SIGNUP_CREDITS } from '../../lib/product-constants';
import {
  enforceRateLimit,
  rateLimitKey,
  recordAttempts,
  releaseAttempt,
  reserveAttempt,
} from '../../domain/rate-limiter';
import { signAccessToken } from '../../lib/tokens';
import type { LoginInput, RegisterInput } from './auth.schemas';

export interface Session {
  token: string;
  user: UserRecord;
}

const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Whose share of the hashing line an attempt takes: its address; none when the address is
 * unknown (a request that came through no socket: in-process tests), which is not one client.
 */
function hashingClient(clientAddress: string): string | undefined {
  return clientAddress === UNKNOWN_ADDRESS ? undefined : clientAddress;
}

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
  }, hashingClient(clientAddress));
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
 * Logins let past an address's per-address limit (see `reserveAddressAttempt`): one per window,
 * counted only when it fails: an address spraying passwords gets at most this many guesses more.
 */
export const LOGIN_GRACE: RateLimitRule = { max: 1, windowSeconds: 15 };
/** Addresses remembered as refused (per process); past this, the expired ones are forgotten. */
const MAX_REMEMBERED_REFUSALS = 10_000;

/** The rate-limiter keys of a login of `email` from `clientAddress`. */
function loginKeys(email: string, clientAddress: string) {
  return {
    address: rateLimitKey('login-address', clientAddress),
    email: rateLimitKey('login', email, clientAddress),
    grace: rateLimitKey('login-grace', clientAddress),
  };
}

function tooManyFailures(retryAfterSeconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', TOO_MANY_FAILURES, undefined, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/**
 * Addresses over their per-address limit whose grace is used up, until when (ms since the
 * epoch), per database: a flood from such an address is answered 429 from memory, before it
 * takes a place in the hashing line or a query. It only remembers what the database said, so
 * it holds with several processes.
 */
const refusedAddresses = new WeakMap<Database, Map<string, number>>();

function refusedUntil(db: Database, clientAddress: string): number | undefined {
  return refusedAddresses.get(db)?.get(clientAddress);
}

function rememberRefusal(db: Database, clientAddress: string, until: number): void {
  let refused = refusedAddresses.get(db);
  if (!refused) {
    refused = new Map();
    refusedAddresses.set(db, refused);
  }
  if (refused.size >= MAX_REMEMBERED_REFUSALS) {
    const now = Date.now();
    for (const [address, expires] of refused) if (expires <= now) refused.delete(address);
    if (refused.size >= MAX_REMEMBERED_REFUSALS) refused.clear();
  }
  refused.set(clientAddress, until);
}

/**
 * Counts a login toward its address's per-address limit, in its hashing slot. Under the limit:
 * counted. Over it, the failures that put it there were mostly other emails' (password
 * spraying, or a flood of unknown emails), and refusing every email would lock out whoever
 * shares the address, however right their password: so one attempt per `LOGIN_GRACE` window
 * goes through anyway (counted under the grace's key). The per-email limit applies to it as to
 * any login. Returns the counted attempt; else 429, and the address is refused from memory
 * until the grace or the limit allows again.
 */
async function reserveAddressAttempt(
  deps: AppDeps,
  keys: ReturnType<typeof loginKeys>,
  clientAddress: string,
): Promise<string> {
  const { config, db } = deps;
  const perAddress = await reserveAttempt(db, keys.address, config.rateLimits.loginPerAddress);
  if (perAddress.allowed) return perAddress.hitId;
  const grace = await reserveAttempt(db, keys.grace, LOGIN_GRACE);
  if (grace.allowed) return grace.hitId;
  const retryAfterSeconds = Math.min(grace.retryAfterSeconds, perAddress.retryAfterSeconds);
  rememberRefusal(db, clientAddress, Date.now() + retryAfterSeconds * 1000);
  throw tooManyFailures(retryAfterSeconds);
}

/**
 * Counts a failed password check of `email` from `clientAddress` like a failed login (for a
 * check of the current password outside /login): toward the per-email and per-address
 * limits, unless a limit is already reached (then there is nothing more to count).
 */
export async function countFailedPasswordCheck(
  deps: AppDeps,
  email: string,
  clientAddress: string,
): Promise<void> {
  const { config, db } = deps;
  const keys = loginKeys(email, clientAddress);
  await reserveAttempt(db, keys.address, config.rateLimits.loginPerAddress);
  await reserveAttempt(db, keys.email, config.rateLimits.login);
}

/**
 * Signs a user in. An unknown email and a wrong password give the same 401 after the same
 * scrypt work (a dummy hash stands in for the missing account). Failures are limited twice,
 * both checked before any password is: `rateLimits.login` per email and client address (one
 * account guessed at) and `rateLimits.loginPerAddress` per client address whatever the email
 * (password spraying over many accounts); past the first, 429; past the second, 429 too but
 * for one attempt per `LOGIN_GRACE` window (see `reserveAddressAttempt`). Everything runs in
 * the bounded line of `deps.passwords`, where one address holds a small share: when the line
 * refuses the attempt (503), it counts toward the per-address limit, so a flood reaches the
 * limit instead of retrying for free.
 */
export async function loginUser(
  deps: AppDeps,
  input: LoginInput,
  clientAddress: string,
): Promise<Session> {
  const { config, db, passwords } = deps;
  const keys = loginKeys(input.email, clientAddress);
  const refused = refusedUntil(db, clientAddress);
  const now = Date.now();
  if (refused !== undefined && refused > now) {
    throw tooManyFailures(Math.ceil((refused - now) / 1000));
  }
  // The whole attempt runs in a hashing slot, so a flood queues (or is refused) before it
  // takes a database connection or the rate limiter's lock.
  let account: NonNullable<Awaited<ReturnType<typeof findUserWithPasswordByEmail>>>;
  try {
    account = await passwords.run(async (hasher) => {
      const attempts = [await reserveAddressAttempt(deps, keys, clientAddress)];
      let found: Awaited<ReturnType<typeof findUserWithPasswordByEmail>>;
      let matches: boolean;
      try {
        attempts.push(
          await enforceRateLimit(db, keys.email, config.rateLimits.login, TOO_MANY_FAILURES),
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
    }, hashingClient(clientAddress));
  } catch (error) {
    if (error instanceof HashingBusyError) countShedLogin(deps, keys.address);
    throw error;
  }
  const { password_hash: _passwordHash, ...user } = account;
  return issueSession(deps, user);
}

/** Refusals of one address gathered into one write for this long. */
const SHED_BATCH_MS = 100;
/** Once its address is at its limit, refusals are not written for this long. */
const SHED_QUIET_MS = 5_000;
/** Addresses whose refusals are followed (per process); past this, the idle ones are forgotten. */
const MAX_SHED_ADDRESSES = 10_000;

interface ShedCount {
  /** Refusals not yet written. */
  pending: number;
  /** A write is under way or about to start. */
  writing: boolean;
  /** The address was at its limit: refusals until then are not written (ms since the epoch). */
  quietUntil: number;
}

/** Refusals by the hashing line to count, per database and rate-limiter key. */
const shedLogins = new WeakMap<Database, Map<string, ShedCount>>();

/**
 * Counts a login the hashing line refused (503) toward its address's per-address limit, so a
 * flood reaches the limit instead of retrying for free. A flood is refused hundreds of times
 * a second: the refusals of one address are gathered for `SHED_BATCH_MS` and written in one
 * statement (never past the limit), after the 503 is sent and with no place in the line;
 * once the limit is reached, none are written for `SHED_QUIET_MS`. (On the embedded
 * database, every statement runs on the event loop.) Best effort: a failed write is logged.
 */
function countShedLogin(deps: AppDeps, addressKey: string): void {
  const { config, db, logger } = deps;
  let counts = shedLogins.get(db);
  if (!counts) {
    counts = new Map();
    shedLogins.set(db, counts);
  }
  const now = Date.now();
  let entry = counts.get(addressKey);
  if (!entry) {
    if (counts.size >= MAX_SHED_ADDRESSES) {
      for (const [key, idle] of counts) {
        if (!idle.writing && idle.quietUntil <= now) counts.delete(key);
      }
    }
    entry = { pending: 0, writing: false, quietUntil: 0 };
    counts.set(addressKey, entry);
  }
  if (entry.quietUntil > now) return;
  entry.pending += 1;
  if (entry.writing) return;
  entry.writing = true;
  const shed = entry;
  const rule = config.rateLimits.loginPerAddress;
  setTimeout(() => {
    void (async () => {
      while (shed.pending > 0) {
        const count = shed.pending;
        shed.pending = 0;
        try {
          if (await recordAttempts(db, addressKey, rule, count)) {
            shed.quietUntil = Date.now() + SHED_QUIET_MS;
            shed.pending = 0;
          }
        } catch (error) {
          logger.warn({ err: error }, 'Could not count logins refused by the hashing queue');
        }
      }
      shed.writing = false;
    })();
  }, SHED_BATCH_MS);
}
