import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { TestDatabase } from '../test/test-database';
import { AppError } from '../lib/app-error';
import {
  enforceRateLimit,
  pruneExpiredHits,
  rateLimitKey,
  releaseAttempt,
  reserveAttempt,
} from './rate-limiter';

let database: TestDatabase;
const rule = { max: 3, windowSeconds: 600 };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

async function countHits(key: string): Promise<number> {
  const row = await database.db
    .selectFrom('rate_limit_hits')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('rate limiter', () => {
  it('hashes keys, so emails and addresses are not stored in clear', () => {
    const key = rateLimitKey('login', 'ada@example.com', '203.0.113.1');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(rateLimitKey('login', 'ada@example.com', '203.0.113.2'));
    expect(rateLimitKey('a', 'bc')).not.toBe(rateLimitKey('ab', 'c'));
  });

  it('allows max attempts in the window, then refuses with the time until one expires', async () => {
    const key = rateLimitKey('test', 'window');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await reserveAttempt(database.db, key, rule)).allowed).toBe(true);
    }
    const refused = await reserveAttempt(database.db, key, rule);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(590);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    }
    expect(await countHits(key)).toBe(3);
  });

  it('slides: once the oldest attempt expires, one more is allowed', async () => {
    const key = rateLimitKey('test', 'slide');
    const first = await reserveAttempt(database.db, key, rule);
    await reserveAttempt(database.db, key, rule);
    await reserveAttempt(database.db, key, rule);
    if (!first.allowed) throw new Error('expected the first attempt to be allowed');
    await database.db
      .updateTable('rate_limit_hits')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', first.hitId)
      .execute();
    expect((await reserveAttempt(database.db, key, rule)).allowed).toBe(true);
    expect((await reserveAttempt(database.db, key, rule)).allowed).toBe(false);
    // The expired row was cleaned up when the key was next counted.
    expect(await countHits(key)).toBe(3);
  });

  it('un-counts a released attempt', async () => {
    const key = rateLimitKey('test', 'release');
    const decisions = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      decisions.push(await reserveAttempt(database.db, key, rule));
    const last = decisions[2];
    if (!last?.allowed) throw new Error('expected an allowed attempt');
    await releaseAttempt(database.db, last.hitId);
    expect((await reserveAttempt(database.db, key, rule)).allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const a = rateLimitKey('test', 'a');
    const b = rateLimitKey('test', 'b');
    for (let attempt = 0; attempt < 3; attempt += 1) await reserveAttempt(database.db, a, rule);
    expect((await reserveAttempt(database.db, a, rule)).allowed).toBe(false);
    expect((await reserveAttempt(database.db, b, rule)).allowed).toBe(true);
  });

  it('never lets concurrent attempts past the limit', async () => {
    const key = rateLimitKey('test', 'concurrent');
    const decisions = await Promise.all(
      Array.from({ length: 12 }, () =>
        reserveAttempt(database.db, key, { max: 5, windowSeconds: 60 }),
      ),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    expect(await countHits(key)).toBe(5);
  });

  it('throws 429 RATE_LIMITED with Retry-After from enforceRateLimit', async () => {
    const key = rateLimitKey('test', 'enforce');
    await enforceRateLimit(database.db, key, { max: 1, windowSeconds: 60 }, 'Slow down');
    const error = await enforceRateLimit(
      database.db,
      key,
      { max: 1, windowSeconds: 60 },
      'Slow down',
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Slow down' });
    expect(Number((error as AppError).headers['Retry-After'])).toBeGreaterThan(50);
  });

  it('prunes expired hits of every key', async () => {
    const key = rateLimitKey('test', 'prune');
    await reserveAttempt(database.db, key, rule);
    await database.db
      .updateTable('rate_limit_hits')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', key)
      .execute();
    await pruneExpiredHits(database.db);
    expect(await countHits(key)).toBe(0);
  });
});
