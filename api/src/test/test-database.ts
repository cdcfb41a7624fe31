import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPGliteDatabase, createPostgresDatabase } from '../db/database';
import type { Database } from '../db/database';
import { migrateToLatest } from '../db/migrator';

/*
 * A fresh database for each test file (or test), so files run in parallel:
 * - by default an in-memory PGlite;
 * - with TEST_DATABASE_URL, a new schema on that Postgres, dropped again by `destroy()`.
 * TEST_DATABASE_URL is read here, by test code only; the app reads its config via loadConfig.
 */

export interface TestDatabase {
  db: Database;
  /** `postgres` or `pglite`, for the rare test that must know. */
  kind: 'postgres' | 'pglite';
  /** The schema for the job queue's tables: its own per test database on Postgres. */
  jobsSchema: string;
  /** Closes the database and drops what was created for it. */
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Run the migrations (default true). */
  migrate?: boolean;
}

/** The Postgres of TEST_DATABASE_URL, when the suite runs against one. */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let folder = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/**
 * A new in-memory PGlite. Creating one runs initdb (seconds on a slow machine), so the
 * first call saves the fresh data directory to the OS temp folder, keyed by the PGlite
 * version, and later calls, in any test file or run, start from that copy in a fraction of
 * the time. The copy is an empty cluster: migrations still run for each database.
 */
async function freshPGlite(): Promise<PGlite> {
  const snapshot = path.join(os.tmpdir(), `brevity-pglite-${pgliteVersion()}-initdb.tar`);
  if (existsSync(snapshot)) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]) });
    } catch {
      // An unreadable snapshot is rebuilt below.
    }
  }
  const pglite = await PGlite.create();
  const dump = await pglite.dumpDataDir('none');
  const partial = `${snapshot}.${process.pid}.${randomUUID()}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, snapshot); // atomic: a parallel reader sees the whole file or none
  return pglite;
}

async function createPostgresTestDatabase(url: string): Promise<TestDatabase> {
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 5,
    options: `-c search_path=${schema}`,
  });
  const db = createPostgresDatabase(pool);
  const jobsSchema = `${schema}_jobs`;
  return {
    db,
    kind: 'postgres',
    jobsSchema,
    async destroy() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      try {
        await cleanup.query(`drop schema if exists ${schema} cascade`);
        await cleanup.query(`drop schema if exists ${jobsSchema} cascade`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

async function createPGliteTestDatabase(): Promise<TestDatabase> {
  const db = createPGliteDatabase(await freshPGlite());
  return { db, kind: 'pglite', jobsSchema: 'pgboss', destroy: () => db.destroy() };
}

/** A fresh, migrated database (see the top of this file). Call `destroy()` in afterAll/afterEach. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const testDatabase = testDatabaseUrl
    ? await createPostgresTestDatabase(testDatabaseUrl)
    : await createPGliteTestDatabase();
  if (options.migrate ?? true) {
    try {
      await migrateToLatest(testDatabase.db);
    } catch (error) {
      await testDatabase.destroy();
      throw error;
    }
  }
  return testDatabase;
}
