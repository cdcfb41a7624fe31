import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../db/database';
import type { Database } from '../../db/database';
import { insertAccount } from '../../db/credit-ledger.repository';
import { signAccessToken } from '../../lib/tokens';
import { createTestConfig, TEST_JWT_SECRET } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/test-database';

/*
 * Scale-out (ARCHITECTURE.md "Scale"): two API processes with WORKERS=0 and one worker
 * process on one Postgres, many users creating summaries at once through both APIs (sync and
 * async, text and file). Every balance and every summary count must come out exact.
 * Needs a real Postgres (TEST_DATABASE_URL); PGlite cannot be shared between processes.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TEXT =
  'Rivers carry sediment from the mountains to the sea. Over centuries the deposits build deltas, ' +
  'fertile plains where cities grow. Dams now trap much of that sediment upstream.';
const USERS = 12;
const CREDITS = 4;
const ATTEMPTS_PER_USER = 6;

interface Started {
  child: ChildProcess;
  output: string[];
  port: number | null;
}

const children: Started[] = [];
let databaseName: string | null = null;
let db: Database | null = null;

function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Starts `entry` (server.ts or worker.ts) with tsx; resolves once it prints `ready`. */
function start(entry: string, env: Record<string, string>, ready: RegExp): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: path.join(os.tmpdir(), `brevity-process-${randomUUID()}`),
      STATIC_DIR: path.join(os.tmpdir(), 'brevity-no-static'),
      JOBS_POLLING_SECONDS: '0.5',
      // As in test configs: the fair-use limits do not get in the way of this test's burst.
      SUMMARIZER_RATE_LIMIT: '1000',
      SUMMARIZER_CONCURRENCY: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started: Started = { child, output: [], port: null };
  children.push(started);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${entry} did not start:\n${started.output.join('')}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      started.output.push(text);
      const match = ready.exec(text);
      if (match) {
        clearTimeout(timer);
        started.port = match[1] ? Number(match[1]) : null;
        resolve(started);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${started.output.join('')}`));
    });
  });
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 25_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  children.length = 0;
}

afterAll(async () => {
  await stopAll();
  await db?.destroy();
  if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

describe('two API processes and one worker process on one Postgres', () => {
  it.skipIf(!testDatabaseUrl)(
    'keeps every balance and every summary exact under concurrent creates (needs TEST_DATABASE_URL)',
    async () => {
      databaseName = `brevity_scale_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      await adminQuery(`create database ${databaseName}`);
      const databaseUrl = databaseUrlFor(databaseName);
      const listening = /listening on http:\/\/localhost:(\d+)/;

      // The first API migrates; the others then start on the migrated database.
      const apiOne = await start(
        'src/server.ts',
        { DATABASE_URL: databaseUrl, WORKERS: '0' },
        listening,
      );
      const [apiTwo] = await Promise.all([
        start('src/server.ts', { DATABASE_URL: databaseUrl, WORKERS: '0' }, listening),
        start('src/worker.ts', { DATABASE_URL: databaseUrl, WORKERS: '4' }, /worker running/),
      ]);
      const bases = [apiOne, apiTwo].map((api) => `http://127.0.0.1:${api.port ?? 0}`);

      db = createPostgresDatabase(new pg.Pool({ connectionString: databaseUrl, max: 4 }));
      const config = createTestConfig();
      const users = await Promise.all(
        Array.from({ length: USERS }, async (_, index) => {
          const user = await insertAccount(db as Database, {
            name: `Scale ${index}`,
            email: `scale-${index}-${randomUUID().slice(0, 8)}@example.com`,
            password_hash: 'not-used',
            credits: CREDITS,
          });
          if (!user) throw new Error('user not created');
          const token = await signAccessToken(config, {
            id: user.id,
            tokenVersion: user.token_version,
          });
          return { id: user.id, token };
        }),
      );

      // Every user tries more summaries than they can pay for, through both APIs at once.
      const attempts = users.flatMap((user, userIndex) =>
        Array.from({ length: ATTEMPTS_PER_USER }, async (_, attempt) => {
          const base = bases[(userIndex + attempt) % 2] ?? '';
          const headers = { Authorization: `Bearer ${user.token}` };
          const kind = attempt % 3;
          let res: Response;
          if (kind === 0) {
            res = await fetch(`${base}/api/summaries`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: JSON.stringify({ content: TEXT }),
            });
          } else if (kind === 1) {
            res = await fetch(`${base}/api/summaries/async`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: JSON.stringify({ content: TEXT }),
            });
          } else {
            const form = new FormData();
            form.append('file', new File([TEXT], 'notes.txt'));
            res = await fetch(`${base}/api/summaries/upload/async`, {
              method: 'POST',
              headers,
              body: form,
            });
          }
          const body = (await res.json()) as { data?: { jobId?: string; queue?: string } };
          return { user, status: res.status, jobId: body.data?.jobId, queue: body.data?.queue };
        }),
      );
      const results = await Promise.all(attempts);
      for (const result of results) expect([201, 202, 402]).toContain(result.status);

      // Wait for every queued job, asking either API.
      const jobs = results.filter((result) => result.status === 202);
      const deadline = Date.now() + 40_000;
      for (const [index, job] of jobs.entries()) {
        for (;;) {
          const res = await fetch(
            `${bases[index % 2] ?? ''}/api/summaries/job/${job.jobId ?? ''}?queue=${job.queue ?? ''}`,
            { headers: { Authorization: `Bearer ${job.user.token}` } },
          );
          const state = ((await res.json()) as { data: { state: string } }).data.state;
          if (state === 'completed') break;
          expect(state).not.toBe('failed');
          if (Date.now() > deadline) throw new Error(`job ${job.jobId ?? ''} still ${state}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }

      for (const user of users) {
        const mine = results.filter((result) => result.user === user);
        expect(mine.filter((result) => result.status !== 402)).toHaveLength(CREDITS);
        const row = await (db as Database)
          .selectFrom('users')
          .select('credits')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(row.credits).toBe(0);
        const summaries = await (db as Database)
          .selectFrom('summaries')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(Number(summaries.count)).toBe(CREDITS);
        const ledger = await (db as Database)
          .selectFrom('credit_ledger')
          .select(['reason', 'amount'])
          .where('user_id', '=', user.id)
          .execute();
        expect(ledger.filter((entry) => entry.reason === 'summary')).toHaveLength(CREDITS);
        expect(ledger.filter((entry) => entry.reason === 'refund')).toHaveLength(0);
        expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
      }
      // The worker process did the queued work, the APIs none of it.
      expect(jobs.length).toBeGreaterThan(0);
      const leftovers = await (db as Database).selectFrom('job_uploads').selectAll().execute();
      expect(leftovers).toEqual([]);

      await stopAll();
    },
    90_000,
  );
});
