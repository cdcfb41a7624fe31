// Smoke test of one remote's dev harness, run by `pnpm --filter <remote> test`: starts the API
// from its sources (fresh embedded database, demo accounts) and the remote's dev server alone,
// signs in through the harness's own form in Chromium and waits for the remote's page. Binds
// 127.0.0.1, ports 3000 and the remote's dev port moved by DEV_PORT_OFFSET (default 1100), and
// stops both process groups. Bounded by HARNESS_SMOKE_SECONDS (default 240).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.mjs';
import { DEV_PORTS } from './dev-ports.mjs';

const AREAS = {
  'remote-user': {
    route: '/dashboard',
    email: 'demo@brevity.app',
    heading: /Welcome back, Demo User!/,
  },
  'remote-admin': { route: '/admin', email: 'admin@brevity.app', heading: /^Admin Panel$/ },
  'remote-editor': {
    route: '/editor',
    email: 'editor@brevity.app',
    heading: /^Content management$/,
  },
  'remote-reviewer': {
    route: '/reviewer',
    email: 'reviewer@brevity.app',
    heading: /^Content Review Center$/,
  },
};

const remote = process.argv[2];
const area = AREAS[remote];
if (!area) {
  console.error(`usage: harness-smoke.mjs ${Object.keys(AREAS).join('|')}`);
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '../..');
const offset = Number(process.env.DEV_PORT_OFFSET ?? 1100);
const apiPort = DEV_PORTS.api + offset;
const harness = `http://127.0.0.1:${DEV_PORTS[remote] + offset}`;
const deadline = Date.now() + Number(process.env.HARNESS_SMOKE_SECONDS ?? 240) * 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'brevity-harness-smoke-'));

let output = '';
function start(command, args, cwd, env) {
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.exited = false;
  child.on('exit', () => (child.exited = true));
  return child;
}

async function stop(child) {
  if (child.exited) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let waited = 0; waited < 10_000 && !child.exited; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!child.exited) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

async function until(what, probe) {
  while (Date.now() < deadline) {
    try {
      if (await probe()) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const api = start('pnpm', ['exec', 'tsx', 'src/server.ts'], path.join(root, 'api'), {
  HOST: '127.0.0.1',
  PORT: String(apiPort),
  DATA_DIR: dataDir,
  WORKERS: '0',
  LOG_LEVEL: 'warn',
});
const devServer = start(
  'pnpm',
  ['exec', 'webpack', 'serve', '--mode', 'development'],
  path.join(root, remote),
  {
    DEV_PORT_OFFSET: String(offset),
  },
);
let browser;
const started = Date.now();
try {
  await until('the API', async () => (await fetch(`http://127.0.0.1:${apiPort}/api/ready`)).ok);
  await until(`${remote}'s dev server`, async () => (await fetch(`${harness}/`)).ok);
  browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
  const page = await browser.newPage();
  await page.goto(`${harness}${area.route}`);
  await page.getByLabel('Email').fill(area.email);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('heading', { level: 1, name: area.heading })
    .waitFor({ timeout: Math.max(1000, deadline - Date.now()) });
  console.info(
    `${remote}'s dev harness signed in and showed ${area.route} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
} catch (error) {
  console.error(output.split('\n').slice(-40).join('\n'));
  console.error(
    `${remote} harness smoke test failed: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
} finally {
  await browser?.close();
  await Promise.all([stop(devServer), stop(api)]);
  rmSync(dataDir, { recursive: true, force: true });
}
