import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseAllowedHosts } from './documents/web/fetch-page';
import { normalizeEmail } from './lib/email';
import { jwtSecretFile, keptJwtSecret } from './lib/jwt-secret-file';

/**
 * The repository root. This file is api/src/config.ts and its bundle api/dist/server.js
 * (or migrate.js): both sit two folders below the root, so the same relative step works.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type RemoteName = 'user' | 'admin' | 'editor' | 'reviewer';
export const REMOTE_NAMES: readonly RemoteName[] = ['user', 'admin', 'editor', 'reviewer'];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Files read at once when EXTRACTION_CONCURRENCY is unset: one core is left to the event loop. */
export function defaultExtractionConcurrency(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/** A configuration value that cannot be used; `issues` names each variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly issues: { variable: string; message: string }[];

  constructor(issues: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
    this.issues = issues;
  }
}

const MIN_JWT_SECRET_BYTES = 32;
const LOGIN_WINDOW_SECONDS = 15 * 60;
/** The work of one password hash, about 128 MiB and a few hundred ms of one core. */
const DEFAULT_HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
/** Hard cap on sign-ins waiting for a hashing slot, per slot; the wait budget usually binds first. */
const HASH_QUEUE_PER_SLOT = 64;
/** Hashing slots, running and waiting, one client address may hold (1 running + 2 waiting). */
const HASH_SLOTS_PER_ADDRESS = 3;
/** The client's read time-out exceeds the server's statement time-out by this, so the server's clearer error wins. */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
const REGISTER_WINDOW_SECONDS = 60 * 60;
const SUMMARIZER_WINDOW_SECONDS = 60;
/**
 * How long a summarizer call's place (among a user's calls at once) and its reserved credit hold
 * at most: a process that dies mid-call frees them after this. Far beyond any call's length.
 */
const SUMMARIZER_HOLD_SECONDS = 10 * 60;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** Empty variables count as unset, as in most .env tooling. */
function emptyAsUnset(value: unknown): unknown {
  return value === '' ? undefined : value;
}

/** A variable that may be unset (or empty): then undefined. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyAsUnset, schema.optional());
}

/** A variable that may be unset (or empty): then `fallback`, the setting's default. */
function withDefault<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return z
    .preprocess(emptyAsUnset, schema.optional())
    .transform((value): z.output<T> => (value === undefined ? fallback : (value as z.output<T>)));
}

/**
 * What an environment variable means and its default, as people read them: said once, here, on
 * the variable's schema (zod's metadata), and printed as the README's configuration table
 * (configurationTable; config-table.test.ts keeps the README's copy the same).
 */
function variable(description: string, defaultText: string) {
  return { description, defaultText };
}

function integer(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine(
      (value) => value >= min && value <= max,
      `must be a whole number from ${min} to ${max}`,
    );
}

