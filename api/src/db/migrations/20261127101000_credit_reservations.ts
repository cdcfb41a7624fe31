import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Credits held for a summary while its model runs (issue 24, item 7): taken with the user's
 * row locked, so the reservations of a user never add up to more than their balance, across
 * every API process. Turned into the debit when the summary is stored, deleted when nothing is;
 * one left by a process that died stops counting at `expires_at`.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credit_reservations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('credit_reservations_user_id_expires_at_idx')
    .on('credit_reservations')
    .columns(['user_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_reservations').execute();
}
