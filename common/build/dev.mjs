// `pnpm dev`: the API (from its sources, with live reload) and the five front ends' dev servers,
// the shell told where each remote's dev server is. DEV_PORT_OFFSET moves every port (default:
// API 3000, shell 3001, remotes 3002–3005). The API listens on HOST (default 0.0.0.0 as ever).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEV_PORTS } from './dev-ports.mjs';

const offset = Number(process.env.DEV_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 60_000) {
  console.error('DEV_PORT_OFFSET must be a whole number from 0 to 60000');
  process.exit(1);
}

const port = (app) => DEV_PORTS[app] + offset;
const url = (app) => `http://localhost:${port(app)}/`;
const frontEnds = Object.keys(DEV_PORTS).filter((app) => app !== 'api');
const origins = frontEnds.flatMap((app) => [
  `http://localhost:${port(app)}`,
  `http://127.0.0.1:${port(app)}`,
]);

const child = spawn('pnpm', ['-r', '--parallel', 'run', 'dev'], {
  cwd: path.resolve(import.meta.dirname, '../..'),
  stdio: 'inherit',
  env: {
    ...process.env,
    DEV_PORT_OFFSET: String(offset),
    PORT: String(port('api')),
    REMOTE_USER_URL: url('remote-user'),
    REMOTE_ADMIN_URL: url('remote-admin'),
    REMOTE_EDITOR_URL: url('remote-editor'),
    REMOTE_REVIEWER_URL: url('remote-reviewer'),
    CORS_ORIGINS: origins.join(','),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
