// Smoke test of `pnpm dev`: starts the API and the five dev servers on other ports (127.0.0.1,
// a fresh embedded database), waits until every app serves what it should, signs in through a
// remote's dev proxy, and stops the whole process group. Bounded: fails after DEV_SMOKE_SECONDS
// (default 600). Ports: DEV_PORT_OFFSET (default 1100, i.e. 4100–4105).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_PORTS } from './dev-ports.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const offset = Number(process.env.DEV_PORT_OFFSET ?? 1100);
const deadline = Date.now() + Number(process.env.DEV_SMOKE_SECONDS ?? 600) * 1000;
const at = (app, pathname = '/') => `http://127.0.0.1:${DEV_PORTS[app] + offset}${pathname}`;

/** Every route of the shell (SPEC.md §2): the dev server answers each with the app's page. */
const SHELL_ROUTES = [
  '/',
  '/login',
  '/register',
  '/dashboard',
  '/summarize',
  '/history',
  '/credits',
  '/admin',
  '/editor',
  '/reviewer',
];
const REMOTES = ['remote-user', 'remote-admin', 'remote-editor', 'remote-reviewer'];

const dataDir = mkdtempSync(path.join(tmpdir(), 'brevity-dev-smoke-'));
let output = '';
const child = spawn('node', ['common/build/dev.mjs'], {
  cwd: root,
  detached: true, // its own process group, stopped as a whole
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    DEV_PORT_OFFSET: String(offset),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WORKERS: '0',
  },
});
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
let exited = false;
child.on('exit', () => (exited = true));

async function get(url, init) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** One pass over everything `pnpm dev` should serve; throws at the first miss. */
async function everythingServed() {
  const ready = await get(at('api', '/api/ready'));
  check(ready.status === 200, `API /api/ready answered ${ready.status}`);

  for (const route of SHELL_ROUTES) {
    const page = await get(at('shell', route), { headers: { Accept: 'text/html' } });
    check(page.status === 200 && page.body.includes('id="root"'), `shell ${route}: ${page.status}`);
    const script = page.body.match(/<script[^>]+src="([^"]+)"/)?.[1];
    check(script, `shell ${route} names no script`);
    const js = await get(new URL(script, at('shell', route)).href);
    check(js.status === 200, `shell script ${script}: ${js.status}`);
  }
  const config = JSON.parse((await get(at('shell', '/api/config'))).body).data ?? {};
  for (const remote of REMOTES) {
    const area = remote.replace('remote-', '');
    check(
      config.remotes?.[area] === `http://localhost:${DEV_PORTS[remote] + offset}/`,
      `the API sends the shell to ${config.remotes?.[area]} for ${remote}`,
    );
    const name = remote.replace('-', '_');
    const entry = await get(at(remote, '/remoteEntry.js'));
    check(
      entry.status === 200 && entry.body.includes(name),
      `${remote} remoteEntry.js: ${entry.status}`,
    );
    const manifest = await get(at(remote, '/mf-manifest.json'));
    check(manifest.status === 200, `${remote} mf-manifest.json: ${manifest.status}`);
    check(
      JSON.parse(manifest.body).metaData?.name === name,
      `${remote} manifest names another remote`,
    );
    const harness = await get(at(remote, '/'), { headers: { Accept: 'text/html' } });
    check(
      harness.status === 200 && harness.body.includes('dev harness'),
      `${remote} harness: ${harness.status}`,
    );
    // The harness signs in against the API through its dev server's proxy.
    const login = await get(at(remote, '/api/auth/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@brevity.app', password: 'demo1234' }),
    });
    check(
      login.status === 200 && JSON.parse(login.body).token,
      `${remote} sign-in: ${login.status}`,
    );
  }
}

async function stop() {
  if (exited) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let waited = 0; waited < 10_000 && !exited; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!exited) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

const started = Date.now();
let lastMiss = 'nothing checked yet';
let passed = false;
let devExited = false;
try {
  while (Date.now() < deadline && !exited) {
    try {
      await everythingServed();
      passed = true;
      break;
    } catch (error) {
      lastMiss = error instanceof Error ? error.message : String(error);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  devExited = exited;
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (passed) {
  console.info(
    `pnpm dev served the API, ${SHELL_ROUTES.length} shell routes and ${REMOTES.length} remotes (entry, manifest, harness, sign-in) in ${Math.round((Date.now() - started) / 1000)} s`,
  );
} else {
  console.error(output.split('\n').slice(-60).join('\n'));
  console.error(
    `pnpm dev smoke test failed: ${devExited ? 'pnpm dev exited' : 'timed out'}; last miss: ${lastMiss}`,
  );
  process.exit(1);
}
