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

/** The 503 of a full hashing queue: the attempt was refused before any work was done. */
export class HashingBusyError extends AppError {
  constructor() {
    super(503, 'SERVICE_UNAVAILABLE', HASHING_BUSY_MESSAGE, undefined, {
      headers: { 'Retry-After': RETRY_AFTER_SECONDS },
    });
  }
}

/**
 * The bounds of `createPasswordHashing` (config.ts's `passwordHashing`). `waitBudgetMs` and
 * `perClient` are optional: without them the queue admits by count alone, and any client may
 * hold every slot.
 */
export interface PasswordHashingLimits {
  /** Slots that hash at once. */
  concurrency: number;
  /** Callers that may wait, whatever the estimated wait (a hard cap). */
  queueLimit: number;
  /** Longest actual wait for a turn; past that, 503. */
  maxWaitMs: number;
  /** A caller is admitted while its estimated wait (see `estimatedWaitMs`) is at most this. */
  waitBudgetMs?: number;
  /** Slots, running and waiting, that one client (address) may hold at once. */
  perClient?: number;
}

/**
 * Password hashing with bounded concurrency. Each scrypt hash takes 128 MiB and hundreds of
 * milliseconds of a libuv pool thread; unbounded, a login flood fills the pool (which file
 * reads and DNS also use) and the memory. At most `concurrency` sign-ins or registrations
 * run at once; the others wait in line, first come first served, while the wait a newcomer
 * can expect (the line ahead of it times the measured time a slot is held, over
 * `concurrency`) is within `waitBudgetMs` and the line is under `queueLimit`; one client
 * address holds at most `perClient` slots, running and waiting, so it cannot take the line
 * from everyone else. Anything more is refused at once with 503 SERVICE_UNAVAILABLE and
 * Retry-After (`HashingBusyError`), before any work is done, the database's included (a
 * waiting login holds no connection); so is a caller that waited `maxWaitMs`.
 */
export interface PasswordHashing {
  /**
   * Runs `work` in a slot: waits for a turn, or refuses (503) when the line is full, the wait
   * too long, or `client` already holds its share.
   */
  run<T>(work: (hasher: PasswordHasher) => Promise<T>, client?: string): Promise<T>;
  /** True when `stored` should be re-hashed at today's parameters. */
  needsRehash(stored: string): boolean;
  /** A hash at the configured cost without waiting for a slot: for seeding at start-up only. */
  hashOutsideSlots(password: string): Promise<string>;
  /** Makes the dummy hash now (and times it), so the first unknown-email login does not pay for it. */
  warmUp(): Promise<void>;
  /** Slots in use, callers waiting, and callers refused since start. */
  stats(): { active: number; queued: number; rejected: number };
  /** The wait a caller arriving now would be told to expect, in ms (0 when a slot is free). */
  estimatedWaitMs(): number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
  /** Slots its client already held when it came (0 without a client): its turn among clients. */
  rank: number;
}

/** Weight of the newest slot time in the running average (an EWMA). */
const SLOT_TIME_WEIGHT = 0.2;
/** Assumed slot time before any was measured: about one production hash on a slow core. */
const INITIAL_SLOT_MS = 1_000;

export function createPasswordHashing(
  {
    concurrency,
    queueLimit,
    maxWaitMs,
    waitBudgetMs = Number.POSITIVE_INFINITY,
    perClient = Number.POSITIVE_INFINITY,
  }: PasswordHashingLimits,
  cost: number = PASSWORD_HASH_COST,
): PasswordHashing {
  let active = 0;
  let rejected = 0;
  let slotMs = INITIAL_SLOT_MS;
  let measured = false;
  const waiting: Waiter[] = [];
  const held = new Map<string, number>();

  const busy = () => {
    rejected += 1;
    return new HashingBusyError();
  };

  const measure = (ms: number) => {
    slotMs = measured ? slotMs + SLOT_TIME_WEIGHT * (ms - slotMs) : ms;
    measured = true;
  };

  /**
   * Where a caller of `rank` stands in line: behind every waiter of a rank as low or lower, ahead
   * of the others. A client's first waiter goes before another client's second, so one address
   * with its share waiting delays a newcomer by one hash, not by its share.
   */
  const placeOf = (rank: number) => {
    const index = waiting.findIndex((waiter) => waiter.rank > rank);
    return index === -1 ? waiting.length : index;
  };

  /** What a caller of `rank` would wait: the line ahead of it and itself, shared by the slots. */
  const waitOf = (rank: number) =>
    active < concurrency ? 0 : ((placeOf(rank) + 1) * slotMs) / concurrency;

  /** What a new client's first caller would wait now. */
  const estimatedWaitMs = () => waitOf(0);

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

  const hold = (client: string | undefined, change: 1 | -1) => {
    if (client === undefined) return;
    const count = (held.get(client) ?? 0) + change;
    if (count > 0) held.set(client, count);
    else held.delete(client);
  };

  const hasher: PasswordHasher = {
    hash: (password) => hashPassword(password, cost),
    verify: async (password, stored) =>
      verifyPassword(password, stored ?? (await dummyPasswordHash(cost))),
  };

  const run = async <T>(work: (slot: PasswordHasher) => Promise<T>, client?: string) => {
    if (client !== undefined && (held.get(client) ?? 0) >= perClient) throw busy();
    if (active < concurrency) {
      active += 1;
      hold(client, 1);
    } else {
      const rank = client === undefined ? 0 : (held.get(client) ?? 0);
      if (waiting.length >= queueLimit || waitOf(rank) > waitBudgetMs) throw busy();
      hold(client, 1);
      try {
        await new Promise<void>((resolve, reject) => {
          const waiter: Waiter = {
            start: resolve,
            rank,
            timer: setTimeout(() => {
              waiting.splice(waiting.indexOf(waiter), 1);
              reject(busy());
            }, maxWaitMs),
          };
          waiting.splice(placeOf(rank), 0, waiter);
        });
      } catch (error) {
        hold(client, -1);
        throw error;
      }
    }
    const started = performance.now();
    try {
      return await work(hasher);
    } finally {
      measure(performance.now() - started);
      hold(client, -1);
      release();
    }
  };

  return {
    run,
    needsRehash: (stored) => needsRehash(stored, cost),
    hashOutsideSlots: (password) => hashPassword(password, cost),
    warmUp: async () => {
      const started = performance.now();
      await dummyPasswordHash(cost);
      const elapsed = performance.now() - started;
      // Under a millisecond, the dummy hash was already made (another app in this process).
      if (!measured && elapsed >= 1) measure(elapsed);
    },
    stats: () => ({ active, queued: waiting.length, rejected }),
    estimatedWaitMs,
  };
}
