/**
 * `pnpm bench:api` (issue 13): GET /api/summaries?page=1&limit=10 under autocannon at 64
 * connections, for a user with N summaries (BENCH_SIZES, default 1000,100000), on the
 * production server (dist/server.js, NODE_ENV=production, no workers), beside two floors in the
 * same run (bench/floor-server.ts): a bare Hono route that sends the same bytes, and a bare
 * Hono + pg route that verifies the HS256 token, loads the user by primary key and reads the
 * page by index with the totals from the counters row. Prints req/s, p99 and ours/floor.
 * Then the same on the embedded PGlite (BENCH_PGLITE=0 skips it; there is no DB floor;
 * BENCH_POSTGRES=0 runs PGlite only).
 *
 * Needs `pnpm --filter api build` first. BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/brevity_bench): its public schema is DROPPED and made
 * again for each size. BENCH_SERVER: another server build to measure (a "before" figure).
 * BENCH_DURATION seconds per measurement (default 10), BENCH_PORT first of three ports (4230).
 * BENCH_ROUNDS (default 3): the Hono + pg floor and ours are measured alternately this many
 * times, and the medians compared, so a neighbour's burst of work on a shared machine does not
 * land on one of them only. The machine's load average is printed beside the figures, and the
 * server's resident memory (RSS now and at its peak) after its last round under load.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const serverPath = resolve(here, '..', process.env.BENCH_SERVER ?? 'dist/server.js');
const sizes = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const basePort = Number(process.env.BENCH_PORT ?? 4230);
const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/brevity_bench';
const CONNECTIONS = 64;
/** Node's flags for our server, as `pnpm start` (api/package.json) passes them. */
const SERVER_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;
const PATH = '/api/summaries?page=1&limit=10';
const JWT_SECRET = 'bench-secret-0123456789abcdef0123456789';
const TEXT =
  'The council met on Monday to discuss the budget for next year. It agreed to fund the ' +
  'library and to repair two bridges before the winter. Residents asked for more buses.';

