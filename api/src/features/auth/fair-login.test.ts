import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimitKey } from '../../domain/rate-limiter';
import { countFailedPasswordCheck } from './auth.service';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

/*
 * Issue 24 ("Fair under load"), items 5 and 6, on the app in process (PGlite, or Postgres with
 * TEST_DATABASE_URL). One hashing slot and the default line (PASSWORD_HASH_QUEUE unset), as on
 * a 2-core server; scrypt at N = 2^13 (tens of ms) instead of the tests' 2^10, so that a flood
 * of 40 really fills the line in process. Every loop is bounded in time.
 */

const HASH_COST = 13;
const FLOOD_CLIENTS = 40;
/** The flood stops when the victims are done, or after this long. */
const FLOOD_LIMIT_MS = 45_000;
const VICTIM_ROUNDS = 4;
const ROUND_TRIP_MS = 200;
const FLOOD_ADDRESS = '198.51.100.66';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let strict: TestApp;
let burst: TestApp;

beforeAll(async () => {
  const env = {
    PASSWORD_HASH_CONCURRENCY: '1',
    // Empty means unset: the default line, not the test config's long one.
    PASSWORD_HASH_QUEUE: '',
    AUTH_RATE_LIMIT_LOGIN: '10',
    AUTH_RATE_LIMIT_LOGIN_ADDRESS: '50',
  };
  t = await createTestApp({ passwordHashCost: HASH_COST, env });
  strict = await createTestApp({
    database: t.database,
    env: { ...env, AUTH_RATE_LIMIT_LOGIN: '2', AUTH_RATE_LIMIT_LOGIN_ADDRESS: '3' },
  });
  // A line of its own, whose measured hash time no flood has slowed, at the tests' hash cost,
  // with a budget of 30 s: 30 sign-ups fit even on a machine busy with other work.
  burst = await createTestApp({
    database: t.database,
    env: { ...env, PASSWORD_HASH_WAIT_SECONDS: '30' },
  });
});

afterAll(async () => {
  await burst?.destroy();
  await strict?.destroy();
  await t?.destroy();
});

async function post(app: TestApp, route: string, json: unknown, address: string) {
  const res = await app.request(route, { method: 'POST', json, address });
  await res.arrayBuffer();
  return res;
}

