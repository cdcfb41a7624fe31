import { sql } from 'kysely';
import type { DbExecutor } from './database';

/** Resolves when the database answers a trivial query (the readiness probe). */
export async function pingDatabase(db: DbExecutor): Promise<void> {
  await sql`select 1`.execute(db);
}
