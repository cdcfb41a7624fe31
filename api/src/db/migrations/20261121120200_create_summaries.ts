import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Summaries, and the link from each credit movement to the summary it paid for.
 * credit_ledger.summary_id becomes a foreign key ON DELETE SET NULL: deleting a summary keeps
 * the ledger row (the credit was spent) but forgets which summary it was. The ledger is
 * append-only through brevity_append_only(); that function is widened here so the database
 * itself may clear summary_id as it already may clear user_id and actor_id, and a debit taken
 * before its summary existed (a queued job) may be linked to it once.
 */

const APPEND_ONLY_WITH_SUMMARY = sql`
  create or replace function brevity_append_only() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE'
      and (to_jsonb(new) - 'user_id' - 'actor_id' - 'summary_id')
        = (to_jsonb(old) - 'user_id' - 'actor_id' - 'summary_id')
      and (to_jsonb(new) -> 'user_id' = to_jsonb(old) -> 'user_id' or to_jsonb(new) ->> 'user_id' is null)
      and (to_jsonb(new) -> 'actor_id' = to_jsonb(old) -> 'actor_id' or to_jsonb(new) ->> 'actor_id' is null)
      and (to_jsonb(new) -> 'summary_id' is not distinct from to_jsonb(old) -> 'summary_id'
        or to_jsonb(new) ->> 'summary_id' is null
        or to_jsonb(old) ->> 'summary_id' is null)
    then
      return new;
    end if;
    raise exception '% is append-only', tg_table_name using errcode = 'restrict_violation';
  end;
  $$
`;

/** The function as 20261121120000_create_users_ledger_audit made it, restored by down(). */
const APPEND_ONLY_ORIGINAL = sql`
  create or replace function brevity_append_only() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE'
      and (to_jsonb(new) - 'user_id' - 'actor_id') = (to_jsonb(old) - 'user_id' - 'actor_id')
      and (to_jsonb(new) -> 'user_id' = to_jsonb(old) -> 'user_id' or to_jsonb(new) ->> 'user_id' is null)
      and (to_jsonb(new) -> 'actor_id' = to_jsonb(old) -> 'actor_id' or to_jsonb(new) ->> 'actor_id' is null)
    then
      return new;
    end if;
    raise exception '% is append-only', tg_table_name using errcode = 'restrict_violation';
  end;
  $$
`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('summaries')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('original_content', 'text', (col) => col.notNull())
    .addColumn('summarized_content', 'text', (col) => col.notNull())
    .addColumn('original_word_count', 'integer', (col) =>
      col.notNull().check(sql`original_word_count >= 0`),
    )
    .addColumn('summary_word_count', 'integer', (col) =>
      col.notNull().check(sql`summary_word_count >= 0`),
    )
    .addColumn('compression_ratio', 'integer', (col) =>
      col.notNull().check(sql`compression_ratio between 0 and 100`),
    )
    .addColumn('processing_time', 'integer', (col) =>
      col.notNull().check(sql`processing_time >= 0`),
    )
    .addColumn('is_fallback', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('ai_model', 'text', (col) => col.notNull())
    .addColumn('custom_prompt', 'text')
    .addColumn('regeneration_count', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`regeneration_count >= 0`),
    )
    .addColumn('source', 'text', (col) =>
      col
        .notNull()
        .defaultTo('text')
        .check(sql`source in ('text', 'txt', 'docx')`),
    )
    .addColumn('file_name', 'text')
    .addColumn('review_status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`review_status in ('pending', 'approved', 'rejected', 'needs_revision')`),
    )
    .addColumn('review_comments', 'text')
    .addColumn('reviewed_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index summaries_user_id_created_at_idx on summaries (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index summaries_review_status_created_at_idx on summaries (review_status, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index summaries_created_at_idx on summaries (created_at desc, id desc)`.execute(
    db,
  );
  await db.schema
    .createIndex('summaries_reviewed_by_idx')
    .on('summaries')
    .column('reviewed_by')
    .execute();

  await APPEND_ONLY_WITH_SUMMARY.execute(db);
  await db.schema
    .alterTable('credit_ledger')
    .addForeignKeyConstraint(
      'credit_ledger_summary_id_fkey',
      ['summary_id'],
      'summaries',
      ['id'],
      (constraint) => constraint.onDelete('set null'),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('credit_ledger')
    .dropConstraint('credit_ledger_summary_id_fkey')
    .execute();
  await APPEND_ONLY_ORIGINAL.execute(db);
  await db.schema.dropTable('summaries').execute();
}
