import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Issue 24 item 8: an audit event names its actor after the actor's account is deleted.
 * The row keeps the actor's id (no longer a foreign key that ON DELETE SET NULL cleared) and
 * their name and email as they were when the event was written. Existing rows whose actor still
 * exists are filled in from `users`; rows whose actor was already deleted stay anonymous (the
 * id was cleared, nothing is left to recover). The backfill runs with the append-only trigger
 * off, inside the migration's transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table audit_events drop constraint if exists audit_events_actor_id_fkey`.execute(
    db,
  );
  await db.schema.alterTable('audit_events').addColumn('actor_name', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('actor_email', 'text').execute();
  await sql`alter table audit_events disable trigger audit_events_append_only`.execute(db);
  await sql`
    update audit_events set actor_name = users.name, actor_email = users.email
    from users where users.id = audit_events.actor_id
  `.execute(db);
  await sql`alter table audit_events enable trigger audit_events_append_only`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table audit_events disable trigger audit_events_append_only`.execute(db);
  await sql`
    update audit_events set actor_id = null
    where actor_id is not null and not exists (select 1 from users where users.id = actor_id)
  `.execute(db);
  await sql`alter table audit_events enable trigger audit_events_append_only`.execute(db);
  await db.schema.alterTable('audit_events').dropColumn('actor_email').execute();
  await db.schema.alterTable('audit_events').dropColumn('actor_name').execute();
  await sql`
    alter table audit_events add constraint audit_events_actor_id_fkey
    foreign key (actor_id) references users (id) on delete set null
  `.execute(db);
}
