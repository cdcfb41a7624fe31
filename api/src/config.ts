import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { normalizeEmail } from './lib/email';

/**
 * The repository root. This file is api/src/config.ts and its bundle api/dist/server.js
 * (or migrate.js): both sit two folders below the root, so the same relative step works.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type NodeEnv = 'development' | 'test' | 'production';
export type RemoteName = 'user' | 'admin' | 'editor' | 'reviewer';
export const REMOTE_NAMES: readonly RemoteName[] = ['user', 'admin', 'editor', 'reviewer'];

/** At most `max` attempts per key within a sliding window of `windowSeconds`. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** The whole run-time configuration, parsed once at start-up by `loadConfig`. */
export interface Config {
  port: number;
  host: string;
  nodeEnv: NodeEnv;
  /** Postgres connection string; undefined means the embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Size of the `pg` pool (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Absolute folder for the embedded database and the generated JWT secret. */
  dataDir: string;
  /** HS256 key, at least 32 bytes. */
  jwtSecret: string;
  /** Token lifetime in seconds (JWT_TTL, e.g. `7d`, `12h`, `3600`). */
  jwtTtlSeconds: number;
  /** Set when GEMINI_API_KEY is; null means the local summarizer answers alone. */
  gemini: { apiKey: string; model: string; baseUrl: string | undefined } | null;
  /** GEMINI_MODEL (default `gemini-flash-latest`), also when no key is set. */
  geminiModel: string;
  /** The admin to create at start-up (ADMIN_EMAIL + ADMIN_PASSWORD), or null. */
  admin: { email: string; password: string } | null;
  /** Seed the demo accounts: always on the embedded database, with DATABASE_URL only when DEMO=1. */
  demoAccounts: boolean;
  /** Origins allowed to call /api from a browser (CORS_ORIGINS). */
  corsOrigins: string[];
  /** Proxy addresses whose X-Forwarded-For is believed (TRUST_PROXY). */
  trustProxy: string[];
  /**
   * Failed logins per email and address (`login`), failed logins per address whatever the
   * email (`loginPerAddress`, against password spraying), registrations per address.
   */
  rateLimits: { login: RateLimitRule; loginPerAddress: RateLimitRule; register: RateLimitRule };
  /** Root of the front-end builds (`<root>/shell/dist`, `<root>/remote-<name>/dist`); null serves none. */
  staticDir: string | null;
  /** Where the shell loads each remote from: a same-origin path or an absolute URL, ending in `/`. */
  remotes: Record<RemoteName, string>;
  /** Job workers run inside this process (WORKERS, 0 for none). */
  workers: number;
  /** The background job queue (pg-boss) on the same database. */
  jobs: JobsConfig;
  /** Limits of the worker threads that read uploaded files. */
  extraction: ExtractionConfig;
  /**
   * log2 of the scrypt cost N for new password hashes. Always 17 from the environment;
   * only tests lower it, on the Config object, to keep the suite fast.
   */
  passwordHashCost: number;
  /** How much password hashing runs at once and how much may wait (see lib/password-hashing.ts). */
  passwordHashing: PasswordHashingConfig;
  /** Time-outs of the database connection (with DATABASE_URL). */
  database: DatabaseTimeouts;
  /** Time-outs and limits of the HTTP server. */
  http: HttpLimits;
  /** Lowest level logged (LOG_LEVEL). */
  logLevel: LogLevel;
  /** JSON lines (production, tests) or one readable line per entry (development). */
  logFormat: 'json' | 'pretty';
  /** Bearer token that GET /api/metrics requires; null turns the route off (METRICS_TOKEN). */
  metricsToken: string | null;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** Bounds on password hashing (scrypt with 128 MiB each), so a login flood cannot starve the rest. */
export interface PasswordHashingConfig {
  /** Hashes computed at once (PASSWORD_HASH_CONCURRENCY). */
  concurrency: number;
  /** Hashes that may wait for a turn (PASSWORD_HASH_QUEUE); past that, 503 at once. */
  queueLimit: number;
  /** Longest wait for a turn, in milliseconds; past that, 503. */
  maxWaitMs: number;
}

export interface DatabaseTimeouts {
  /** Longest statement; the server cancels it (DATABASE_QUERY_TIMEOUT_SECONDS). */
  statementTimeoutMs: number;
  /** Longest wait for any answer on the connection, a little over the statement time-out. */
  queryTimeoutMs: number;
  /** Longest wait for a new connection (DATABASE_CONNECT_TIMEOUT_SECONDS). */
  connectTimeoutMs: number;
  /** A transaction left idle this long is ended by the server. */
  idleInTransactionTimeoutMs: number;
}

export interface HttpLimits {
  /** A request's headers must arrive within this (HTTP_HEADERS_TIMEOUT_SECONDS). */
  headersTimeoutMs: number;
  /** A whole request, body included, must arrive within this (HTTP_REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (HTTP_IDLE_TIMEOUT_SECONDS). */
  idleTimeoutMs: number;
  /** Open connections one client address may hold; proxies in TRUST_PROXY are exempt (HTTP_MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress: number;
}

/** Settings of the job queue; tests shorten the intervals on the Config object. */
export interface JobsConfig {
  /** Postgres schema of the queue's own tables (JOBS_SCHEMA, default `pgboss`). */
  schema: string;
  /** How often an idle worker asks for a job, in seconds (JOBS_POLLING_SECONDS, default 2). */
  pollingIntervalSeconds: number;
  /** A job active this long is taken as lost (its process died) and queued again (JOBS_EXPIRE_SECONDS, default 120). */
  expireInSeconds: number;
  /** Further attempts after a temporary failure (the summarizer's 429/5xx/time-out). */
  retryLimit: number;
  /** First wait before a retry, doubled each time (with jitter), in seconds. */
  retryDelaySeconds: number;
  /**
   * Longest wait before a retry that the AI service asked for (a 429's retryDelay, its
   * cool-down), in seconds: a job waits that long for Gemini before the next attempt.
   */
  maxRetryDelaySeconds: number;
  /** How often the queue's upkeep (expiry, archiving) runs, in seconds. */
  maintenanceIntervalSeconds: number;
  /** How often a worker process looks for jobs that ended without a result (to refund them), in seconds. */
  sweepIntervalSeconds: number;
}

/** Limits of file extraction (uploads are read in worker threads, never on the event loop). */
export interface ExtractionConfig {
  /** Wall-clock limit of reading one file, in ms; the worker is then stopped (EXTRACTION_TIMEOUT_SECONDS, default 30). */
  timeoutMs: number;
  /** Heap limit of each worker thread, and its share of the process's memory growth, in MB (EXTRACTION_MEMORY_MB, default 512). */
  memoryMb: number;
  /** Files read at once; more wait in a queue (EXTRACTION_CONCURRENCY, default: cores - 1, from 1 to 4). */
  concurrency: number;
}

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

const PRODUCTION_PASSWORD_HASH_COST = 17;
const MIN_JWT_SECRET_BYTES = 32;
const LOGIN_WINDOW_SECONDS = 15 * 60;
/** The work of one password hash, about 128 MiB and a few hundred ms of one core. */
const DEFAULT_HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
const HASH_QUEUE_PER_SLOT = 8;
const HASH_MAX_WAIT_MS = 5_000;
/** The client's read time-out exceeds the server's statement time-out by this, so the server's clearer error wins. */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
const REGISTER_WINDOW_SECONDS = 60 * 60;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** Empty variables count as unset, as in most .env tooling. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
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
  PORT: optional(integer(0, 65_535)),
  HOST: optional(z.string().trim().min(1)),
  NODE_ENV: optional(
    z.enum(['development', 'test', 'production'], 'must be development, test or production'),
  ),
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  ),
  DATABASE_POOL_SIZE: optional(integer(1, 1000)),
  DATA_DIR: optional(z.string().trim().min(1)),
  JWT_SECRET: optional(
    z
      .string()
      .refine(
        (value) => Buffer.byteLength(value, 'utf8') >= MIN_JWT_SECRET_BYTES,
        `must be at least ${MIN_JWT_SECRET_BYTES} bytes`,
      ),
  ),
  JWT_TTL: optional(
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
  ),
  GEMINI_API_KEY: optional(z.string().trim().min(1)),
  GEMINI_MODEL: optional(
    z
      .string()
      .trim()
      .regex(/^[\w.\-/]+$/, 'must be a model name such as gemini-flash-latest'),
  ),
  // The SDK appends "/v1beta/…": a trailing slash would make it request "//v1beta/…".
  GEMINI_BASE_URL: optional(httpUrl.transform((value) => value.replace(/\/+$/, ''))),
  ADMIN_EMAIL: optional(
    z
      .string()
      .overwrite(normalizeEmail)
      .refine(
        (value) => value.length <= 254 && EMAIL_PATTERN.test(value),
        'must be a valid email address',
      ),
  ),
  ADMIN_PASSWORD: optional(
    z
      .string()
      .refine((value) => value.length >= 6 && value.length <= 128, 'must be 6 to 128 characters'),
  ),
  DEMO: optional(
    z
      .enum(['0', '1', 'true', 'false'], 'must be 0 or 1')
      .transform((value) => value === '1' || value === 'true'),
  ),
  CORS_ORIGINS: optional(
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
  ),
  TRUST_PROXY: optional(
    commaList().pipe(
      z.array(
        z.string().refine((value) => isIP(value) !== 0, 'must list IP addresses'),
        'must be a comma-separated list of IP addresses',
      ),
    ),
  ),
  AUTH_RATE_LIMIT_LOGIN: optional(integer(1, 1_000_000)),
  AUTH_RATE_LIMIT_REGISTER: optional(integer(1, 1_000_000)),
  STATIC_DIR: optional(z.string().trim().min(1)),
  REMOTE_USER_URL: optional(remoteLocation),
  REMOTE_ADMIN_URL: optional(remoteLocation),
  REMOTE_EDITOR_URL: optional(remoteLocation),
  REMOTE_REVIEWER_URL: optional(remoteLocation),
  WORKERS: optional(integer(0, 64)),
  JOBS_SCHEMA: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier such as pgboss'),
  ),
  JOBS_POLLING_SECONDS: optional(
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds from 0.5 to 60')
      .transform(Number)
      .refine((value) => value >= 0.5 && value <= 60, 'must be a number of seconds from 0.5 to 60'),
  ),
  JOBS_EXPIRE_SECONDS: optional(integer(1, 86_400)),
  EXTRACTION_TIMEOUT_SECONDS: optional(integer(1, 600)),
  EXTRACTION_MEMORY_MB: optional(integer(64, 16_384)),
  EXTRACTION_CONCURRENCY: optional(integer(1, 64)),
  JOBS_MAINTENANCE_SECONDS: optional(integer(1, 3_600)),
  AUTH_RATE_LIMIT_LOGIN_ADDRESS: optional(integer(1, 1_000_000)),
  PASSWORD_HASH_CONCURRENCY: optional(integer(1, 64)),
  PASSWORD_HASH_QUEUE: optional(integer(0, 10_000)),
  DATABASE_QUERY_TIMEOUT_SECONDS: optional(seconds(0.5, 3_600)),
  DATABASE_CONNECT_TIMEOUT_SECONDS: optional(seconds(0.5, 600)),
  HTTP_HEADERS_TIMEOUT_SECONDS: optional(seconds(1, 600)),
  HTTP_REQUEST_TIMEOUT_SECONDS: optional(seconds(1, 3_600)),
  HTTP_IDLE_TIMEOUT_SECONDS: optional(seconds(1, 3_600)),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: optional(integer(1, 1_000_000)),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
  LOG_FORMAT: optional(z.enum(['json', 'pretty'], 'must be json or pretty')),
  METRICS_TOKEN: optional(
    z
      .string()
      .trim()
      .refine(
        (value) => value.length >= 16 && /^[\x21-\x7e]+$/.test(value),
        'must be at least 16 visible ASCII characters',
      ),
  ),
});