/** A number of seconds (decimals allowed) from `min` to `max`. */
function seconds(min: number, max: number) {
  const message = `must be a number of seconds from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
}

function commaList() {
  return z.string().transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );
}

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** A remote's location: a same-origin path (`/remotes/user/`) or an absolute http(s) URL. */
const remoteLocation = z
  .string()
  .trim()
  .refine((value) => {
    if (value.startsWith('/') && !value.startsWith('//')) return true;
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be a path starting with / or an http(s) URL')
  .transform((value) => (value.endsWith('/') ? value : `${value}/`));

const envSchema = z.object({
  PORT: withDefault(integer(0, 65_535), 3000).meta(
    variable('the port the API (and the built front ends) listen on', '`3000`'),
  ),
  HOST: withDefault(z.string().trim().min(1), '0.0.0.0').meta(
    variable('the address the API listens on', '`0.0.0.0`'),
  ),
  NODE_ENV: withDefault(
    z.enum(['development', 'test', 'production'], 'must be development, test or production'),
    'development',
  ).meta(
    variable(
      '`production` for a deployment: JSON logs, `JWT_SECRET` required with `DATABASE_URL`',
      '`development`',
    ),
  ),
  STATIC_DIR: withDefault(z.string().trim().min(1), '.').meta(
    variable("where the API finds the front ends' `dist/` folders", 'the repository'),
  ),
  REMOTE_USER_URL: withDefault(remoteLocation, '/remotes/user/').meta(
    variable('where the shell loads the user remote from', '`/remotes/user/`'),
  ),
  REMOTE_ADMIN_URL: withDefault(remoteLocation, '/remotes/admin/').meta(
    variable('where the shell loads the admin remote from', '`/remotes/admin/`'),
  ),
  REMOTE_EDITOR_URL: withDefault(remoteLocation, '/remotes/editor/').meta(
    variable('where the shell loads the editor remote from', '`/remotes/editor/`'),
  ),
  REMOTE_REVIEWER_URL: withDefault(remoteLocation, '/remotes/reviewer/').meta(
    variable('where the shell loads the reviewer remote from', '`/remotes/reviewer/`'),
  ),
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  ).meta(
    variable('PostgreSQL connection string; unset means embedded PGlite in `DATA_DIR`', 'unset'),
  ),
  DATABASE_POOL_SIZE: withDefault(integer(1, 1000), 10).meta(
    variable('connections per process with `DATABASE_URL`', '`10`'),
  ),
  DATABASE_QUERY_TIMEOUT_SECONDS: withDefault(seconds(0.5, 3_600), 15).meta(
    variable(
      'longest SQL statement (the server cancels it); the client gives up on a silent connection 1 s later and answers 503',
      '`15`',
    ),
  ),
  DATABASE_CONNECT_TIMEOUT_SECONDS: withDefault(seconds(0.5, 600), 5).meta(
    variable('longest wait for a new database connection', '`5`'),
  ),
  DATA_DIR: withDefault(z.string().trim().min(1), '.data').meta(
    variable('embedded database and the generated JWT secret', '`.data/`'),
  ),
  JWT_SECRET: optional(
    z
      .string()
      .refine(
        (value) => Buffer.byteLength(value, 'utf8') >= MIN_JWT_SECRET_BYTES,
        `must be at least ${MIN_JWT_SECRET_BYTES} bytes`,
      ),
  ).meta(variable('at least 32 bytes; required with `DATABASE_URL` in production', 'generated')),
  JWT_TTL: withDefault(
    z
      .string()
      .trim()
      .regex(/^\d+\s*[smhdw]?$/i, 'must be a duration such as 3600, 30m, 12h, 7d or 2w')
      .transform((value) => {
        const unit = value.at(-1)?.toLowerCase() ?? '';
        const factor = TTL_UNITS[unit];
        return factor === undefined ? Number(value) : Number.parseInt(value, 10) * factor;
      })
      .refine(
        (seconds) => seconds >= 60 && seconds <= 366 * 86_400,
        'must be between 1 minute and 1 year',
      ),
    7 * 86_400,
  ).meta(variable('session lifetime', '`7d`')),
  ADMIN_EMAIL: optional(
    z
      .string()
      .overwrite(normalizeEmail)
      .refine(
        (value) => value.length <= 254 && EMAIL_PATTERN.test(value),
        'must be a valid email address',
      ),
  ).meta(
    variable(
      'with `ADMIN_PASSWORD`: an admin created at start-up when no such user exists',
      'unset',
    ),
  ),
  ADMIN_PASSWORD: optional(
    z
      .string()
      .refine((value) => value.length >= 6 && value.length <= 128, 'must be 6 to 128 characters'),
  ).meta(variable("the start-up admin's password (6 to 128 characters)", 'unset')),
  DEMO: optional(
    z
      .enum(['0', '1', 'true', 'false'], 'must be 0 or 1')
      .transform((value) => value === '1' || value === 'true'),
  ).meta(variable('`1` seeds the demo accounts on an external database too', '`0`')),
  AUTH_RATE_LIMIT_LOGIN: withDefault(integer(1, 1_000_000), 10).meta(
    variable('failed logins per email and address per 15 min', '`10`'),
  ),
  AUTH_RATE_LIMIT_LOGIN_ADDRESS: withDefault(integer(1, 1_000_000), 50).meta(
    variable(
      'failed logins per address per 15 min, whatever the email (against password spraying)',
      '`50`',
    ),
  ),
  AUTH_RATE_LIMIT_REGISTER: withDefault(integer(1, 1_000_000), 20).meta(
    variable('registrations per address per hour', '`20`'),
  ),
  PASSWORD_HASH_CONCURRENCY: withDefault(integer(1, 64), DEFAULT_HASH_CONCURRENCY).meta(
    variable(
      'password hashes at once; one address holds at most 3 slots, running and waiting; beyond, 503 at once',
      'half the cores (at least 1)',
    ),
  ),
  PASSWORD_HASH_QUEUE: optional(integer(0, 10_000)).meta(
    variable('sign-ins waiting for a hashing slot at most (a cap)', '64 per slot'),
  ),
  PASSWORD_HASH_WAIT_SECONDS: withDefault(seconds(0.5, 60), 20).meta(
    variable(
      'a sign-in waits while its estimated wait (line × measured hash time ÷ slots) is within this',
      '`20`',
    ),
  ),
  GEMINI_API_KEY: optional(z.string().trim().min(1)).meta(
    variable(
      'enables Google Gemini; without it the built-in extractive summarizer answers',
      'unset',
    ),
  ),
  GEMINI_MODEL: withDefault(
    z
      .string()
      .trim()
      .regex(/^[\w.\-/]+$/, 'must be a model name such as gemini-flash-latest'),
    'gemini-flash-latest',
  ).meta(variable('the Gemini model to call', '`gemini-flash-latest`')),
  // The SDK appends "/v1beta/…": a trailing slash would make it request "//v1beta/…".
  GEMINI_BASE_URL: optional(httpUrl.transform((value) => value.replace(/\/+$/, ''))).meta(
    variable('another Gemini REST endpoint (tests use a fake one)', "Google's"),
  ),
  GEMINI_MAX_INPUT_TOKENS: withDefault(integer(10_000, 10_000_000), 900_000).meta(
    variable(
      "Gemini's input limit in tokens: a longer document is summarized by sections whose summaries are combined (decision 0029)",
      '`900000`',
    ),
  ),
  SUMMARIZER_RATE_LIMIT: withDefault(integer(1, 1_000_000), 20).meta(
    variable(
      'summarizer calls per user per minute; past it, 429 with `Retry-After` (see "Fair use")',
      '`20`',
    ),
  ),
  SUMMARIZER_CONCURRENCY: withDefault(integer(1, 1_000), 2).meta(
    variable('summarizer calls of one user at once; past it, 429 with `Retry-After`', '`2`'),
  ),
  WORKERS: withDefault(integer(0, 64), 1).meta(
    variable(
      'background workers per queue in the API process; `0` for none (see "Running API and workers separately")',
      '`1`',
    ),
  ),
  JOBS_SCHEMA: withDefault(
    z
      .string()
      .trim()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier such as pgboss'),
    'pgboss',
  ).meta(variable("Postgres schema of the job queue's own tables", '`pgboss`')),
  JOBS_POLLING_SECONDS: withDefault(
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds from 0.5 to 60')
      .transform(Number)
      .refine((value) => value >= 0.5 && value <= 60, 'must be a number of seconds from 0.5 to 60'),
    2,
  ).meta(variable('how often an idle worker asks for a job', '`2`')),
  JOBS_EXPIRE_SECONDS: withDefault(integer(1, 86_400), 120).meta(
    variable(
      'a job active this long is taken as lost (its process died) and queued again',
      '`120`',
    ),
  ),
  JOBS_MAINTENANCE_SECONDS: withDefault(integer(1, 3_600), 60).meta(
    variable("how often the queue's upkeep (expiry, archiving) runs", '`60`'),
  ),
  EXTRACTION_TIMEOUT_SECONDS: withDefault(integer(1, 600), 30).meta(
    variable(
      'wall-clock limit of reading one uploaded file; past it the thread is stopped (413)',
      '`30`',
    ),
  ),
  EXTRACTION_MEMORY_MB: withDefault(integer(64, 16_384), 512).meta(
    variable(
      "heap limit of each file-reading thread, and its share of the process's growth (413)",
      '`512`',
    ),
  ),
  EXTRACTION_CONCURRENCY: withDefault(integer(1, 64), defaultExtractionConcurrency()).meta(
    variable(
      'files read at once, each in its own worker thread; more wait in a queue',
      'cores − 1, 1 to 4',
    ),
  ),
  OCR_MAX_PAGES: withDefault(integer(1, 2_000), 50).meta(
    variable(
      'pages of one PDF read by OCR at most (pages without a text layer); more is refused before any is read (413)',
      '`50`',
    ),
  ),
  OCR_TIMEOUT_SECONDS: withDefault(integer(5, 3_600), 180).meta(
    variable(
      'wall-clock limit of reading one scan, photo or scanned PDF by OCR (413, nothing charged)',
      '`180`',
    ),
  ),
  OCR_WORKERS: withDefault(integer(1, 8), 1).meta(
    variable(
      'Tesseract threads kept for OCR (100–150 MB each), started on first use and stopped when idle',
      '`1`',
    ),
  ),
  FETCH_ALLOWED_HOSTS: z
    .string()
    .optional()
    .meta(
      variable(
        'comma-separated `host` or `host:port` a web address may name although internal (an intranet); tests allow 127.0.0.1',
        'none',
      ),
    ),
  CORS_ORIGINS: withDefault(
    commaList().pipe(
      z.array(
        z
          .string()
          .transform((value) => value.replace(/\/$/, ''))
          .refine((value) => {
            try {
              const url = new URL(value);
              return ['http:', 'https:'].includes(url.protocol) && url.origin === value;
            } catch {
              return false;
            }
          }, 'must list origins such as https://app.example.com (no path)'),
        'must be a comma-separated list of origins',
      ),
    ),
    [],
  ).meta(
    variable(
      'comma-separated origins allowed to call the API (remotes or a shell on another origin)',
      'none',
    ),
  ),
  TRUST_PROXY: withDefault(
    commaList().pipe(
      z.array(
        z.string().refine((value) => isIP(value) !== 0, 'must list IP addresses'),
        'must be a comma-separated list of IP addresses',
      ),
    ),
    [],
  ).meta(variable('proxy addresses whose `X-Forwarded-For` is believed', 'none')),
  HTTP_HEADERS_TIMEOUT_SECONDS: withDefault(seconds(1, 600), 20).meta(
    variable("a request's headers must arrive within this, or the connection is closed", '`20`'),
  ),
  HTTP_REQUEST_TIMEOUT_SECONDS: withDefault(seconds(1, 3_600), 120).meta(
    variable('a whole request must arrive within this, or the connection is closed', '`120`'),
  ),
  HTTP_IDLE_TIMEOUT_SECONDS: withDefault(seconds(1, 3_600), 65).meta(
    variable(
      'an idle keep-alive connection is closed after this (longer than load balancers keep theirs)',
      '`65`',
    ),
  ),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: withDefault(integer(1, 1_000_000), 100).meta(
    variable(
      'open connections one client address may hold (proxies in `TRUST_PROXY` are exempt)',
      '`100`',
    ),
  ),
  LOG_LEVEL: withDefault(
    z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`),
    'info',
  ).meta(variable('lowest level logged (`fatal` … `trace`, `silent`)', '`info`')),
  LOG_FORMAT: optional(z.enum(['json', 'pretty'], 'must be json or pretty')).meta(
    variable('JSON lines or one readable line per entry', '`pretty` in development, else `json`'),
  ),
  METRICS_TOKEN: optional(
    z
      .string()
      .trim()
      .refine(
        (value) => value.length >= 16 && /^[\x21-\x7e]+$/.test(value),
        'must be at least 16 visible ASCII characters',
      ),
  ).meta(
    variable(
      'enables `GET /api/metrics` (Prometheus), readable only with `Authorization: Bearer <token>`; at least 16 characters',
      'unset',
    ),
  ),
});

