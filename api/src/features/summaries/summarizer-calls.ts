import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../../db/database';
import type { SummarizerLimits } from '../../config';
import { AppError } from '../../lib/app-error';
import type { AuthEnv } from '../../app-env';
import type { Logger } from '../../lib/logger';
import { rateLimitKey, releaseAttempt, reserveAttempt } from '../../domain/rate-limiter';

/*
 * Fair use of the summarizer (issue 24, item 2; API.md "Fair use"): every call that runs it is
 * limited per user in rate (config.summarizerLimits.perMinute) and in calls at once (`atOnce`),
 * across every API process (both counts live in rate_limit_hits, see lib/rate-limiter.ts).
 * Past either, 429 RATE_LIMITED with Retry-After, before any work is done.
 */

export const SUMMARIZER_RATE_LIMITED_MESSAGE =
  'Too many summary requests. Please wait a moment and try again.';
export const SUMMARIZER_BUSY_MESSAGE =
  'You already have summaries being written. Please wait for them to finish and try again.';

/** Retry-After of a call refused for the calls already running: they usually end within it. */
const AT_ONCE_RETRY_AFTER_SECONDS = 5;

/** A call's place among the user's calls at once; `release` frees it (idempotent). */
export interface SummarizerCall {
  release(): Promise<void>;
}

function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', message, undefined, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/**
 * What this process knows without asking the database, per database (so test apps on separate
 * databases do not meet): each user's calls admitted here and not yet freed, and until when a
 * user's rate was found used up. Both only ever refuse what the database would refuse too (this
 * process's calls are among the database's count; a full window stays full until its oldest hit
 * leaves it), so a flood of refused calls costs no database work (issue 24, item 2).
 */
interface LocalCounts {
  running: Map<string, number>;
  rateFullUntil: Map<string, number>;
}

const localCounts = new WeakMap<Database, LocalCounts>();

function localCountsOf(db: Database): LocalCounts {
  let counts = localCounts.get(db);
  if (!counts) {
    counts = { running: new Map(), rateFullUntil: new Map() };
    localCounts.set(db, counts);
  }
  return counts;
}

/**
 * Admits one summarizer call of `userId`: a place among their calls at once (held until
 * `release`, or `holdSeconds` if the process dies first), then one count of their rate.
 * Throws 429 RATE_LIMITED with Retry-After when either is used up (and then holds nothing).
 */
export async function admitSummarizerCall(
  db: Database,
  limits: SummarizerLimits,
  userId: string,
): Promise<SummarizerCall> {
  const local = localCountsOf(db);
  const fullUntil = local.rateFullUntil.get(userId) ?? 0;
  const now = Date.now();
  if (fullUntil > now) {
    throw rateLimited(SUMMARIZER_RATE_LIMITED_MESSAGE, Math.ceil((fullUntil - now) / 1000));
  }
  if (fullUntil !== 0) local.rateFullUntil.delete(userId);
  if ((local.running.get(userId) ?? 0) >= limits.atOnce) {
    throw rateLimited(SUMMARIZER_BUSY_MESSAGE, AT_ONCE_RETRY_AFTER_SECONDS);
  }
  const place = await reserveAttempt(db, rateLimitKey('summarizer-at-once', userId), {
    max: limits.atOnce,
    windowSeconds: limits.holdSeconds,
  });
  if (!place.allowed) {
    throw rateLimited(
      SUMMARIZER_BUSY_MESSAGE,
      Math.min(place.retryAfterSeconds, AT_ONCE_RETRY_AFTER_SECONDS),
    );
  }
  local.running.set(userId, (local.running.get(userId) ?? 0) + 1);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    const left = (local.running.get(userId) ?? 1) - 1;
    if (left > 0) local.running.set(userId, left);
    else local.running.delete(userId);
    await releaseAttempt(db, place.hitId);
  };
  let rate;
  try {
    rate = await reserveAttempt(db, rateLimitKey('summarizer-rate', userId), limits.perMinute);
  } catch (error) {
    await release();
    throw error;
  }
  if (!rate.allowed) {
    await release();
    local.rateFullUntil.set(userId, Date.now() + rate.retryAfterSeconds * 1000);
    throw rateLimited(SUMMARIZER_RATE_LIMITED_MESSAGE, rate.retryAfterSeconds);
  }
  return { release };
}

/** An admitted call as a route holds it: the middleware frees it unless the handler kept it. */
export interface HeldSummarizerCall extends SummarizerCall {
  keptByHandler: boolean;
}

const heldCalls = new WeakMap<Context, HeldSummarizerCall>();

/**
 * The request's admitted call, for a handler that frees it itself (a stream frees it when its
 * events end, long after the handler returned): from then on the middleware leaves it alone.
 */
export function keepSummarizerCall(c: Context): SummarizerCall | undefined {
  const held = heldCalls.get(c);
  if (held) held.keptByHandler = true;
  return held;
}

/**
 * Admits the signed-in user's summarizer call before anything else of the route runs (the body
 * is not read, nothing is validated or charged), and frees its place when the route is done.
 */
export const limitSummarizerCalls = createMiddleware<AuthEnv>(async (c, next) => {
  const { db, config, logger } = c.var.deps;
  const call = await admitSummarizerCall(db, config.summarizerLimits, c.var.user.id);
  const held: HeldSummarizerCall = { release: call.release, keptByHandler: false };
  heldCalls.set(c, held);
  try {
    await next();
  } finally {
    if (!held.keptByHandler) await releaseQuietly(held, logger);
  }
});

/** Frees a call's place; a failure (the database gone) is logged: the place then lapses by itself. */
export async function releaseQuietly(call: SummarizerCall, logger: Logger): Promise<void> {
  try {
    await call.release();
  } catch (error) {
    logger.warn({ err: error }, 'Freeing a summarizer call failed; it lapses by itself');
  }
}
