import type { PasswordHashingConfig } from '../config';
import { AppError } from './app-error';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';

/**
 * log2 of the scrypt cost N for new password hashes in production: 2^17 with r = 8 is 128 MiB and
 * a few hundred ms of one core. Tests pass a lower cost to `createPasswordHashing`.
 */
export const PASSWORD_HASH_COST = 17;

export const HASHING_BUSY_MESSAGE = 'Too many sign-ins at once. Please try again in a moment.';
const RETRY_AFTER_SECONDS = '2';

/** Hashing for the holder of a slot (see `PasswordHashing.run`). */
export interface PasswordHasher {
  /** A new hash of `password` at the configured cost. */
  hash(password: string): Promise<string>;
  /** Whether `password` matches `stored`; a missing account verifies against a dummy hash. */
  verify(password: string, stored: string | null): Promise<boolean>;
}

/**
 * Password hashing with bounded concurrency. Each scrypt hash takes 128 MiB and hundreds of
 * milliseconds of a libuv pool thread; unbounded, a login flood fills the pool (which file
 * reads and DNS also use) and the memory. At most `concurrency` sign-ins or registrations
 * run at once, at most `queueLimit` wait (each at most `maxWaitMs`); anything more is refused
 * at once with 503 SERVICE_UNAVAILABLE and Retry-After, before any work is done, the
 * database's included (a waiting login holds no connection).
 */
export interface PasswordHashing {
  /** Runs `work` in a slot: waits for a turn, or refuses (503) when the queue is full or the wait too long. */
  run<T>(work: (hasher: PasswordHasher) => Promise<T>): Promise<T>;
  /** True when `stored` should be re-hashed at today's parameters. */
  needsRehash(stored: string): boolean;
  /** A hash at the configured cost without waiting for a slot: for seeding at start-up only. */
  hashOutsideSlots(password: string): Promise<string>;
  /** Makes the dummy hash now, so the first unknown-email login does not pay for it. */
  warmUp(): Promise<void>;
  /** Slots in use, callers waiting, and callers refused since start. */
  stats(): { active: number; queued: number; rejected: number };
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

export function createPasswordHashing(
  { concurrency, queueLimit, maxWaitMs }: PasswordHashingConfig,
  cost: number = PASSWORD_HASH_COST,
): PasswordHashing {
  let active = 0;
  let rejected = 0;
  const waiting: Waiter[] = [];

  const busy = () => {
    rejected += 1;
    return new AppError(503, 'SERVICE_UNAVAILABLE', HASHING_BUSY_MESSAGE, undefined, {
      headers: { 'Retry-After': RETRY_AFTER_SECONDS },
    });
  };

  /** A finished hash hands its slot straight to the first waiter, so none can jump the queue. */
  const release = () => {
    const waiter = waiting.shift();
    if (!waiter) {
      active -= 1;
      return;
    }
    clearTimeout(waiter.timer);
    waiter.start();
  };

  const hasher: PasswordHasher = {
    hash: (password) => hashPassword(password, cost),
    verify: async (password, stored) =>
      verifyPassword(password, stored ?? (await dummyPasswordHash(cost))),
  };

  const run = async <T>(work: (slot: PasswordHasher) => Promise<T>): Promise<T> => {
    if (active < concurrency) {
      active += 1;
    } else {
      if (waiting.length >= queueLimit) throw busy();
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          start: resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            reject(busy());
          }, maxWaitMs),
        };
        waiting.push(waiter);
      });
    }
    try {
      return await work(hasher);
    } finally {
      release();
    }
  };

  return {
    run,
    needsRehash: (stored) => needsRehash(stored, cost),
    hashOutsideSlots: (password) => hashPassword(password, cost),
    warmUp: async () => {
      await dummyPasswordHash(cost);
    },
    stats: () => ({ active, queued: waiting.length, rejected }),
  };
}
