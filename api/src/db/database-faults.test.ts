import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { insertAccount } from './credit-ledger.repository';
import { signAccessToken } from '../lib/tokens';
import { ledgerProblems } from '../test/ledger-audit';
import { createScratchDatabase, LISTENING, openTestPool, ProcessGroup } from '../test/processes';
import type { ChildApp } from '../test/processes';
import { startTcpProxy } from '../test/tcp-proxy';
import type { TcpProxy } from '../test/tcp-proxy';
import { createTestConfig } from '../test/test-app';
import { testDatabaseUrl } from '../test/test-database';

/*
 * Fault injection on a real Postgres (TEST_DATABASE_URL): a backend killed mid-query, and the
 * network to the database cut through a TCP proxy (refused, then black-holed). After each the
 * API process must still be alive, answer 503 with a readable message while the database is
 * away, recover by itself, and leave every balance equal to its ledger.
 */

const TEXT =
  'Rivers carry sediment from the mountains to the sea. Over centuries the deposits build deltas, ' +
  'fertile plains where cities grow. Dams now trap much of that sediment upstream.';
const POOL_SIZE = 4;
const QUERY_TIMEOUT_SECONDS = 2;

const processes = new ProcessGroup();
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
let proxy: TcpProxy | null = null;
let db: Database | null = null;
let api: ChildApp;

interface Person {
  id: string;
  token: string;
}

async function createPerson(credits: number): Promise<Person> {
  const database = db as Database;
  const user = await insertAccount(database, {
    name: 'Fault Person',
    email: `fault-${crypto.randomUUID()}@example.com`,
    password_hash: 'not-used',
    credits,
  });
  if (!user) throw new Error('user not created');
  const token = await signAccessToken(createTestConfig(), {
    id: user.id,
    tokenVersion: user.token_version,
  });
  return { id: user.id, token };
}

/** A request that gives up after `ms` (so a hang fails the test instead of stalling it). */
async function call(
  route: string,
  person: Person | null,
  init: { method?: string; json?: unknown; ms?: number } = {},
): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const started = performance.now();
  const headers: Record<string, string> = {};
  if (person) headers.Authorization = `Bearer ${person.token}`;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${api.base}${route}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: AbortSignal.timeout(init.ms ?? 15_000),
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body, ms: performance.now() - started };
}

