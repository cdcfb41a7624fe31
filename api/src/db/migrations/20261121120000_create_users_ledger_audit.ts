import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Users, the credit ledger and the audit trail.
 * credit_ledger.user_id is ON DELETE SET NULL rather than CASCADE: the ledger is the
 * history of every credit ever given or spent, and it must still add up after an account
 * is deleted (its rows hold no personal data, only amounts and reasons). For the same reason
 * the ledger and the audit trail are append-only, enforced by a trigger; the only update
 * allowed is the database itself clearing a deleted user's id.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) =>
      col
        .notNull()
        .defaultTo('user')
        .check(sql`role in ('user', 'editor', 'reviewer', 'admin')`),
    )
    .addColumn('credits', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`credits >= 0`),
    )
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount <> 0`))
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`reason in ('signup', 'summary', 'refund', 'recharge')`),
    )
    .addColumn('summary_id', 'uuid')
    .addColumn('actor_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('balance_after', 'integer', (col) => col.notNull().check(sql`balance_after >= 0`))
    // clock_timestamp, not now(): several movements in one transaction keep their order.
    .addColumn('created_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`clock_timestamp()`),
    )
    .execute();
  await db.schema
    .createIndex('credit_ledger_user_id_created_at_idx')
    .on('credit_ledger')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('credit_ledger_summary_id_idx')
    .on('credit_ledger')
    .column('summary_id')
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('actor_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text')
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_events_created_at_idx')
    .on('audit_events')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('audit_events_target_idx')
    .on('audit_events')
    .columns(['target_type', 'target_id'])
    .execute();

  // Append-only: refuse deletes, and updates other than ON DELETE SET NULL of a user reference.
  await sql`
    create function brevity_append_only() returns trigger language plpgsql as $$
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
  `.execute(db);
  for (const table of ['credit_ledger', 'audit_events']) {
    await sql`
      create trigger ${sql.raw(`${table}_append_only`)}
      before update or delete on ${sql.table(table)}
      for each row execute function brevity_append_only()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  await db.schema.dropTable('credit_ledger').execute();
  await sql`drop function brevity_append_only()`.execute(db);
  await db.schema.dropTable('users').execute();
}
