import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * A second API server for journeys that need Gemini: the production build (api/dist, as the
 * suite's own webServer runs it) on a fresh embedded database, with GEMINI_API_KEY set and
 * GEMINI_BASE_URL pointing at a fake Gemini (api/src/test/fake-gemini.ts). Started and stopped
 * by the spec that needs it.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface GeminiApiServer {
  baseURL: string;
  /** What it printed, stdout and stderr, for a failing test's message. */
  output: string[];
  stop(): Promise<void>;
}

async function waitUntilReady(
  baseURL: string,
  child: ChildProcess,
  output: string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The API exited with ${child.exitCode}:\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`The API was not ready within ${timeoutMs} ms:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The METRICS_TOKEN of the server: /api/ready shows the summarizer's health only with it. */
export const GEMINI_API_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

export async function startGeminiApiServer(options: {
  port: number;
  geminiBaseUrl: string;
  timeoutMs?: number;
}): Promise<GeminiApiServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brevity-e2e-gemini-'));
  const baseURL = `http://127.0.0.1:${options.port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', 'api/dist/server.js'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_REGISTER: '1000',
      AUTH_RATE_LIMIT_LOGIN: '1000',
      GEMINI_API_KEY: 'test',
      GEMINI_BASE_URL: options.geminiBaseUrl,
      METRICS_TOKEN: GEMINI_API_METRICS_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseURL, child, output, options.timeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, output, stop };
}