interface Figure {
  rps: number;
  p99: number;
  errors: number;
  /** Requests given no answer within autocannon's 10 s (counted in `errors` too). */
  timeouts: number;
  /** Requests answered in the measured window. */
  completed: number;
  /** The server's CPU time (user + system) per answered request, in ms; NaN where unknown. */
  cpuMs: number;
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token in the server's format (lib/tokens.ts): HS256, issuer `brevity`, audience `brevity-web`. */
function token(userId: string, tokenVersion: number): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ tv: tokenVersion, sub: userId, iss: 'brevity', aud: 'brevity-web', iat: now, exp: now + 3600 })}`;
  return `${head}.${createHmac('sha256', JWT_SECRET).update(head).digest('base64url')}`;
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

async function waitFor(url: string, init: RequestInit = {}): Promise<Response> {
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await fetch(url, init);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** A process's CPU time so far (user + system), in ms, from /proc (Linux); NaN elsewhere. */
function cpuTimeOf(pid: number | undefined): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

async function load(url: string, auth: string, pid: number | undefined): Promise<Figure> {
  const headers = { Authorization: `Bearer ${auth}` };
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const cpuBefore = cpuTimeOf(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const cpu = cpuTimeOf(pid) - cpuBefore;
  return {
    cpuMs: cpu / Math.max(1, result.requests.total ?? 0),
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: (result.errors ?? 0) + (result.timeouts ?? 0) + (result.non2xx ?? 0),
    timeouts: result.timeouts ?? 0,
    completed: result.requests.total ?? 0,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median round: median req/s and median p99, the counts added up. */
function medianOf(figures: Figure[]): Figure {
  return {
    rps: Math.round(median(figures.map((figure) => figure.rps))),
    p99: median(figures.map((figure) => figure.p99)),
    errors: figures.reduce((sum, figure) => sum + figure.errors, 0),
    timeouts: figures.reduce((sum, figure) => sum + figure.timeouts, 0),
    completed: figures.reduce((sum, figure) => sum + figure.completed, 0),
    cpuMs: median(figures.map((figure) => figure.cpuMs)),
  };
}

/** A process's resident memory now and at its peak, from /proc (Linux), for the report. */
function memoryOf(pid: number | undefined): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
    return `RSS ${Math.round(kb('VmRSS') / 1024)} MB (peak ${Math.round(kb('VmHWM') / 1024)} MB)`;
  } catch {
    return 'RSS unknown';
  }
}

function loadNow(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** Alternates the floor and ours `rounds` times; each round's figures and the load are printed. */
interface Target {
  url: string;
  pid: number | undefined;
}

async function alternate(
  floor: Target,
  server: Target,
  auth: string,
): Promise<{ bare: Figure; ours: Figure; roundsText: string[] }> {
  const bare: Figure[] = [];
  const ours: Figure[] = [];
  const roundsText: string[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const floorFigure = await load(floor.url, auth, floor.pid);
    const oursFigure = await load(server.url, auth, server.pid);
    bare.push(floorFigure);
    ours.push(oursFigure);
    roundsText.push(
      `    round ${round}: floor ${floorFigure.rps} req/s p99 ${floorFigure.p99} ms, ours ${oursFigure.rps} req/s p99 ${oursFigure.p99} ms (${(oursFigure.rps / floorFigure.rps).toFixed(2)}×), load ${loadNow()}`,
    );
  }
  return { bare: medianOf(bare), ours: medianOf(ours), roundsText };
}

/** The seed: one user and N summaries, with SQL; the totals row computed once at the end. */
function seedStatements(count: number): string[] {
  return [
    `insert into users (name, email, password_hash, credits) values ('Bench User', 'bench@example.com', 'x', 5)`,
    // The floor reads a counters row; a server from before issue 13 has none of its own.
    `create table if not exists user_summary_totals (user_id uuid primary key references users(id) on delete cascade, summaries bigint not null default 0, original_words bigint not null default 0, summary_words bigint not null default 0, compression_ratio_sum bigint not null default 0)`,
    `alter table summaries disable trigger user`,
    `insert into summaries (user_id, original_content, summarized_content, original_word_count, summary_word_count, compression_ratio, processing_time, ai_model, created_at, updated_at)
     select u.id, '${TEXT}', 'The council agreed to fund the library and repair two bridges.', 33, 11, 67, 5, 'bench',
            timestamptz '2026-01-01' + n * interval '1 second', timestamptz '2026-01-01' + n * interval '1 second'
     from users u, generate_series(1, ${count}) as n where u.email = 'bench@example.com'`,
    `alter table summaries enable trigger user`,
    `insert into user_summary_totals (user_id, summaries, original_words, summary_words, compression_ratio_sum)
     select user_id, count(*), sum(original_word_count), sum(summary_word_count), sum(compression_ratio) from summaries group by user_id
     on conflict (user_id) do update set summaries = excluded.summaries, original_words = excluded.original_words, summary_words = excluded.summary_words, compression_ratio_sum = excluded.compression_ratio_sum`,
    `analyze`,
  ];
}

const USER_QUERY = `select id, token_version from users where email = 'bench@example.com'`;

function ratio(ours: Figure, floor: Figure): string {
  return `${(ours.rps / floor.rps).toFixed(2)}× req/s, p99 ${(ours.p99 / floor.p99).toFixed(2)}×`;
}

function print(label: string, figure: Figure): void {
  console.info(
    `  ${label.padEnd(32)} ${String(figure.rps).padStart(7)} req/s   p99 ${String(figure.p99).padStart(5)} ms   ${figure.cpuMs.toFixed(3)} CPU ms/req   ${figure.completed} answered${figure.errors > 0 ? `, ${figure.errors} errors or timeouts` : ''}${figure.timeouts > 0 ? ` (${figure.timeouts} of them unanswered after autocannon's 10 s)` : ''}`,
  );
}

function serverEnv(port: number, database: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    JWT_SECRET,
    WORKERS: '0',
    DEMO: '0',
    ...database,
  };
}

async function postgresRun(count: number): Promise<Figure[]> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query('drop schema if exists public cascade; create schema public;');
  await admin.query('drop schema if exists pgboss cascade');
  const url = `http://127.0.0.1:${basePort}${PATH}`;
  const server = start(
    [...SERVER_FLAGS, serverPath],
    serverEnv(basePort, { DATABASE_URL: databaseUrl }),
  );
  const floors: ChildProcess[] = [];
  try {
    await waitFor(`http://127.0.0.1:${basePort}/api/ready`);
    for (const statement of seedStatements(count)) await admin.query(statement);
    const user = (await admin.query<{ id: string; token_version: number }>(USER_QUERY)).rows[0];
    if (!user) throw new Error('seed failed');
    const auth = token(user.id, user.token_version);
    const body = Buffer.from(
      await (await waitFor(url, { headers: { Authorization: `Bearer ${auth}` } })).arrayBuffer(),
    );
    const bodyFile = join(tmpdir(), `brevity-bench-body-${process.pid}.json`);
    writeFileSync(bodyFile, body);
    const floorArgs = (mode: string) => ['--import', 'tsx', join(here, 'floor-server.ts'), mode];
    floors.push(
      start(floorArgs('bytes'), { PORT: String(basePort + 1), BENCH_BODY_FILE: bodyFile }),
      start(floorArgs('db'), {
        PORT: String(basePort + 2),
        DATABASE_URL: databaseUrl,
        JWT_SECRET,
      }),
    );
    await waitFor(`http://127.0.0.1:${basePort + 1}${PATH}`);
    await waitFor(`http://127.0.0.1:${basePort + 2}${PATH}`, {
      headers: { Authorization: `Bearer ${auth}` },
    });
    const bytes = await load(`http://127.0.0.1:${basePort + 1}${PATH}`, auth, floors[0]?.pid);
    const { bare, ours, roundsText } = await alternate(
      { url: `http://127.0.0.1:${basePort + 2}${PATH}`, pid: floors[1]?.pid },
      { url, pid: server.pid },
      auth,
    );
    const memory = memoryOf(server.pid);
    console.info(
      `Postgres, ${count.toLocaleString('en-US')} summaries (${body.length} bytes per answer), load ${loadNow()}`,
    );
    print('floor: bytes only', bytes);
    print(`floor: Hono + pg (median of ${rounds})`, bare);
    print(`ours (median of ${rounds})`, ours);
    for (const line of roundsText) console.info(line);
    console.info(`  ours / Hono + pg: ${ratio(ours, bare)}; ours / bytes: ${ratio(ours, bytes)}`);
    console.info(`  our server after its last round: ${memory}`);
    rmSync(bodyFile, { force: true });
    return [bytes, bare, ours];
  } finally {
    for (const floor of floors) await stop(floor);
    await stop(server);
    await admin.end();
  }
}

