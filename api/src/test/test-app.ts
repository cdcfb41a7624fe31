import { randomUUID } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import type { App } from '../app';
import { loadConfig } from '../config';
import type { Config } from '../config';
import { insertAccount } from '../db/credit-ledger.repository';
import type { Database } from '../db/database';
import type { Role } from '../db/schema';
import { createSummarizer } from '../summarizer/create-summarizer';
import type { UserRecord } from '../db/user-record';
import type { AppDeps } from '../app-env';
import { createJobQueue } from '../db/job-queue';
import { createConsoleLogger } from './console-logger';
import { createMetrics } from '../metrics';
import { createPasswordHashing } from '../lib/password-hashing';
import { startSummaryWorkers } from '../features/summaries/summary-workers';
import { createDocumentReader } from '../documents/document-reader';
import { FileExtractionPool } from '../documents/file-extraction-pool';
import type { Resolver } from '../documents/web/fetch-page';
import type { SummaryWorkers } from '../features/summaries/summary-workers';
import { signAccessToken } from '../lib/tokens';
import { createTestDatabase } from './test-database';
import type { TestDatabase } from './test-database';

/** The JWT secret of test configs (32+ bytes). */
export const TEST_JWT_SECRET = 'brevity-test-secret-0123456789abcdef';

/** scrypt N = 2^10 in tests instead of 2^17: same code path, a thousandth of the work. */
export const TEST_PASSWORD_HASH_COST = 10;

/**
 * A Config as `loadConfig` makes it from `env` (plus test defaults), then `overrides`.
 * Defaults: NODE_ENV=test, a fixed JWT secret, a throw-away DATA_DIR, no front ends served, rate limits (summarizer calls too) and a hashing queue large enough not to get in the way.
 */
export function createTestConfig(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: path.join(os.tmpdir(), `brevity-test-${randomUUID()}`),
    AUTH_RATE_LIMIT_LOGIN: '1000',
    AUTH_RATE_LIMIT_REGISTER: '1000',
    AUTH_RATE_LIMIT_LOGIN_ADDRESS: '1000',
    PASSWORD_HASH_QUEUE: '1000',
    SUMMARIZER_RATE_LIMIT: '1000',
    SUMMARIZER_CONCURRENCY: '1000',
    LOG_LEVEL: 'warn',
    ...env,
  });
  return { ...config, staticDir: null, ...overrides };
}

export interface TestRequestInit extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body with `Content-Type: application/json`. */
  json?: unknown;
  body?: RequestInit['body'];
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** The socket address the request seems to come from (default: none, i.e. `unknown`). */
  address?: string;
}

export interface TestUser {
  user: UserRecord;
  password: string;
  token: string;
}

export interface TestApp {
  app: App;
  deps: AppDeps;
  config: Config;
  db: Database;
  /** The database; pass it as `database` to another test app to share it (several processes). */
  database: TestDatabase;
  /** Calls the app in process, like `app.request`, with JSON, token and address helpers. */
  request(requestPath: string, init?: TestRequestInit): Promise<Response>;
  /** Inserts a user straight into the database (any role and credits) and signs a token for it. */
  createUser(fields?: {
    name?: string;
    email?: string;
    password?: string;
    role?: Role;
    credits?: number;
  }): Promise<TestUser>;
  /**
   * Runs job workers in this app (as server.ts does when WORKERS > 0); `destroy()` stops
   * them, or stop them yourself (a restart) with the returned handle.
   */
  startWorkers(concurrency?: number): Promise<SummaryWorkers>;
  /** Stops the workers and the job queue, then closes the database and drops what the test created. */
  destroy(): Promise<void>;
}

export interface TestAppOptions {
  /** Overrides of the test config (see `createTestConfig`); `jobs` overrides field by field. */
  config?: Partial<Omit<Config, 'jobs'>> & { jobs?: Partial<Config['jobs']> };
  /** Extra environment for `loadConfig`, before `config` overrides apply. */
  env?: Record<string, string>;
  /** Use this database instead of a fresh one (it is not destroyed by `destroy()`). */
  database?: TestDatabase;
  /** Extra deps or replacements (later features: a fake summarizer, ...). */
  deps?: Partial<AppDeps>;
  /** log2 of scrypt's N for password hashes (default TEST_PASSWORD_HASH_COST). */
  passwordHashCost?: number;
  /**
   * Resolves the host names of web addresses the app reads (default: the system's resolver).
   * A test server on 127.0.0.1 is read once allowed: `env: { FETCH_ALLOWED_HOSTS: '127.0.0.1:<port>' }`.
   */
  resolve?: Resolver;
}

