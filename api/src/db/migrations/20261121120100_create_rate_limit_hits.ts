import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Attempts counted by the rate limiter (login failures, registrations). They live in the
 * database, not in memory, so every API process behind a load balancer shares one count.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_key_expires_at_idx')
    .on('rate_limit_hits')
    .columns(['key', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_expires_at_idx')
    .on('rate_limit_hits')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
