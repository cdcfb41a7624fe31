import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPostgresDatabase } from '../db/database';
import type { Database } from '../db/database';
import { TEST_JWT_SECRET } from './test-app';
import { testDatabaseUrl } from './test-database';

/*
 * Process-level tests: the API (src/server.ts) or a worker (src/worker.ts) run with tsx as
 * child processes on 127.0.0.1, on a database of their own, and are stopped by the test.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What the API prints once it listens; the port is the first group. */
export const LISTENING = /listening on http:\/\/localhost:(\d+)/;
/** What a worker process prints once it takes jobs. */
export const WORKER_RUNNING = /worker running/;

export interface ChildApp {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: string[];
  /** Its HTTP port (API only). */
  port: number | null;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** Settles with the exit code and signal once it ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
}

/** Child processes started by one test file; `stopAll()` in afterAll ends every one. */
export class ProcessGroup {
  private readonly children: ChildApp[] = [];

  /** Starts `entry` (src/server.ts or src/worker.ts); resolves once it prints `ready`. */
  start(entry: string, env: Record<string, string>, ready: RegExp): Promise<ChildApp> {
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
        // As in test configs: the fair-use limits do not get in the way of these tests' bursts.
        SUMMARIZER_RATE_LIMIT: '1000',
        SUMMARIZER_CONCURRENCY: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const started: ChildApp = {
      child,
      output: [],
      port: null,
      base: '',
      exited,
      alive: () => child.exitCode === null && child.signalCode === null,
    };
    this.children.push(started);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${entry} did not start:\n${started.output.join('')}`)),
        60_000,
      );
      let buffered = '';
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        started.output.push(text);
        buffered += text;
        const match = ready.exec(buffered);
        if (match && started.base === '') {
          clearTimeout(timer);
          started.port = match[1] ? Number(match[1]) : null;
          started.base = `http://127.0.0.1:${started.port ?? 0}`;
          resolve(started);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(
          new Error(`${entry} exited with ${code ?? signal ?? '?'}:\n${started.output.join('')}`),
        );
      });
    });
  }

  /** Sends `signal` and waits for the exit (SIGKILL after 25 s). */
  async stop(app: ChildApp, signal: NodeJS.Signals = 'SIGTERM') {
    if (!app.alive()) return app.exited;
    const force = setTimeout(() => app.child.kill('SIGKILL'), 25_000);
    app.child.kill(signal);
    const result = await app.exited;
    clearTimeout(force);
    return result;
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.children.map((app) => this.stop(app)));
    this.children.length = 0;
  }
}

/** Runs one statement on TEST_DATABASE_URL's server with a short-lived client. */
export async function adminQuery(text: string, url = testDatabaseUrl): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database of its own on TEST_DATABASE_URL's server, for processes to share; `drop()` removes it. */
export async function createScratchDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(testDatabaseUrl ?? '');
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A small pool on `url` for the test's own queries. Its clients ignore connection errors:
 * `drop database … with (force)` may end a connection that pg-pool is still closing, and an
 * unheard 'error' event would fail the run.
 */
export function openTestPool(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return createPostgresDatabase(pool);
}
