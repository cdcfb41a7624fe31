import { Migrator, sql } from 'kysely';
import type { MigrationResult } from 'kysely';
import type { Database } from './database';
import { migrationProvider } from './migration-list';

export interface MigrateOptions {
  /** Receives one line per migration run; silent by default. */
  log?: (message: string) => void;
}

/**
 * Kysely looks for its bookkeeping tables in every schema unless told which one, so a
 * second schema holding them (another app, a parallel test) would fool it. They live in the
 * connection's current schema, next to the tables they describe.
 */
async function createMigrator(db: Database): Promise<Migrator> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

function report(
  results: MigrationResult[] | undefined,
  error: unknown,
  log?: (message: string) => void,
) {
  for (const result of results ?? []) {
    if (result.status === 'Success')
      log?.(`migration ${result.direction.toLowerCase()}: ${result.migrationName}`);
    if (result.status === 'Error') log?.(`migration failed: ${result.migrationName}`);
  }
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration${failed ? ` ${failed}` : ''} failed`, { cause: error });
  }
}

/**
 * Applies every pending migration, in a transaction under Kysely's migration lock, so
 * several processes starting together migrate once. Throws if one fails.
 */
export async function migrateToLatest(db: Database, options: MigrateOptions = {}): Promise<void> {
  const { results, error } = await (await createMigrator(db)).migrateToLatest();
  report(results, error, options.log);
}

/** Reverts the most recent migration (`pnpm --filter api migrate down`). */
export async function migrateDown(db: Database, options: MigrateOptions = {}): Promise<void> {
  const { results, error } = await (await createMigrator(db)).migrateDown();
  report(results, error, options.log);
}