type ParsedEnv = z.output<typeof envSchema>;

/** One row of the README's configuration table: a variable, its default, what it means. */
export interface ConfigurationVariable {
  name: string;
  defaultText: string;
  description: string;
}

/** Every variable the API reads, in the schema's order, with its metadata. */
export function configurationVariables(): ConfigurationVariable[] {
  return Object.entries(envSchema.shape).map(([name, schema]) => {
    const meta = z.globalRegistry.get(schema);
    const defaultText = meta?.['defaultText'];
    if (typeof defaultText !== 'string' || meta?.description === undefined) {
      throw new Error(`${name} has no description or default text in config.ts`);
    }
    return { name, defaultText, description: meta.description };
  });
}

/** The README's configuration table (Markdown), from the variables' metadata. */
export function configurationTable(): string {
  const rows = configurationVariables().map(
    ({ name, defaultText, description }) => `| \`${name}\` | ${defaultText} | ${description} |`,
  );
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** Relative paths are taken from the repository root, so the cwd of `pnpm --filter` does not matter. */
function fromRepoRoot(value: string): string {
  return path.resolve(repoRoot, value);
}

/** The run-time configuration the parsed variables make (everything but the JWT secret). */
function toConfig(values: ParsedEnv) {
  const nodeEnv = values.NODE_ENV;
  const statementTimeoutMs = Math.round(values.DATABASE_QUERY_TIMEOUT_SECONDS * 1000);
  return {
    port: values.PORT,
    host: values.HOST,
    nodeEnv,
    /** Postgres connection string; undefined means the embedded PGlite under `dataDir`. */
    databaseUrl: values.DATABASE_URL,
    /** Size of the `pg` pool (DATABASE_POOL_SIZE). */
    databasePoolSize: values.DATABASE_POOL_SIZE,
    /** Absolute folder for the embedded database and the generated JWT secret. */
    dataDir: fromRepoRoot(values.DATA_DIR),
    /** JWT_SECRET as set; loadConfig puts the secret kept under `dataDir` in its place when unset. */
    jwtSecret: values.JWT_SECRET,
    /** Token lifetime in seconds (JWT_TTL, e.g. `7d`, `12h`, `3600`). */
    jwtTtlSeconds: values.JWT_TTL,
    /** Set when GEMINI_API_KEY is; null means the local summarizer answers alone. */
    gemini: values.GEMINI_API_KEY
      ? {
          apiKey: values.GEMINI_API_KEY,
          model: values.GEMINI_MODEL,
          baseUrl: values.GEMINI_BASE_URL,
          /**
           * The model's input limit in tokens (GEMINI_MAX_INPUT_TOKENS, default 900,000): a longer
           * document is summarized by sections whose summaries are combined (decision 0029).
           */
          maxInputTokens: values.GEMINI_MAX_INPUT_TOKENS,
        }
      : null,
    /** GEMINI_MODEL (default `gemini-flash-latest`), also when no key is set. */
    geminiModel: values.GEMINI_MODEL,
    /** The admin to create at start-up (ADMIN_EMAIL + ADMIN_PASSWORD), or null. */
    admin:
      values.ADMIN_EMAIL !== undefined && values.ADMIN_PASSWORD !== undefined
        ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD }
        : null,
    /** Seed the demo accounts: always on the embedded database, with DATABASE_URL only when DEMO=1. */
    demoAccounts: values.DATABASE_URL === undefined || values.DEMO === true,
    /** Origins allowed to call /api from a browser (CORS_ORIGINS). */
    corsOrigins: values.CORS_ORIGINS,
    /** Proxy addresses whose X-Forwarded-For is believed (TRUST_PROXY). */
    trustProxy: values.TRUST_PROXY,
    /**
     * Failed logins per email and address (`login`), failed logins per address whatever the
     * email (`loginPerAddress`, against password spraying), registrations per address: at most
     * `max` attempts per key within a sliding window of `windowSeconds`.
     */
    rateLimits: {
      login: { max: values.AUTH_RATE_LIMIT_LOGIN, windowSeconds: LOGIN_WINDOW_SECONDS },
      loginPerAddress: {
        max: values.AUTH_RATE_LIMIT_LOGIN_ADDRESS,
        windowSeconds: LOGIN_WINDOW_SECONDS,
      },
      register: { max: values.AUTH_RATE_LIMIT_REGISTER, windowSeconds: REGISTER_WINDOW_SECONDS },
    },
    /**
     * Fair use of the summarizer (issue 24): the calls that run it (create, stream, upload, the
     * queued ones, regenerate, restore) per user, across every API process.
     */
    summarizerLimits: {
      /** Calls per user within a sliding minute (SUMMARIZER_RATE_LIMIT, default 20). */
      perMinute: { max: values.SUMMARIZER_RATE_LIMIT, windowSeconds: SUMMARIZER_WINDOW_SECONDS },
      /** Calls of one user at once (SUMMARIZER_CONCURRENCY, default 2). */
      atOnce: values.SUMMARIZER_CONCURRENCY,
      /** Longest hold of a call's place and of its reserved credit, in seconds. */
      holdSeconds: SUMMARIZER_HOLD_SECONDS,
    },
    /** Root of the front-end builds (`<root>/shell/dist`, `<root>/remote-<name>/dist`); null serves none. */
    staticDir: fromRepoRoot(values.STATIC_DIR) as string | null,
    /** Where the shell loads each remote from: a same-origin path or an absolute URL, ending in `/`. */
    remotes: {
      user: values.REMOTE_USER_URL,
      admin: values.REMOTE_ADMIN_URL,
      editor: values.REMOTE_EDITOR_URL,
      reviewer: values.REMOTE_REVIEWER_URL,
    } satisfies Record<RemoteName, string>,
    /** Job workers run inside this process (WORKERS, 0 for none). */
    workers: values.WORKERS,
    /** The background job queue (pg-boss) on the same database; tests shorten its intervals. */
    jobs: {
      /** Postgres schema of the queue's own tables (JOBS_SCHEMA, default `pgboss`). */
      schema: values.JOBS_SCHEMA,
      /** How often an idle worker asks for a job, in seconds (JOBS_POLLING_SECONDS, default 2). */
      pollingIntervalSeconds: values.JOBS_POLLING_SECONDS,
      /** A job active this long is taken as lost (its process died) and queued again (JOBS_EXPIRE_SECONDS). */
      expireInSeconds: values.JOBS_EXPIRE_SECONDS,
      /** Further attempts after a temporary failure (the summarizer's 429/5xx/time-out). */
      retryLimit: 3,
      /** First wait before a retry, doubled each time (with jitter), in seconds. */
      retryDelaySeconds: 5,
      /**
       * Longest wait before a retry that the AI service asked for (a 429's retryDelay, its
       * cool-down), in seconds: a job waits that long for Gemini before the next attempt.
       */
      maxRetryDelaySeconds: 300,
      /** How often the queue's upkeep (expiry, archiving) runs, in seconds. */
      maintenanceIntervalSeconds: values.JOBS_MAINTENANCE_SECONDS,
      /** How often a worker process looks for jobs that ended without a result (to refund them), in seconds. */
      sweepIntervalSeconds: 30,
    },
    /** Limits of file extraction (uploads are read in worker threads, never on the event loop). */
    extraction: {
      /** Wall-clock limit of reading one file, in ms; the worker is then stopped (EXTRACTION_TIMEOUT_SECONDS). */
      timeoutMs: values.EXTRACTION_TIMEOUT_SECONDS * 1000,
      /** Heap limit of each worker thread, and its share of the process's memory growth, in MB (EXTRACTION_MEMORY_MB). */
      memoryMb: values.EXTRACTION_MEMORY_MB,
      /** Files read at once; more wait in a queue (EXTRACTION_CONCURRENCY, default: cores - 1, from 1 to 4). */
      concurrency: values.EXTRACTION_CONCURRENCY,
    },
    /** Reading scans, photos and web pages (issue 27). */
    documents: {
      /** Pages of one PDF read by OCR at most; more is refused before any is read (OCR_MAX_PAGES). */
      ocrMaxPages: values.OCR_MAX_PAGES,
      /** Wall-clock limit of reading one scan or photo by OCR, in ms (OCR_TIMEOUT_SECONDS). */
      ocrTimeoutMs: values.OCR_TIMEOUT_SECONDS * 1000,
      /** Tesseract workers (threads of 100-150 MB each) kept for OCR (OCR_WORKERS). */
      ocrWorkers: values.OCR_WORKERS,
      /**
       * Hosts a web address may name although they are internal, `host` or `host:port`
       * (FETCH_ALLOWED_HOSTS, comma-separated; none by default).
       */
      fetchAllowedHosts: parseAllowedHosts(values.FETCH_ALLOWED_HOSTS),
    },
    /** Bounds on password hashing (scrypt with 128 MiB each), so a login flood cannot starve the rest. */
    passwordHashing: {
      /** Hashes computed at once (PASSWORD_HASH_CONCURRENCY). */
      concurrency: values.PASSWORD_HASH_CONCURRENCY,
      /** Hashes that may wait for a turn at most (PASSWORD_HASH_QUEUE); past that, 503 at once. */
      queueLimit:
        values.PASSWORD_HASH_QUEUE ?? values.PASSWORD_HASH_CONCURRENCY * HASH_QUEUE_PER_SLOT,
      /**
       * A sign-in waits in line while its estimated wait (the line ahead times the measured
       * time of a hash, over the slots) is within this (PASSWORD_HASH_WAIT_SECONDS); else 503.
       */
      waitBudgetMs: values.PASSWORD_HASH_WAIT_SECONDS * 1000,
      /** Longest actual wait for a turn, in milliseconds (twice the budget); past that, 503. */
      maxWaitMs: values.PASSWORD_HASH_WAIT_SECONDS * 2000,
      /** Slots, running and waiting, that one client address may hold at once. */
      perClient: HASH_SLOTS_PER_ADDRESS,
    },
    /** Time-outs of the database connection (with DATABASE_URL). */
    database: {
      /** Longest statement; the server cancels it (DATABASE_QUERY_TIMEOUT_SECONDS). */
      statementTimeoutMs,
      /** Longest wait for any answer on the connection, a little over the statement time-out. */
      queryTimeoutMs: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
      /** Longest wait for a new connection (DATABASE_CONNECT_TIMEOUT_SECONDS). */
      connectTimeoutMs: Math.round(values.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000),
      /** A transaction left idle this long is ended by the server. */
      idleInTransactionTimeoutMs: Math.max(IDLE_IN_TRANSACTION_TIMEOUT_MS, statementTimeoutMs),
    },
    /** Time-outs and limits of the HTTP server. */
    http: {
      /** A request's headers must arrive within this (HTTP_HEADERS_TIMEOUT_SECONDS). */
      headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      /** A whole request, body included, must arrive within this (HTTP_REQUEST_TIMEOUT_SECONDS). */
      requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      /** An idle keep-alive connection is closed after this (HTTP_IDLE_TIMEOUT_SECONDS). */
      idleTimeoutMs: values.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      /** Open connections one client address may hold; proxies in TRUST_PROXY are exempt (HTTP_MAX_CONNECTIONS_PER_ADDRESS). */
      maxConnectionsPerAddress: values.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
    /** Lowest level logged (LOG_LEVEL). */
    logLevel: values.LOG_LEVEL,
    /** JSON lines (production, tests) or one readable line per entry (development). */
    logFormat: values.LOG_FORMAT ?? (nodeEnv === 'development' ? 'pretty' : 'json'),
    /** Bearer token that GET /api/metrics requires; null turns the route off (METRICS_TOKEN). */
    metricsToken: values.METRICS_TOKEN ?? null,
  };
}

/** The environment's schema with its defaults, and what it makes: the configuration's one source. */
const configSchema = envSchema.transform(toConfig);

type ParsedConfig = z.output<typeof configSchema>;

/** The whole run-time configuration, parsed once at start-up by `loadConfig`. */
export type Config = Omit<ParsedConfig, 'jwtSecret'> & {
  /** HS256 key, at least 32 bytes. */
  jwtSecret: string;
};
export type NodeEnv = Config['nodeEnv'];
/** At most `max` attempts per key within a sliding window of `windowSeconds`. */
export type RateLimitRule = Config['rateLimits']['login'];
export type SummarizerLimits = Config['summarizerLimits'];
export type JobsConfig = Config['jobs'];
export type ExtractionConfig = Config['extraction'];
export type DocumentsConfig = Config['documents'];
export type PasswordHashingConfig = Config['passwordHashing'];
export type DatabaseTimeouts = Config['database'];
export type HttpLimits = Config['http'];

/**
 * The JWT secret: JWT_SECRET when set; otherwise the one kept in `<dataDir>/jwt-secret`
 * (lib/jwt-secret-file.ts), so tokens survive restarts of the embedded default. A production
 * deployment on Postgres must set it, since its processes may share no disk.
 */
function resolveJwtSecret(config: ParsedConfig): string {
  if (config.jwtSecret !== undefined) return config.jwtSecret;
  const production = config.nodeEnv === 'production';
  const dataDir = config.dataDir;
  if (config.databaseUrl !== undefined && production) {
    throw new ConfigError([
      { variable: 'JWT_SECRET', message: 'is required when DATABASE_URL is set in production' },
    ]);
  }
  try {
    return keptJwtSecret(dataDir, MIN_JWT_SECRET_BYTES);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError([
      {
        variable: 'JWT_SECRET',
        message: `is unset and no secret could be kept in ${jwtSecretFile(dataDir)}: ${reason}`,
      },
    ]);
  }
}

/**
 * Parses the environment once at start-up; nothing else reads `process.env`.
 * Throws a ConfigError naming every bad variable (server.ts prints it and exits non-zero).
 * With JWT_SECRET unset it may create `<DATA_DIR>/jwt-secret`.
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: issue.path.length > 0 ? String(issue.path[0]) : 'environment',
        message: issue.message,
      })),
    );
  }
  const config = parsed.data;
  const unset = (name: string) => env[name] === undefined || env[name] === '';
  if (unset('ADMIN_EMAIL') !== unset('ADMIN_PASSWORD')) {
    const missing = unset('ADMIN_EMAIL') ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
    throw new ConfigError([
      { variable: missing, message: 'must be set together with ADMIN_EMAIL and ADMIN_PASSWORD' },
    ]);
  }
  return {
    ...config,
    jwtSecret: resolveJwtSecret(config),
  };
}
