import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { insertAccount } from '../../db/credit-ledger.repository';
import { signAccessToken } from '../../lib/tokens';
import { ledgerProblems } from '../../test/ledger-audit';
import {
  createScratchDatabase,
  LISTENING,
  openTestPool,
  ProcessGroup,
  WORKER_RUNNING,
} from '../../test/processes';
import { createTestConfig } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/test-database';

/*
 * Processes dying with work in flight, on a real Postgres (TEST_DATABASE_URL): a worker killed
 * with -9 while it summarizes, and an API stopped with SIGTERM while requests and jobs run.
 * A fake Gemini holds every summary until the test lets it go, so the work is surely in flight.
 * Afterwards every job has ended, completed or failed, and the money adds up exactly.
 */

const TEXT =
  'Rivers carry sediment from the mountains to the sea. Over centuries the deposits build deltas, ' +
  'fertile plains where cities grow. Dams now trap much of that sediment upstream.';

interface HeldGemini {
  baseUrl: string;
  /** Requests received so far. */
  received(): number;
  /** Answers every held request and each later one at once (a 400, so the local summarizer answers). */
  release(): void;
  close(): Promise<void>;
}

/** A Gemini endpoint that holds each request until `release()`. */
async function startHeldGemini(): Promise<HeldGemini> {
  const held: ServerResponse[] = [];
  let received = 0;
  let released = false;
  const answer = (response: ServerResponse) => {
    response.writeHead(400, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({ error: { code: 400, message: 'held', status: 'INVALID_ARGUMENT' } }),
    );
  };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      if (released) answer(response);
      else held.push(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    release() {
      released = true;
      for (const response of held.splice(0)) if (!response.destroyed) answer(response);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const processes = new ProcessGroup();
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  await processes.stopAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await processes.stopAll();
});

async function setUp(prefix: string) {
  const scratch = await createScratchDatabase(prefix);
  cleanups.push(() => scratch.drop());
  const db = openTestPool(scratch.url);
  cleanups.push(() => db.destroy());
  const gemini = await startHeldGemini();
  cleanups.push(() => gemini.close());
  return { url: scratch.url, db, gemini };
}

async function createPerson(db: Database, credits: number) {
  const user = await insertAccount(db, {
    name: 'Fault Person',
    email: `jobs-fault-${crypto.randomUUID()}@example.com`,
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

async function post(base: string, route: string, token: string, json: unknown) {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobStatuses(db: Database): Promise<string[]> {
  const rows = await db.selectFrom('summary_jobs').select('status').execute();
  return rows.map((row) => row.status);
}

describe.skipIf(!testDatabaseUrl)(
  'processes dying with work in flight (needs TEST_DATABASE_URL)',
  () => {
    it('kill -9 of a worker with jobs in flight: another worker ends every job, charged once', async () => {
      const { url, db, gemini } = await setUp('brevity_kill_worker');
      const jobsEnv = {
        DATABASE_URL: url,
        JOBS_EXPIRE_SECONDS: '2',
        JOBS_MAINTENANCE_SECONDS: '1',
      };
      const api = await processes.start('src/server.ts', { ...jobsEnv, WORKERS: '0' }, LISTENING);
      const doomed = await processes.start(
        'src/worker.ts',
        { ...jobsEnv, WORKERS: '2', GEMINI_API_KEY: 'fake-key', GEMINI_BASE_URL: gemini.baseUrl },
        WORKER_RUNNING,
      );
      const people = await Promise.all([createPerson(db, 3), createPerson(db, 3)]);
      const queued = await Promise.all(
        people.flatMap((person) =>
          [0, 1].map(() => post(api.base, '/api/summaries/async', person.token, { content: TEXT })),
        ),
      );
      expect(queued.map((res) => res.status)).toEqual([202, 202, 202, 202]);
      await waitFor('two jobs in flight', () => gemini.received() >= 2, 30_000);

      doomed.child.kill('SIGKILL');
      expect(await doomed.exited).toMatchObject({ signal: 'SIGKILL' });
      gemini.release();
      expect(api.alive()).toBe(true);

      await processes.start('src/worker.ts', { ...jobsEnv, WORKERS: '2' }, WORKER_RUNNING);
      await waitFor(
        'every job to end',
        async () => (await jobStatuses(db)).every((status) => status !== 'pending'),
        60_000,
      );
      expect((await jobStatuses(db)).sort()).toEqual([
        'completed',
        'completed',
        'completed',
        'completed',
      ]);
      expect(await ledgerProblems(db)).toEqual([]);
      const balances = await db.selectFrom('users').select('credits').execute();
      expect(balances.map((row) => row.credits)).toEqual([1, 1]);
    }, 120_000);

    it('SIGTERM of an API with requests and jobs in flight: they finish, then it exits 0', async () => {
      const { url, db, gemini } = await setUp('brevity_sigterm_api');
      const api = await processes.start(
        'src/server.ts',
        {
          DATABASE_URL: url,
          WORKERS: '1',
          GEMINI_API_KEY: 'fake-key',
          GEMINI_BASE_URL: gemini.baseUrl,
        },
        LISTENING,
      );
      const person = await createPerson(db, 5);
      const job = await post(api.base, '/api/summaries/async', person.token, { content: TEXT });
      expect(job.status).toBe(202);
      await waitFor('the job in flight', () => gemini.received() >= 1, 30_000);
      const requests = [0, 1, 2].map(() =>
        post(api.base, '/api/summaries', person.token, { content: TEXT }),
      );
      await waitFor('three requests in flight', () => gemini.received() >= 4, 30_000);

      api.child.kill('SIGTERM');
      // It stops taking new connections at once (seen while it still lives), but lets the
      // requests in flight finish: they are let go well within its 10 s grace, however slow
      // the machine.
      const listenerClosed = waitFor(
        'the listener to close while the process lives',
        async () =>
          fetch(`${api.base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
            () => false,
            () => api.alive(),
          ),
        20_000,
      );
      await Promise.race([listenerClosed, new Promise((resolve) => setTimeout(resolve, 4_000))]);
      gemini.release();
      const answers = await Promise.all(requests);
      expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
      await listenerClosed;
      expect(await api.exited).toEqual({ code: 0, signal: null });
      expect(await jobStatuses(db)).toEqual(['completed']);
      expect(await ledgerProblems(db)).toEqual([]);
      const balance = await db.selectFrom('users').select('credits').executeTakeFirstOrThrow();
      expect(balance.credits).toBe(1);
    }, 120_000);
  },
);
