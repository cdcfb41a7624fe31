/**
 * What the fair-use benches share: the built API (dist/server.js, or another build such as a
 * "before" copy) started on 127.0.0.1 with NODE_ENV=production and a fresh DATA_DIR (the
 * embedded PGlite), a signed-up user, and their summaries. Bounded: every wait has a limit.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const TEXT =
  'The city council voted on Tuesday to build a new bridge over the river. ' +
  'The bridge will cost 48 million dollars and take three years to finish. ' +
  'Construction starts in March, when the river is low. ' +
  'Traffic will be diverted over the old ferry road during the works. ' +
  'Residents asked for a footpath and a cycle lane on the new bridge.';

/** `--name value` from the command line, else `fallback`. */
export function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : process.argv[at + 1];
  return value ?? fallback;
}

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the server build `serverFile` (relative to api/) on 127.0.0.1:`port`. */
export async function startServer(
  serverFile: string,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brevity-fair-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=32', resolve(here, '..', '..', serverFile)],
    {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WORKERS: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The server did not start within 120 s');
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    baseUrl,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function post(
  baseUrl: string,
  path: string,
  token: string | null,
  body: unknown,
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
}

/** Registers a new user (5 credits) and returns their token. */
export async function signUp(baseUrl: string): Promise<string> {
  const res = await post(baseUrl, '/api/auth/register', null, {
    name: 'Bench User',
    email: `bench-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`,
    password: 'bench-password-1',
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Creates summaries one at a time until `credits` are left; returns the first one's id. */
export async function spendDownTo(
  baseUrl: string,
  token: string,
  credits: number,
): Promise<string> {
  let first: string | null = null;
  for (let spent = 0; spent < 10; spent += 1) {
    const res = await post(baseUrl, '/api/summaries', token, { content: TEXT });
    if (res.status === 429) {
      await new Promise((done) => setTimeout(done, 1000));
      continue;
    }
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
    const data = (
      (await res.json()) as { data: { summary: { id: string }; updatedCredits: number } }
    ).data;
    first ??= data.summary.id;
    if (data.updatedCredits <= credits) return first;
  }
  throw new Error('Could not spend the credits down');
}

/** The p-th percentile (0..100) of `values`, in their unit. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
