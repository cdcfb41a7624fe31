import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  rateLimits: { login: RateLimitRule; register: RateLimitRule };
  /** Root of the front-end builds (`<root>/shell/dist`, `<root>/remote-<name>/dist`); null serves none. */
  staticDir: string | null;
  /** Where the shell loads each remote from: a same-origin path or an absolute URL, ending in `/`. */
  remotes: Record<RemoteName, string>;
  /** Job workers run inside this process (WORKERS, 0 for none). */
  workers: number;
  /** The background job queue (pg-boss) on the same database. */
  jobs: JobsConfig;
  /**
   * log2 of the scrypt cost N for new password hashes. Always 17 from the environment;
   * only tests lower it, on the Config object, to keep the suite fast.
   */
  passwordHashCost: number;
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
  /** How often the queue's upkeep (expiry, archiving) runs, in seconds. */
  maintenanceIntervalSeconds: number;
  /** How often a worker process looks for jobs that ended without a result (to refund them), in seconds. */
  sweepIntervalSeconds: number;
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
  GEMINI_BASE_URL: optional(httpUrl),
  ADMIN_EMAIL: optional(
    z
      .string()
      .trim()
      .toLowerCase()
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
});

type ParsedEnv = z.infer<typeof envSchema>;

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
      maintenanceIntervalSeconds: 60,
      sweepIntervalSeconds: 30,
    },
    passwordHashCost: PRODUCTION_PASSWORD_HASH_COST,
  };
}
