import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { DB } from './schema';
import { fastTypes } from './timestamp-parser';
import { UserCache } from './user-cache';
import type { AuthUserRecord } from './user-record';

/** The application's database handle. */
export type Database = Kysely<DB>;

/** What a repository function runs on: the database or a transaction of it. */
export type DbExecutor = Kysely<DB> | Transaction<DB>;

const pools = new WeakMap<Database, pg.Pool>();

/** A Kysely database over a `pg` pool. */
export function createPostgresDatabase(pool: pg.Pool): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/**
 * A Kysely database over one PGlite instance. PGlite has a single connection: the dialect
 * queues connections, so code inside a transaction must use the transaction, never `db`.
 */
export function createPGliteDatabase(pglite: PGlite): Database {
  const users = new UserCache<AuthUserRecord>();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), plugins: [users.plugin()] });
  pgliteInstances.set(db, pglite);
  userCaches.set(db, users);
  return db;
}

const userCaches = new WeakMap<DbExecutor, UserCache<AuthUserRecord>>();

/**
 * The user cache of a database made by `createPGliteDatabase` (user-cache.ts); undefined for a
 * transaction, whose reads must see its own writes, and for a `pg` pool, which other processes
 * share.
 */
export function userCacheOf(db: DbExecutor): UserCache<AuthUserRecord> | undefined {
  return userCaches.get(db);
}

const pgliteInstances = new WeakMap<Database, PGlite>();

/**
 * The PGlite instance under a database made by `createPGliteDatabase`, else undefined (a `pg`
 * pool). For the rare caller that needs what Kysely cannot send: several statements in one
 * text (the job queue's schema set-up). Hold a Kysely connection while using it.
 */
export function pgliteOf(db: Database): PGlite | undefined {
  return pgliteInstances.get(db);
}

/** How busy a `pg` pool is, for the metrics. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The `pg` pool under `db` when it is a database made on a pool (not a transaction, not
 * PGlite), else undefined: for prepared statements (prepared-statement.ts).
 */
export function poolOf(db: DbExecutor): pg.Pool | undefined {
  return pools.get(db as Database);
}

/** The pool under a database made by `createDatabase` on DATABASE_URL, else undefined. */
export function poolStatsOf(db: Database): PoolStats | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/**
 * A `pg` pool that survives its database: every client keeps an error listener for its
 * whole life (pg-pool drops its own while a client is checked out, and an unheard 'error'
 * event kills the process), queries end after `timeouts` (the server cancels a long statement;
 * the client gives up on a connection that went silent and closes it, so a dead connection is
 * never handed out again), and TCP keep-alive notices a peer that vanished while idle.
 * Timestamps are read by the fast parser of timestamp-parser.ts.
 */
export function createResilientPool(
  options: pg.PoolConfig,
  timeouts: Config['database'],
  logger: Logger,
): pg.Pool {
  const pool = new pg.Pool({
    types: fastTypes,
    ...options,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.queryTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection: the pool drops it and makes a new one when needed.
  pool.on('error', (error) => logger.warn({ err: error }, 'An idle database connection failed'));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      logger.warn(
        { err: error },
        'A database connection failed; its query fails, the pool replaces it',
      );
    });
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // pg leaves a timed-out query's connection waiting for an answer that may never come:
    // end it, so the release that follows removes it from the pool.
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout') {
            client.end().catch(() => undefined);
          }
        });
      }
      return result;
    };
  });
  return pool;
}

/**
 * The database of the configuration: a `pg` pool on DATABASE_URL (see `createResilientPool`),
 * else the embedded PGlite stored under `<dataDir>/pglite`. Close it with `db.destroy()`.
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir' | 'database'>,
  logger: Logger,
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = createResilientPool(
      {
        connectionString: config.databaseUrl,
        max: config.databasePoolSize,
        idleTimeoutMillis: 30_000,
      },
      config.database,
      logger,
    );
    return createPostgresDatabase(pool);
  }
  const directory = path.join(config.dataDir, 'pglite');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  return createPGliteDatabase(await PGlite.create(directory));
}
