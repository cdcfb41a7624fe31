import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, defaultExtractionConcurrency, loadConfig, repoRoot } from './config';

const SECRET = 'a-jwt-secret-of-at-least-32-bytes!!';
const temporaryFolders: string[] = [];

function temporaryFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'brevity-config-'));
  temporaryFolders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of temporaryFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The variables a ConfigError names, or the error if something else was thrown. */
function failingVariables(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((issue) => issue.variable);
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = temporaryFolder();
    const config = loadConfig({ JWT_SECRET: SECRET, DATA_DIR: dataDir });
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      databaseUrl: undefined,
      databasePoolSize: 10,
      dataDir,
      jwtSecret: SECRET,
      jwtTtlSeconds: 7 * 86_400,
      gemini: null,
      geminiModel: 'gemini-flash-latest',
      admin: null,
      demoAccounts: true,
      corsOrigins: [],
      trustProxy: [],
      rateLimits: {
        login: { max: 10, windowSeconds: 900 },
        loginPerAddress: { max: 50, windowSeconds: 900 },
        register: { max: 20, windowSeconds: 3600 },
      },
      summarizerLimits: {
        perMinute: { max: 20, windowSeconds: 60 },
        atOnce: 2,
        holdSeconds: 600,
      },
      staticDir: repoRoot,
      remotes: {
        user: '/remotes/user/',
        admin: '/remotes/admin/',
        editor: '/remotes/editor/',
        reviewer: '/remotes/reviewer/',
      },
      workers: 1,
      jobs: {
        schema: 'pgboss',
        pollingIntervalSeconds: 2,
        expireInSeconds: 120,
        retryLimit: 3,
        retryDelaySeconds: 5,
        maxRetryDelaySeconds: 300,
        maintenanceIntervalSeconds: 60,
        sweepIntervalSeconds: 30,
      },
      extraction: { timeoutMs: 30_000, memoryMb: 512, concurrency: defaultExtractionConcurrency() },
      documents: { ocrMaxPages: 50, ocrTimeoutMs: 180_000, ocrWorkers: 1, fetchAllowedHosts: [] },
      passwordHashing: {
        concurrency: Math.max(1, Math.floor(os.availableParallelism() / 2)),
        queueLimit: Math.max(1, Math.floor(os.availableParallelism() / 2)) * 64,
        waitBudgetMs: 20_000,
        maxWaitMs: 40_000,
        perClient: 3,
      },
      database: {
        statementTimeoutMs: 15_000,
        queryTimeoutMs: 16_000,
        connectTimeoutMs: 5000,
        idleInTransactionTimeoutMs: 60_000,
      },
      http: {
        headersTimeoutMs: 20_000,
        requestTimeoutMs: 120_000,
        idleTimeoutMs: 65_000,
        maxConnectionsPerAddress: 100,
      },
      logLevel: 'info',
      logFormat: 'pretty',
      metricsToken: null,
    });
  });

  it('reads the fair-use limits of summarizer calls, and names a bad one', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      DATA_DIR: temporaryFolder(),
      SUMMARIZER_RATE_LIMIT: '5',
      SUMMARIZER_CONCURRENCY: '1',
    });
    expect(config.summarizerLimits).toEqual({
      perMinute: { max: 5, windowSeconds: 60 },
      atOnce: 1,
      holdSeconds: 600,
    });
    expect(
      failingVariables({
        JWT_SECRET: SECRET,
        SUMMARIZER_RATE_LIMIT: '0',
        SUMMARIZER_CONCURRENCY: 'x',
      }),
    ).toEqual(['SUMMARIZER_RATE_LIMIT', 'SUMMARIZER_CONCURRENCY']);
  });

  it('finds the repository root from its own location, not the cwd', () => {
    expect(readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')).toContain('api');
  });

  it('resolves a relative DATA_DIR and STATIC_DIR against the repository root', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, DATA_DIR: '.data', STATIC_DIR: 'builds' });
    expect(config.dataDir).toBe(path.join(repoRoot, '.data'));
    expect(config.staticDir).toBe(path.join(repoRoot, 'builds'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app@db.internal:5432/brevity',
      DATABASE_POOL_SIZE: '25',
      DATA_DIR: '/var/lib/brevity',
      JWT_SECRET: SECRET,
      JWT_TTL: '12h',
      GEMINI_API_KEY: 'key-123',
      GEMINI_MODEL: 'gemini-2.5-pro',
      GEMINI_BASE_URL: 'http://127.0.0.1:9999',
      ADMIN_EMAIL: '  Boss@Example.COM ',
      ADMIN_PASSWORD: 'boss-password',
      DEMO: '1',
      CORS_ORIGINS: 'https://app.example.com/, http://localhost:3001',
      TRUST_PROXY: '10.0.0.1,::1',
      AUTH_RATE_LIMIT_LOGIN: '5',
      AUTH_RATE_LIMIT_REGISTER: '50',
      STATIC_DIR: '/srv/brevity',
      REMOTE_USER_URL: 'https://cdn.example.com/user',
      REMOTE_ADMIN_URL: '/staff/admin/',
      REMOTE_EDITOR_URL: 'https://cdn.example.com/editor/',
      REMOTE_REVIEWER_URL: '/staff/reviewer',
      WORKERS: '0',
      JOBS_SCHEMA: 'brevity_jobs',
      JOBS_POLLING_SECONDS: '0.5',
      JOBS_EXPIRE_SECONDS: '300',
      JOBS_MAINTENANCE_SECONDS: '5',
      AUTH_RATE_LIMIT_LOGIN_ADDRESS: '40',
      PASSWORD_HASH_CONCURRENCY: '3',
      PASSWORD_HASH_QUEUE: '12',
      PASSWORD_HASH_WAIT_SECONDS: '4',
      DATABASE_QUERY_TIMEOUT_SECONDS: '2.5',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '3',
      HTTP_HEADERS_TIMEOUT_SECONDS: '10',
      HTTP_REQUEST_TIMEOUT_SECONDS: '60',
      HTTP_IDLE_TIMEOUT_SECONDS: '75',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '20',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'pretty',
      METRICS_TOKEN: 'metrics-token-0123456789',
      GEMINI_MAX_INPUT_TOKENS: '120000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'production',
      databaseUrl: 'postgres://app@db.internal:5432/brevity',
      databasePoolSize: 25,
      dataDir: '/var/lib/brevity',
      jwtTtlSeconds: 12 * 3600,
      gemini: {
        apiKey: 'key-123',
        model: 'gemini-2.5-pro',
        baseUrl: 'http://127.0.0.1:9999',
        maxInputTokens: 120_000,
      },
      geminiModel: 'gemini-2.5-pro',
      admin: { email: 'boss@example.com', password: 'boss-password' },
      demoAccounts: true,
      corsOrigins: ['https://app.example.com', 'http://localhost:3001'],
      trustProxy: ['10.0.0.1', '::1'],
      rateLimits: { login: { max: 5 }, register: { max: 50 } },
      staticDir: '/srv/brevity',
      remotes: {
        user: 'https://cdn.example.com/user/',
        admin: '/staff/admin/',
        editor: 'https://cdn.example.com/editor/',
        reviewer: '/staff/reviewer/',
      },
      workers: 0,
      jobs: {
        schema: 'brevity_jobs',
        pollingIntervalSeconds: 0.5,
        expireInSeconds: 300,
        maintenanceIntervalSeconds: 5,
      },
      passwordHashing: {
        concurrency: 3,
        queueLimit: 12,
        waitBudgetMs: 4000,
        maxWaitMs: 8000,
        perClient: 3,
      },
      database: { statementTimeoutMs: 2500, queryTimeoutMs: 3500, connectTimeoutMs: 3000 },
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 60_000,
        idleTimeoutMs: 75_000,
        maxConnectionsPerAddress: 20,
      },
      logLevel: 'debug',
      logFormat: 'pretty',
      metricsToken: 'metrics-token-0123456789',
    });
    expect(config.rateLimits.loginPerAddress).toEqual({ max: 40, windowSeconds: 900 });
    expect(loadConfig({ JWT_SECRET: SECRET, NODE_ENV: 'production' })).toMatchObject({
      logLevel: 'info',
      logFormat: 'json',
    });
  });

  it.each([
    ['3600', 3600],
    ['90s', 90],
    ['30m', 1800],
    ['2d', 172_800],
    ['1w', 604_800],
  ])('reads JWT_TTL=%s as %i seconds', (value, seconds) => {
    expect(
      loadConfig({ JWT_SECRET: SECRET, JWT_TTL: value, DATA_DIR: '/tmp/x' }).jwtTtlSeconds,
    ).toBe(seconds);
  });

  it('seeds demo accounts on the embedded database, and on Postgres only with DEMO=1', () => {
    const base = { JWT_SECRET: SECRET };
    expect(loadConfig(base).demoAccounts).toBe(true);
    expect(loadConfig({ ...base, DEMO: '0' }).demoAccounts).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x@y/z' }).demoAccounts).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x@y/z', DEMO: '0' }).demoAccounts).toBe(
      false,
    );
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://x@y/z', DEMO: '1' }).demoAccounts).toBe(
      true,
    );
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      PORT: '',
      GEMINI_API_KEY: '',
      CORS_ORIGINS: '',
    });
    expect(config.port).toBe(3000);
    expect(config.gemini).toBeNull();
    expect(config.corsOrigins).toEqual([]);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x@y/z' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '0' }],
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['JWT_TTL', { JWT_TTL: 'forever' }],
    ['JWT_TTL', { JWT_TTL: '10s' }],
    ['GEMINI_MODEL', { GEMINI_MODEL: 'gemini flash' }],
    ['GEMINI_BASE_URL', { GEMINI_BASE_URL: 'not a url' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'boss-password' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: '123' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'boss@example.com' }],
    ['ADMIN_EMAIL', { ADMIN_PASSWORD: 'boss-password' }],
    ['DEMO', { DEMO: 'yes' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://app.example.com/path' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'app.example.com' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.internal' }],
    ['AUTH_RATE_LIMIT_LOGIN', { AUTH_RATE_LIMIT_LOGIN: '0' }],
    ['AUTH_RATE_LIMIT_REGISTER', { AUTH_RATE_LIMIT_REGISTER: 'many' }],
    ['REMOTE_ADMIN_URL', { REMOTE_ADMIN_URL: 'remotes/admin/' }],
    ['REMOTE_USER_URL', { REMOTE_USER_URL: '//cdn.example.com/user/' }],
    ['WORKERS', { WORKERS: '1.5' }],
    ['JOBS_SCHEMA', { JOBS_SCHEMA: 'pg boss; drop' }],
    ['JOBS_POLLING_SECONDS', { JOBS_POLLING_SECONDS: '0.1' }],
    ['JOBS_MAINTENANCE_SECONDS', { JOBS_MAINTENANCE_SECONDS: '0' }],
    ['AUTH_RATE_LIMIT_LOGIN_ADDRESS', { AUTH_RATE_LIMIT_LOGIN_ADDRESS: '0' }],
    ['PASSWORD_HASH_CONCURRENCY', { PASSWORD_HASH_CONCURRENCY: '0' }],
    ['PASSWORD_HASH_QUEUE', { PASSWORD_HASH_QUEUE: '-1' }],
    ['PASSWORD_HASH_WAIT_SECONDS', { PASSWORD_HASH_WAIT_SECONDS: '0' }],
    ['DATABASE_QUERY_TIMEOUT_SECONDS', { DATABASE_QUERY_TIMEOUT_SECONDS: '0.1' }],
    ['DATABASE_CONNECT_TIMEOUT_SECONDS', { DATABASE_CONNECT_TIMEOUT_SECONDS: 'soon' }],
    ['HTTP_HEADERS_TIMEOUT_SECONDS', { HTTP_HEADERS_TIMEOUT_SECONDS: '0' }],
    ['HTTP_REQUEST_TIMEOUT_SECONDS', { HTTP_REQUEST_TIMEOUT_SECONDS: '1h' }],
    ['HTTP_IDLE_TIMEOUT_SECONDS', { HTTP_IDLE_TIMEOUT_SECONDS: '99999' }],
    ['HTTP_MAX_CONNECTIONS_PER_ADDRESS', { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['LOG_FORMAT', { LOG_FORMAT: 'xml' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }],
    ['OCR_MAX_PAGES', { OCR_MAX_PAGES: '0' }],
    ['GEMINI_MAX_INPUT_TOKENS', { GEMINI_MAX_INPUT_TOKENS: '100' }],
    ['OCR_TIMEOUT_SECONDS', { OCR_TIMEOUT_SECONDS: 'slow' }],
    ['OCR_WORKERS', { OCR_WORKERS: '9' }],
  ])('names %s when it is invalid (%j)', (variable, env) => {
    expect(failingVariables({ JWT_SECRET: SECRET, DATA_DIR: '/tmp/x', ...env })).toContain(
      variable,
    );
  });

  it('reads the OCR limits and the allowed hosts, trimmed and lower-cased', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      DATA_DIR: temporaryFolder(),
      OCR_MAX_PAGES: '10',
      OCR_TIMEOUT_SECONDS: '60',
      OCR_WORKERS: '2',
      FETCH_ALLOWED_HOSTS: ' Intranet.example:8080 , 127.0.0.1,, ',
    });
    expect(config.documents).toEqual({
      ocrMaxPages: 10,
      ocrTimeoutMs: 60_000,
      ocrWorkers: 2,
      fetchAllowedHosts: ['intranet.example:8080', '127.0.0.1'],
    });
  });

  it('names every bad variable at once, with a readable message', () => {
    try {
      loadConfig({ PORT: 'abc', NODE_ENV: 'staging', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toContain('PORT: must be a whole number from 0 to 65535');
      expect(message).toContain('NODE_ENV: must be development, test or production');
      expect(message).toContain('JWT_SECRET: must be at least 32 bytes');
      // A secret's value is never echoed.
      expect(message).not.toContain('short');
    }
  });

  describe('JWT secret', () => {
    it('is generated once in DATA_DIR/jwt-secret with mode 0600 and reused on the next start', () => {
      const dataDir = path.join(temporaryFolder(), 'nested', 'data');
      const first = loadConfig({ DATA_DIR: dataDir });
      const file = path.join(dataDir, 'jwt-secret');
      expect(Buffer.byteLength(first.jwtSecret)).toBeGreaterThanOrEqual(32);
      expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    });

    it('is generated on Postgres outside production too (development convenience)', () => {
      const dataDir = temporaryFolder();
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@y/z' });
      expect(config.jwtSecret).toBe(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'));
    });

    it('is required with DATABASE_URL in production', () => {
      expect(
        failingVariables({
          NODE_ENV: 'production',
          DATABASE_URL: 'postgres://x@y/z',
          DATA_DIR: temporaryFolder(),
        }),
      ).toEqual(['JWT_SECRET']);
    });

    it('refuses a kept secret that is too short', () => {
      const dataDir = temporaryFolder();
      writeFileSync(path.join(dataDir, 'jwt-secret'), 'short', { mode: 0o600 });
      expect(failingVariables({ DATA_DIR: dataDir })).toEqual(['JWT_SECRET']);
    });

    it('wins over a kept secret when JWT_SECRET is set', () => {
      const dataDir = temporaryFolder();
      loadConfig({ DATA_DIR: dataDir });
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
    });
  });
});
