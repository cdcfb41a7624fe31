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
  PORT: withDefault(integer(0, 65_535), 3000),
  HOST: withDefault(z.string().trim().min(1), '0.0.0.0'),
  NODE_ENV: withDefault(
    z.enum(['development', 'test', 'production'], 'must be development, test or production'),
    'development',
  ),
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  ),
  DATABASE_POOL_SIZE: withDefault(integer(1, 1000), 10),
  DATA_DIR: withDefault(z.string().trim().min(1), '.data'),
  JWT_SECRET: optional(
    z
      .string()
      .refine(
        (value) => Buffer.byteLength(value, 'utf8') >= MIN_JWT_SECRET_BYTES,
        `must be at least ${MIN_JWT_SECRET_BYTES} bytes`,
      ),
  ),
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
  ),
  GEMINI_API_KEY: optional(z.string().trim().min(1)),
  GEMINI_MODEL: withDefault(
    z
      .string()
      .trim()
      .regex(/^[\w.\-/]+$/, 'must be a model name such as gemini-flash-latest'),
    'gemini-flash-latest',
  ),
  // The SDK appends "/v1beta/…": a trailing slash would make it request "//v1beta/…".
  GEMINI_BASE_URL: optional(httpUrl.transform((value) => value.replace(/\/+$/, ''))),
  GEMINI_MAX_INPUT_TOKENS: withDefault(integer(10_000, 10_000_000), 900_000),
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
  ),
  TRUST_PROXY: withDefault(
    commaList().pipe(
      z.array(
        z.string().refine((value) => isIP(value) !== 0, 'must list IP addresses'),
        'must be a comma-separated list of IP addresses',
      ),
    ),
    [],
  ),
  AUTH_RATE_LIMIT_LOGIN: withDefault(integer(1, 1_000_000), 10),
  AUTH_RATE_LIMIT_REGISTER: withDefault(integer(1, 1_000_000), 20),
  SUMMARIZER_RATE_LIMIT: withDefault(integer(1, 1_000_000), 20),
  SUMMARIZER_CONCURRENCY: withDefault(integer(1, 1_000), 2),
  STATIC_DIR: withDefault(z.string().trim().min(1), '.'),
  REMOTE_USER_URL: withDefault(remoteLocation, '/remotes/user/'),
  REMOTE_ADMIN_URL: withDefault(remoteLocation, '/remotes/admin/'),
  REMOTE_EDITOR_URL: withDefault(remoteLocation, '/remotes/editor/'),
  REMOTE_REVIEWER_URL: withDefault(remoteLocation, '/remotes/reviewer/'),
  WORKERS: withDefault(integer(0, 64), 1),
  JOBS_SCHEMA: withDefault(
    z
      .string()
      .trim()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier such as pgboss'),
    'pgboss',
  ),
  JOBS_POLLING_SECONDS: withDefault(
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of seconds from 0.5 to 60')
      .transform(Number)
      .refine((value) => value >= 0.5 && value <= 60, 'must be a number of seconds from 0.5 to 60'),
    2,
  ),
  JOBS_EXPIRE_SECONDS: withDefault(integer(1, 86_400), 120),
  EXTRACTION_TIMEOUT_SECONDS: withDefault(integer(1, 600), 30),
  EXTRACTION_MEMORY_MB: withDefault(integer(64, 16_384), 512),
  EXTRACTION_CONCURRENCY: withDefault(integer(1, 64), defaultExtractionConcurrency()),
  JOBS_MAINTENANCE_SECONDS: withDefault(integer(1, 3_600), 60),
  OCR_MAX_PAGES: withDefault(integer(1, 2_000), 50),
  OCR_TIMEOUT_SECONDS: withDefault(integer(5, 3_600), 180),
  OCR_WORKERS: withDefault(integer(1, 8), 1),
  FETCH_ALLOWED_HOSTS: z.string().optional(),
  AUTH_RATE_LIMIT_LOGIN_ADDRESS: withDefault(integer(1, 1_000_000), 50),
  PASSWORD_HASH_CONCURRENCY: withDefault(integer(1, 64), DEFAULT_HASH_CONCURRENCY),
  PASSWORD_HASH_QUEUE: optional(integer(0, 10_000)),
  PASSWORD_HASH_WAIT_SECONDS: withDefault(seconds(0.5, 60), 20),
  DATABASE_QUERY_TIMEOUT_SECONDS: withDefault(seconds(0.5, 3_600), 15),
  DATABASE_CONNECT_TIMEOUT_SECONDS: withDefault(seconds(0.5, 600), 5),
  HTTP_HEADERS_TIMEOUT_SECONDS: withDefault(seconds(1, 600), 20),
  HTTP_REQUEST_TIMEOUT_SECONDS: withDefault(seconds(1, 3_600), 120),
  HTTP_IDLE_TIMEOUT_SECONDS: withDefault(seconds(1, 3_600), 65),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: withDefault(integer(1, 1_000_000), 100),
  LOG_LEVEL: withDefault(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
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

type ParsedEnv = z.output<typeof envSchema>;

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
