import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Issue 11: credit requests, notifications, and credits granted from a request.
 * - credit_ledger.reason may be 'request' (credits added by approving a request), and a row
 *   may carry a note (the administrator's note on that decision). Adding the column rewrites no
 *   row, so the append-only trigger is not involved.
 * - credit_requests: a user's request for credits. At most one open request per user, enforced
 *   by a partial unique index, so two requests sent at once give one 201 and one 409.
 *   A decision sets status from 'open' once (a conditional UPDATE), so two admins answering the
 *   same request at once give one decision and one 409.
 * - notifications: what happened to a user (a review of their summary, credits added, a role
 *   changed, a credit request answered), written in the same transaction as the event.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table credit_ledger drop constraint credit_ledger_reason_check`.execute(db);
  await sql`alter table credit_ledger add constraint credit_ledger_reason_check check (reason in ('signup', 'summary', 'refund', 'recharge', 'request'))`.execute(
    db,
  );
  await sql`alter table credit_ledger add column note text`.execute(db);

  await db.schema
    .createTable('credit_requests')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credits', 'integer', (col) => col.notNull().check(sql`credits between 1 and 1000`))
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'approved', 'denied')`),
    )
    .addColumn('granted_credits', 'integer', (col) => col.check(sql`granted_credits > 0`))
    .addColumn('note', 'text')
    .addColumn('decided_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`clock_timestamp()`),
    )
    .execute();
  await sql`create unique index credit_requests_one_open_per_user on credit_requests (user_id) where status = 'open'`.execute(
    db,
  );
  await db.schema
    .createIndex('credit_requests_status_created_at_idx')
    .on('credit_requests')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('credit_requests_user_id_created_at_idx')
    .on('credit_requests')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('review', 'credits', 'role', 'request')`),
    )
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('summary_id', 'uuid', (col) => col.references('summaries.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`clock_timestamp()`),
    )
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('notifications_user_id_created_at_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('notifications_summary_id_idx')
    .on('notifications')
    .column('summary_id')
    .execute();
  await db.schema
    .createIndex('audit_events_action_created_at_idx')
    .on('audit_events')
    .columns(['action', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_events_action_created_at_idx').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('credit_requests').execute();
  await sql`alter table credit_ledger drop column note`.execute(db);
  await sql`alter table credit_ledger drop constraint credit_ledger_reason_check`.execute(db);
  await sql`alter table credit_ledger add constraint credit_ledger_reason_check check (reason in ('signup', 'summary', 'refund', 'recharge'))`.execute(
    db,
  );
}