type ParsedEnv = z.infer<typeof envSchema>;

function passwordHashingConfig(values: ParsedEnv): PasswordHashingConfig {
  const concurrency = values.PASSWORD_HASH_CONCURRENCY ?? DEFAULT_HASH_CONCURRENCY;
  return {
    concurrency,
    queueLimit: values.PASSWORD_HASH_QUEUE ?? concurrency * HASH_QUEUE_PER_SLOT,
    maxWaitMs: HASH_MAX_WAIT_MS,
  };
}

function databaseTimeouts(values: ParsedEnv): DatabaseTimeouts {
  const statementTimeoutMs = Math.round((values.DATABASE_QUERY_TIMEOUT_SECONDS ?? 15) * 1000);
  return {
    statementTimeoutMs,
    queryTimeoutMs: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
    connectTimeoutMs: Math.round((values.DATABASE_CONNECT_TIMEOUT_SECONDS ?? 5) * 1000),
    idleInTransactionTimeoutMs: Math.max(IDLE_IN_TRANSACTION_TIMEOUT_MS, statementTimeoutMs),
  };
}

/** Relative paths are taken from the repository root, so the cwd of `pnpm --filter` does not matter. */
function fromRepoRoot(value: string): string {
  return path.resolve(repoRoot, value);
}