async function hitsOf(key: string): Promise<number> {
  const row = await t.db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a login flood from one address (issue 24, item 5)', () => {
  it("does not make another address's correct login or sign-up fail", async () => {
    const { user, password } = await t.createUser();
    // The flood runs until the victims are done (at most FLOOD_LIMIT_MS).
    let victimsDone = false;
    const floodUntil = performance.now() + FLOOD_LIMIT_MS;
    const flooding = () => !victimsDone && performance.now() < floodUntil;
    const floodStatuses: number[] = [];
    const flood = Promise.all(
      Array.from({ length: FLOOD_CLIENTS }, async (_, client) => {
        for (let index = 0; flooding(); index += 1) {
          const res = await post(
            t,
            '/api/auth/login',
            { email: `nobody-${client}-${index}@example.com`, password: 'guess-12345' },
            FLOOD_ADDRESS,
          );
          floodStatuses.push(res.status);
          // A pause between attempts, as over a network: in process, client and server share
          // one event loop, and answers from memory would otherwise keep it busy.
          await sleep(ROUND_TRIP_MS);
        }
      }),
    );
    // While it runs, a person signs in and another signs up, each from an address of their own.
    await sleep(200);
    const logins: number[] = [];
    const signups: number[] = [];
    for (let round = 1; round <= VICTIM_ROUNDS; round += 1) {
      const [login, signup] = await Promise.all([
        post(t, '/api/auth/login', { email: user.email, password }, '203.0.113.7'),
        post(
          t,
          '/api/auth/register',
          { name: 'Newcomer', email: `newcomer-${round}@example.com`, password: 'secret1' },
          `192.0.2.${round}`,
        ),
      ]);
      logins.push(login.status);
      signups.push(signup.status);
      await sleep(100);
    }
    const stillFlooding = flooding();
    victimsDone = true;
    await flood;

    expect(stillFlooding).toBe(true);
    expect(logins).toEqual(logins.map(() => 200));
    expect(signups).toEqual(signups.map(() => 201));
    // The flood itself was refused: by the line first, then by its address's limit.
    for (const status of new Set(floodStatuses)) expect([401, 429, 503]).toContain(status);
    expect(floodStatuses).toContain(503);
    expect(floodStatuses).toContain(429);
  }, 60_000);

  it('counts logins the hashing line refused toward the per-address limit', async () => {
    const address = '198.51.100.20';
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        post(
          t,
          '/api/auth/login',
          { email: `shed-${index}@example.com`, password: 'guess-12345' },
          address,
        ).then((res) => res.status),
      ),
    );
    expect(statuses).toContain(503);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    // Every attempt counted, the judged (401) and the refused (503) alike (the refused ones
    // are written just after their answer).
    await vi.waitFor(
      async () => expect(await hitsOf(rateLimitKey('login-address', address))).toBe(12),
      { timeout: 5_000, interval: 50 },
    );
  });

  it('lets a correct password through a per-address limit that failures of other emails reached', async () => {
    const address = '198.51.100.30';
    const login = (email: string, password: string) =>
      post(strict, '/api/auth/login', { email, password }, address);
    const { user, password } = await strict.createUser();
    const { user: colleague, password: colleaguePassword } = await strict.createUser();
    // Someone behind the same address sprays a password over other accounts: the address
    // reaches its limit (AUTH_RATE_LIMIT_LOGIN_ADDRESS=3).
    for (let index = 0; index < 3; index += 1) {
      expect((await login(`sprayed-${index}@example.com`, 'guess-12345')).status).toBe(401);
    }
    // The right password of an email without failures still gets in, and more than once.
    expect((await login(user.email, password)).status).toBe(200);
    expect((await login(user.email, password)).status).toBe(200);
    // The spray is judged once more (the grace counts its failure), then refused with 429.
    expect((await login('sprayed-3@example.com', 'guess-12345')).status).toBe(401);
    const refused = await login('sprayed-4@example.com', 'guess-12345');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15);
    // While that grace is used up, the address is refused whatever the email.
    expect((await login(colleague.email, colleaguePassword)).status).toBe(429);
  });

  it('still applies the per-email limit past the per-address one', async () => {
    const address = '198.51.100.31';
    const login = (email: string, password: string) =>
      post(strict, '/api/auth/login', { email, password }, address);
    const { user, password } = await strict.createUser();
    const { user: colleague, password: colleaguePassword } = await strict.createUser();
    // Two failures of this email (AUTH_RATE_LIMIT_LOGIN=2) and one of another: the address too
    // is at its limit.
    expect((await login(user.email, 'wrong-password')).status).toBe(401);
    expect((await login(user.email, 'wrong-password')).status).toBe(401);
    expect((await login('sprayed@example.com', 'guess-12345')).status).toBe(401);
    const refused = await login(user.email, password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(800);
    // That refusal did not use up the grace: the colleague's right password gets in.
    expect((await login(colleague.email, colleaguePassword)).status).toBe(200);
  });
});

describe('another failed password check (countFailedPasswordCheck)', () => {
  it('counts like a failed login, toward the per-email and per-address limits', async () => {
    const address = '198.51.100.40';
    const { user, password } = await strict.createUser();
    await countFailedPasswordCheck(strict.deps, user.email, address);
    await countFailedPasswordCheck(strict.deps, user.email, address);
    expect(await hitsOf(rateLimitKey('login-address', address))).toBe(2);
    // Two failures of this email (AUTH_RATE_LIMIT_LOGIN=2): its right password is refused.
    const refused = await post(strict, '/api/auth/login', { email: user.email, password }, address);
    expect(refused.status).toBe(429);
  });
});

describe('a burst of sign-ups (issue 24, item 6)', () => {
  it('admits 30 registrations at once from 30 addresses into the line', async () => {
    // One earlier sign-up: the line has measured how long a hash takes.
    expect(
      (
        await post(
          burst,
          '/api/auth/register',
          { name: 'Early', email: 'early-bird@example.com', password: 'secret1' },
          '192.0.2.200',
        )
      ).status,
    ).toBe(201);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post(
          burst,
          '/api/auth/register',
          { name: `Person ${index}`, email: `burst-${index}@example.com`, password: 'secret1' },
          `198.18.0.${index + 1}`,
        ).then((res) => res.status),
      ),
    );
    expect(statuses).toEqual(statuses.map(() => 201));
  }, 30_000);
});