/**
 * An app on a fresh, migrated database (in-memory PGlite, or a new schema on
 * TEST_DATABASE_URL). Create one per file in `beforeAll` and destroy it in `afterAll`:
 *
 * ```ts
 * let t: TestApp;
 * beforeAll(async () => { t = await createTestApp(); });
 * afterAll(() => t.destroy());
 * const { token } = await t.createUser({ role: 'admin' });
 * const res = await t.request('/api/auth/me', { token });
 * ```
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const { jobs: jobOverrides, ...configOverrides } = options.config ?? {};
  const config = createTestConfig(configOverrides, options.env);
  // Short queue intervals keep job tests quick; the queue's tables get the database's own schema.
  config.jobs = {
    ...config.jobs,
    schema: database.jobsSchema,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    retryDelaySeconds: 1,
    ...jobOverrides,
  };
  // The summarizer of the config: the local one, as test configs set no GEMINI_API_KEY.
  const summarizer = createSummarizer({
    geminiApiKey: config.gemini?.apiKey,
    geminiModel: config.geminiModel,
    geminiBaseUrl: config.gemini?.baseUrl,
    maxInputTokens: config.gemini?.maxInputTokens,
  });
  // Warnings and errors reach console.warn / console.error, where tests see them.
  const logger = options.deps?.logger ?? createConsoleLogger(config.logLevel);
  const passwords =
    options.deps?.passwords ??
    createPasswordHashing(
      config.passwordHashing,
      options.passwordHashCost ?? TEST_PASSWORD_HASH_COST,
    );
  const deps: AppDeps = {
    config,
    db: database.db,
    summarizer,
    documents: createDocumentReader({
      fileExtractor: new FileExtractionPool(config.extraction),
      allowedHosts: config.documents.fetchAllowedHosts,
      resolve: options.resolve,
      ocr: config.documents,
    }),
    jobs: createJobQueue(database.db, config.jobs, logger),
    logger,
    passwords,
    metrics: createMetrics({
      db: database.db,
      passwords,
      processMetrics: false,
      // The summarizer the app ends up with (a test's own, if it passes one).
      summarizerHealth: () => deps.summarizer.health?.(),
    }),
    ...options.deps,
  };
  const app = createApp(deps);
  let counter = 0;
  const workers: SummaryWorkers[] = [];

  return {
    app,
    deps,
    config,
    db: database.db,
    database,
    request(requestPath, init = {}) {
      const { json, token, address, headers, ...rest } = init;
      const requestHeaders = new Headers(headers);
      if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');
      if (token !== undefined) requestHeaders.set('Authorization', `Bearer ${token}`);
      const body = json !== undefined ? JSON.stringify(json) : rest.body;
      // What @hono/node-server passes as bindings: only the socket's address is read.
      const env = (
        address === undefined ? {} : { incoming: { socket: { remoteAddress: address } } }
      ) as Partial<HttpBindings>;
      return Promise.resolve(
        app.request(requestPath, { ...rest, headers: requestHeaders, body }, env),
      );
    },
    async createUser(fields = {}) {
      counter += 1;
      const password = fields.password ?? 'password123';
      const credits = fields.credits ?? 5;
      const user = await insertAccount(database.db, {
        name: fields.name ?? `Test User ${counter}`,
        email: fields.email ?? `user-${counter}-${randomUUID().slice(0, 8)}@example.com`,
        password_hash: await passwords.hashOutsideSlots(password),
        role: fields.role ?? 'user',
        credits,
      });
      if (!user) throw new Error(`createUser: the email ${fields.email ?? ''} is taken`);
      const token = await signAccessToken(config, {
        id: user.id,
        tokenVersion: user.token_version,
      });
      return { user, password, token };
    },
    async startWorkers(concurrency = 1) {
      const started = await startSummaryWorkers(deps, concurrency);
      workers.push(started);
      return started;
    },
    async destroy() {
      for (const started of workers) await started.stop({ graceful: false, timeoutMs: 1000 });
      await deps.jobs.stop({ graceful: false, timeoutMs: 1000 });
      await deps.documents.close();
      if (!options.database) await database.destroy();
    },
  };
}