async function pgliteRun(count: number): Promise<Figure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brevity-bench-'));
  const env = serverEnv(basePort, { DATA_DIR: dataDir });
  try {
    // The server makes and migrates the database; then, stopped, it is seeded here.
    let server = start([...SERVER_FLAGS, serverPath], env);
    await waitFor(`http://127.0.0.1:${basePort}/api/ready`);
    await stop(server);
    const pglite = await PGlite.create(join(dataDir, 'pglite'));
    for (const statement of seedStatements(count)) await pglite.exec(statement);
    const user = (await pglite.query<{ id: string; token_version: number }>(USER_QUERY)).rows[0];
    await pglite.close();
    if (!user) throw new Error('seed failed');
    server = start([...SERVER_FLAGS, serverPath], env);
    try {
      await waitFor(`http://127.0.0.1:${basePort}/api/ready`);
      const auth = token(user.id, user.token_version);
      await waitFor(`http://127.0.0.1:${basePort}${PATH}`, {
        headers: { Authorization: `Bearer ${auth}` },
      });
      const figures: Figure[] = [];
      for (let round = 0; round < rounds; round += 1) {
        figures.push(await load(`http://127.0.0.1:${basePort}${PATH}`, auth, server.pid));
      }
      const ours = medianOf(figures);
      console.info(`PGlite, ${count.toLocaleString('en-US')} summaries, load ${loadNow()}`);
      print(`ours (median of ${rounds})`, ours);
      console.info(
        `    rounds: ${figures.map((figure) => `${figure.rps} req/s p99 ${figure.p99} ms`).join('; ')}`,
      );
      console.info(`  our server after its last round: ${memoryOf(server.pid)}`);
      return ours;
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgres: Figure[] = [];
for (const count of process.env.BENCH_POSTGRES === '0' ? [] : sizes) {
  const [, , ours] = await postgresRun(count);
  if (ours) postgres.push(ours);
}
if (postgres.length === 2 && postgres[0] && postgres[1]) {
  const spread =
    Math.abs(postgres[0].rps - postgres[1].rps) / Math.max(postgres[0].rps, postgres[1].rps);
  console.info(`Postgres, ours at ${sizes.join(' and ')}: ${(spread * 100).toFixed(1)} % apart`);
}
if (process.env.BENCH_PGLITE !== '0') {
  for (const count of sizes) await pgliteRun(count);
}
