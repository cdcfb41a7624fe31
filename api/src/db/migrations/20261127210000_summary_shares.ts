import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Issue 28, "Share a read-only link" (API.md round 3): a summary has at most one live share. Its
 * token is the base64url of 16 random bytes (128 bits), the whole secret of the public link.
 * Stopping a share deletes its row, so the token answers 404 at once and a later share gets a
 * new token; deleting the summary (or its owner) deletes the share with it. `views` counts the
 * public reads, incremented in the statement that reads the shared summary.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('summary_shares')
    .addColumn('summary_id', 'uuid', (col) =>
      col.primaryKey().references('summaries.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('summary_shares').execute();
}
