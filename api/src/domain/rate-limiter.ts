import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { RateLimitRule } from '../config';
import { AppError } from '../lib/app-error';

/** Share of reservations that also prune every expired hit, keeping the table small. */
const PRUNE_PROBABILITY = 0.01;

export type RateLimitDecision =
  { allowed: true; hitId: string } | { allowed: false; retryAfterSeconds: number };

/** A stable key for the limited thing; hashed, so emails and addresses are not stored in clear. */
export function rateLimitKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

/**
 * Counts one attempt under `key` unless `rule.max` attempts already fall inside the sliding
 * window, atomically across processes (a transaction-scoped advisory lock on the key).
 * When refused, `retryAfterSeconds` is when the oldest counted attempt leaves the window.
 */
export async function reserveAttempt(
  db: Database,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitDecision> {
  const decision = await db.transaction().execute(async (trx): Promise<RateLimitDecision> => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    const window = await trx
      .selectFrom('rate_limit_hits')
      .select([
        sql<number>`count(*)::int`.as('hits'),
        sql<number | null>`ceil(extract(epoch from min(expires_at) - now()))::int`.as(
          'retry_after',
        ),
      ])
      .where('key', '=', key)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    if (window.hits >= rule.max) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, window.retry_after ?? rule.windowSeconds),
      };
    }
    await trx
      .deleteFrom('rate_limit_hits')
      .where('key', '=', key)
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    const hit = await trx
      .insertInto('rate_limit_hits')
      .values({
        key,
        expires_at: sql<Date>`now() + ${rule.windowSeconds}::int * interval '1 second'`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { allowed: true, hitId: hit.id };
  });
  if (decision.allowed && Math.random() < PRUNE_PROBABILITY) await pruneExpiredHits(db);
  return decision;
}

/**
 * Counts up to `count` attempts under `key`, no more than `rule.max` leaves room for, in one
 * statement without the lock (two writers at once may pass `rule.max` by a few): for attempts
 * refused before they could be judged, which must still count. True when the limit is
 * reached (some attempts found no room).
 */
export async function recordAttempts(
  db: Database,
  key: string,
  rule: RateLimitRule,
  count: number,
): Promise<boolean> {
  const { rows } = await sql<{ inserted: number }>`
    with inserted as (
      insert into rate_limit_hits (key, expires_at)
      select ${key}, now() + ${rule.windowSeconds}::int * interval '1 second'
      from generate_series(
        1,
        least(
          ${count}::int,
          ${rule.max}::int - (
            select count(*)::int from rate_limit_hits
            where key = ${key} and expires_at > now()
          )
        )
      )
      returning 1
    )
    select count(*)::int as inserted from inserted
  `.execute(db);
  return (rows[0]?.inserted ?? 0) < count;
}

/** Un-counts an attempt that turned out not to count (a login that succeeded). */
export async function releaseAttempt(db: Database, hitId: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('id', '=', hitId).execute();
}

/** Deletes every expired hit, whatever its key. */
export async function pruneExpiredHits(db: Database): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

/**
 * Like `reserveAttempt`, but throws 429 RATE_LIMITED with `Retry-After` when refused,
 * and returns the id of the counted attempt otherwise.
 */
export async function enforceRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  message: string,
): Promise<string> {
  const decision = await reserveAttempt(db, key, rule);
  if (!decision.allowed) {
    throw new AppError(429, 'RATE_LIMITED', message, undefined, {
      headers: { 'Retry-After': String(decision.retryAfterSeconds) },
    });
  }
  return decision.hitId;
}
