import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTextPdf } from '../test/pdf-builder';
import {
  buildDocx,
  buildDocxOfBody,
  buildParagraphBombDocx,
  tinyParagraphs,
} from '../test/zip-builder';

/*
 * The production bundle (`pnpm --filter api build`, built here into a folder of its own)
 * served as `node dist/server.js` serves it, uploads sent over real HTTP. While a hostile
 * .docx is read, a health probe runs beside it: every probe must answer within 200 ms, so the
 * event loop is never held, and the process's resident memory is sampled from /proc.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = path.resolve(apiRoot, '..');
const outdir = path.join(apiRoot, 'dist', `process-test-${randomUUID()}`);
const PROBE_BUDGET_MS = 200;

let server: ChildProcess | null = null;
let baseUrl = '';
let token = '';
const output: string[] = [];

/** The build script of api/package.json, writing into `outdir` instead of dist/. */
function buildServer(): void {
  const manifest = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as {
    scripts: { build: string };
  };
  const [command, ...args] = manifest.scripts.build.split(/\s+/);
  expect(command).toBe('esbuild');
  const outArgs = args.map((arg) => (arg === '--outdir=dist' ? `--outdir=${outdir}` : arg));
  expect(outArgs).toContain(`--outdir=${outdir}`);
  execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'esbuild'), outArgs, {
    cwd: apiRoot,
    stdio: 'pipe',
  });
}

function startServer(): Promise<string> {
  const child = spawn(process.execPath, [path.join(outdir, 'server.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      WORKERS: '0',
      DATA_DIR: path.join(os.tmpdir(), `brevity-extraction-${randomUUID()}`),
      STATIC_DIR: path.join(os.tmpdir(), 'brevity-no-static'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start:\n${output.join('')}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output.join('')}`));
    });
  });
}

/** The server's resident set size in bytes (Linux), threads included. */
function serverRss(): number {
  const status = readFileSync(`/proc/${server?.pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kilobytes ?? 0) * 1024;
}

interface Measured {
  status: number;
  body: { success: boolean; code?: string; message?: string };
  elapsedMs: number;
  probes: number;
  slowestProbeMs: number;
  medianProbeMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** Uploads `bytes` as `name` while probing /api/health and sampling the RSS every 25 ms. */
async function uploadWhileProbing(bytes: Buffer, name: string): Promise<Measured> {
  const rssBefore = serverRss();
  let rssPeak = rssBefore;
  let done = false;
  const latencies: number[] = [];
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, serverRss());
  }, 25);
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name));
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/summaries/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as Measured['body'];
  const elapsedMs = Math.round(performance.now() - started);
  done = true;
  await probing;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, serverRss());
  return {
    status: res.status,
    body,
    elapsedMs,
    probes: latencies.length,
    slowestProbeMs: Math.round(Math.max(...latencies)),
    medianProbeMs: Math.round([...latencies].sort((a, b) => a - b)[latencies.length >> 1] ?? 0),
    rssBeforeMb: Math.round(rssBefore / 2 ** 20),
    rssPeakMb: Math.round(rssPeak / 2 ** 20),
  };
}

beforeAll(async () => {
  buildServer();
  baseUrl = await startServer();
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@brevity.app', password: 'demo1234' }),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  const child = server;
  if (child && child.exitCode === null && child.signalCode === null) {
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
  rmSync(outdir, { recursive: true, force: true });
});

describe('the built server reading hostile uploads', () => {
  it('refuses the DOM-bomb .docx quickly while the health probe keeps answering', async () => {
    // The first file starts the extraction thread; what is measured below is the reading.
    const warm = await uploadWhileProbing(Buffer.from(' '), 'blank.txt');
    expect(warm.status).toBe(422);
    const bomb = await uploadWhileProbing(buildParagraphBombDocx(), 'bomb.docx');
    console.info(`DOM bomb on the built server: ${JSON.stringify(bomb)}`);
    expect(bomb.status).toBe(400);
    expect(bomb.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Content exceeds maximum 500,000 characters (current: at least 520000)',
    });
    expect(bomb.slowestProbeMs).toBeLessThan(PROBE_BUDGET_MS);
    expect(bomb.rssPeakMb - bomb.rssBeforeMb).toBeLessThan(200);
  }, 120_000);

  it('reads a heavy .docx that passes the scan in a worker, the probe still answering', async () => {
    // 45,000 paragraphs of 11 letters: under every scan limit (495,000 letters), yet seconds
    // of work for mammoth.
    const heavy = await uploadWhileProbing(
      buildDocxOfBody(tinyParagraphs(45_000, 11)),
      'heavy.docx',
    );
    console.info(`heavy .docx on the built server: ${JSON.stringify(heavy)}`);
    // Mammoth separates the 45,000 paragraphs with blank lines: 584,998 characters once trimmed.
    expect(heavy.status).toBe(400);
    expect(heavy.body.message).toBe('Content exceeds maximum 500,000 characters (current: 584998)');
    // Read on the event loop, a probe would wait out the whole reading (seconds). Here the
    // thread at work competes with the probe for two shared cores, so the bound is looser.
    expect(heavy.medianProbeMs).toBeLessThan(PROBE_BUDGET_MS);
    expect(heavy.slowestProbeMs).toBeLessThan(1_000);
  }, 120_000);

  it('then summarizes a real .docx and a real PDF (both extractors load in the bundle)', async () => {
    const paragraph =
      'Lighthouses guided ships along dangerous coasts for centuries, their keepers trimming ' +
      'wicks and winding clockwork through the night.';
    const docx = await uploadWhileProbing(buildDocx([paragraph]), 'lighthouses.docx');
    expect(docx.status).toBe(201);
    const pdf = await uploadWhileProbing(
      buildTextPdf([
        {
          paragraphs: [
            [
              'Lighthouses guided ships along dangerous coasts for centuries, their',
              'keepers trimming wicks and winding clockwork through the night.',
            ],
          ],
        },
      ]),
      'lighthouses.pdf',
    );
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({ success: true });
  }, 120_000);
});
