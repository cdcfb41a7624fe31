import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config';
import type { DB } from './schema';

/** The application's database handle. */
export type Database = Kysely<DB>;

/** What a repository function runs on: the database or a transaction of it. */
export type DbExecutor = Kysely<DB> | Transaction<DB>;

/** A Kysely database over a `pg` pool. */
export function createPostgresDatabase(pool: pg.Pool): Database {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * A Kysely database over one PGlite instance. PGlite has a single connection: the dialect
 * queues connections, so code inside a transaction must use the transaction, never `db`.
 */
export function createPGliteDatabase(pglite: PGlite): Database {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  pgliteInstances.set(db, pglite);
  return db;
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

/**
 * The database of the configuration: a `pg` pool on DATABASE_URL, else the embedded
 * PGlite stored under `<dataDir>/pglite`. Close it with `db.destroy()`.
 */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolSize,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('Postgres pool error:', error.message));
    return createPostgresDatabase(pool);
  }
  const directory = path.join(config.dataDir, 'pglite');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  return createPGliteDatabase(await PGlite.create(directory));
}