/** Asks until `route` answers 200 (the database is back and the pool has healed). */
async function until200(route: string, person: Person | null, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await call(route, person, { ms: 5_000 });
      if (res.status === 200) return;
      last = res;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${route} never answered 200: ${JSON.stringify(last)}`);
}

const unavailable = {
  success: false,
  code: 'SERVICE_UNAVAILABLE',
  message: expect.stringMatching(/database/i) as unknown,
};

describe.skipIf(!testDatabaseUrl)(
  'the API when its database fails (needs TEST_DATABASE_URL)',
  () => {
    beforeAll(async () => {
      scratch = await createScratchDatabase('brevity_faults');
      const target = new URL(scratch.url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(scratch.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      db = openTestPool(scratch.url);
      api = await processes.start(
        'src/server.ts',
        {
          DATABASE_URL: viaProxy.toString(),
          DATABASE_POOL_SIZE: String(POOL_SIZE),
          DATABASE_QUERY_TIMEOUT_SECONDS: String(QUERY_TIMEOUT_SECONDS),
          DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
          WORKERS: '0',
        },
        LISTENING,
      );
    }, 90_000);

    afterAll(async () => {
      await processes.stopAll();
      await proxy?.close();
      await db?.destroy();
      await scratch?.drop();
    });

    it('fails only the request whose backend is killed mid-query, and keeps serving', async () => {
      const person = await createPerson(3);
      // Hold the user's row so the summary's credit UPDATE waits on the lock, then kill its backend.
      const holder = new pg.Client({ connectionString: scratch?.url });
      await holder.connect();
      let killed = 0;
      try {
        await holder.query('begin');
        await holder.query('select id from users where id = $1 for update', [person.id]);
        const pending = call('/api/summaries', person, { method: 'POST', json: { content: TEXT } });
        let killedAt = 0;
        let answeredAt = 0;
        const stamp = () => {
          answeredAt = performance.now();
        };
        pending.then(stamp, stamp);
        for (let tries = 0; tries < 100 && killed === 0; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const blocked = await holder.query<{ pid: number }>(
            `select pid from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
          );
          for (const { pid } of blocked.rows) {
            await holder.query('select pg_terminate_backend($1)', [pid]);
            killedAt = performance.now();
            killed += 1;
          }
        }
        expect(killed).toBe(1);
        const res = await pending.catch((error: unknown) => ({ error: String(error) }));
        expect(res).toMatchObject({ status: 503, body: unavailable });
        console.info(
          `backend killed mid-query: 503 ${Math.round(answeredAt - killedAt)} ms after the kill`,
        );
      } finally {
        await holder.query('rollback').catch(() => undefined);
        await holder.end();
      }
      expect(api.alive(), api.output.join('')).toBe(true);
      expect((await call('/api/auth/me', person)).status).toBe(200);
      const retried = await call('/api/summaries', person, {
        method: 'POST',
        json: { content: TEXT },
      });
      expect(retried.status).toBe(201);
      expect(retried.body).toMatchObject({ data: { updatedCredits: 2 } });
      expect(await ledgerProblems(db as Database)).toEqual([]);
    }, 60_000);

    it('answers 503 at once while the database refuses connections, and recovers', async () => {
      const person = await createPerson(3);
      expect((await call('/api/auth/me', person)).status).toBe(200);
      proxy?.setMode('refuse');
      try {
        const me = await call('/api/auth/me', person);
        expect(me).toMatchObject({ status: 503, body: unavailable });
        console.info(`database refusing: 503 after ${Math.round(me.ms)} ms`);
        expect(me.ms).toBeLessThan(5_000);
        const summary = await call('/api/summaries', person, {
          method: 'POST',
          json: { content: TEXT },
        });
        expect(summary).toMatchObject({ status: 503, body: unavailable });
        const ready = await call('/api/ready', null);
        expect(ready).toMatchObject({ status: 503, body: { code: 'NOT_READY' } });
        expect(String(ready.body.message)).toMatch(/database/i);
        expect((await call('/api/health', null)).status).toBe(200);
      } finally {
        proxy?.setMode('pass');
      }
      expect(api.alive(), api.output.join('')).toBe(true);
      await until200('/api/auth/me', person);
      expect((await call('/api/ready', null)).status).toBe(200);
      const created = await call('/api/summaries', person, {
        method: 'POST',
        json: { content: TEXT },
      });
      expect(created.status).toBe(201);
      expect(await ledgerProblems(db as Database)).toEqual([]);
    }, 60_000);

    it('times out queries lost in a black hole with 503, then heals every pooled connection', async () => {
      const person = await createPerson(3);
      // Warm the pool: every connection carries traffic when the network starts dropping it.
      await Promise.all(Array.from({ length: POOL_SIZE * 2 }, () => call('/api/auth/me', person)));
      proxy?.setMode('blackhole');
      try {
        const during = await Promise.all(
          Array.from({ length: POOL_SIZE + 2 }, () =>
            call('/api/auth/me', person, { ms: 20_000 }).catch((error: unknown) => ({
              status: 0,
              body: { error: String(error) },
              ms: 20_000,
            })),
          ),
        );
        console.info(
          `black hole: ${during.map((res) => `${res.status} after ${Math.round(res.ms)} ms`).join(', ')}`,
        );
        for (const res of during) {
          expect(res).toMatchObject({ status: 503, body: unavailable });
          // The query time-out, waiting for a pooled connection, and a busy machine's slack.
          expect(res.ms).toBeLessThan(QUERY_TIMEOUT_SECONDS * 1000 * 4 + 4_000);
        }
        const ready = await call('/api/ready', null, { ms: 20_000 });
        expect(ready.status).toBe(503);
      } finally {
        proxy?.setMode('pass');
      }
      expect(api.alive(), api.output.join('')).toBe(true);
      await until200('/api/auth/me', person);
      // Every pooled connection works again: more requests at once than the pool holds.
      const after = await Promise.all(
        Array.from({ length: POOL_SIZE * 3 }, () => call('/api/auth/me', person, { ms: 10_000 })),
      );
      expect(after.map((res) => res.status)).toEqual(after.map(() => 200));
      const created = await call('/api/summaries', person, {
        method: 'POST',
        json: { content: TEXT },
      });
      expect(created.status).toBe(201);
      expect(await ledgerProblems(db as Database)).toEqual([]);
    }, 90_000);
  },
);