/**
 * The JWT secret: JWT_SECRET when set; otherwise one generated once and kept in
 * `<dataDir>/jwt-secret` (mode 0600), so tokens survive restarts of the embedded default.
 * A production deployment on Postgres must set it, since its processes may share no disk.
 */
function resolveJwtSecret(env: ParsedEnv, dataDir: string, production: boolean): string {
  if (env.JWT_SECRET !== undefined) return env.JWT_SECRET;
  if (env.DATABASE_URL !== undefined && production) {
    throw new ConfigError([
      { variable: 'JWT_SECRET', message: 'is required when DATABASE_URL is set in production' },
    ]);
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx' fails if another process created the file first; then its secret is read below.
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const secret = readFileSync(file, 'utf8').trim();
    if (Buffer.byteLength(secret, 'utf8') < MIN_JWT_SECRET_BYTES) {
      throw new Error(`${file} holds fewer than ${MIN_JWT_SECRET_BYTES} bytes`);
    }
    return secret;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError([
      {
        variable: 'JWT_SECRET',
        message: `is unset and no secret could be kept in ${file}: ${reason}`,
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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: issue.path.length > 0 ? String(issue.path[0]) : 'environment',
        message: issue.message,
      })),
    );
  }
  const values = parsed.data;

  if ((values.ADMIN_EMAIL === undefined) !== (values.ADMIN_PASSWORD === undefined)) {
    const missing = values.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
    throw new ConfigError([
      { variable: missing, message: 'must be set together with ADMIN_EMAIL and ADMIN_PASSWORD' },
    ]);
  }

  const nodeEnv = values.NODE_ENV ?? 'development';
  const dataDir = fromRepoRoot(values.DATA_DIR ?? '.data');
  const geminiModel = values.GEMINI_MODEL ?? 'gemini-flash-latest';

  return {
    port: values.PORT ?? 3000,
    host: values.HOST ?? '0.0.0.0',
    nodeEnv,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE ?? 10,
    dataDir,
    jwtSecret: resolveJwtSecret(values, dataDir, nodeEnv === 'production'),
    jwtTtlSeconds: values.JWT_TTL ?? 7 * 86_400,
    gemini: values.GEMINI_API_KEY
      ? { apiKey: values.GEMINI_API_KEY, model: geminiModel, baseUrl: values.GEMINI_BASE_URL }
      : null,
    geminiModel,
    admin:
      values.ADMIN_EMAIL !== undefined && values.ADMIN_PASSWORD !== undefined
        ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD }
        : null,
    demoAccounts: values.DATABASE_URL === undefined || values.DEMO === true,
    corsOrigins: values.CORS_ORIGINS ?? [],
    trustProxy: values.TRUST_PROXY ?? [],
    rateLimits: {
      login: { max: values.AUTH_RATE_LIMIT_LOGIN ?? 10, windowSeconds: LOGIN_WINDOW_SECONDS },
      loginPerAddress: {
        max: values.AUTH_RATE_LIMIT_LOGIN_ADDRESS ?? 50,
        windowSeconds: LOGIN_WINDOW_SECONDS,
      },
      register: {
        max: values.AUTH_RATE_LIMIT_REGISTER ?? 20,
        windowSeconds: REGISTER_WINDOW_SECONDS,
      },
    },
    staticDir: fromRepoRoot(values.STATIC_DIR ?? '.'),
    remotes: {
      user: values.REMOTE_USER_URL ?? '/remotes/user/',
      admin: values.REMOTE_ADMIN_URL ?? '/remotes/admin/',
      editor: values.REMOTE_EDITOR_URL ?? '/remotes/editor/',
      reviewer: values.REMOTE_REVIEWER_URL ?? '/remotes/reviewer/',
    },
    workers: values.WORKERS ?? 1,
    jobs: {
      schema: values.JOBS_SCHEMA ?? 'pgboss',
      pollingIntervalSeconds: values.JOBS_POLLING_SECONDS ?? 2,
      expireInSeconds: values.JOBS_EXPIRE_SECONDS ?? 120,
      retryLimit: 3,
      retryDelaySeconds: 5,
      maxRetryDelaySeconds: 300,
      maintenanceIntervalSeconds: values.JOBS_MAINTENANCE_SECONDS ?? 60,
      sweepIntervalSeconds: 30,
    },
    extraction: {
      timeoutMs: (values.EXTRACTION_TIMEOUT_SECONDS ?? 30) * 1000,
      memoryMb: values.EXTRACTION_MEMORY_MB ?? 512,
      concurrency: values.EXTRACTION_CONCURRENCY ?? defaultExtractionConcurrency(),
    },
    passwordHashCost: PRODUCTION_PASSWORD_HASH_COST,
    passwordHashing: passwordHashingConfig(values),
    database: databaseTimeouts(values),
    http: {
      headersTimeoutMs: (values.HTTP_HEADERS_TIMEOUT_SECONDS ?? 20) * 1000,
      requestTimeoutMs: (values.HTTP_REQUEST_TIMEOUT_SECONDS ?? 120) * 1000,
      idleTimeoutMs: (values.HTTP_IDLE_TIMEOUT_SECONDS ?? 65) * 1000,
      maxConnectionsPerAddress: values.HTTP_MAX_CONNECTIONS_PER_ADDRESS ?? 100,
    },
    logLevel: values.LOG_LEVEL ?? 'info',
    logFormat: values.LOG_FORMAT ?? (nodeEnv === 'development' ? 'pretty' : 'json'),
    metricsToken: values.METRICS_TOKEN ?? null,
  };
}
