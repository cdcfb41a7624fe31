import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Issue 13: the staff lists are paginated and filtered on the server.
 * - GET /api/admin/users?role=…: the role's users newest first, read in index order.
 * - GET /api/admin/users (no role): every user newest first, ties by id, read in index order.
 * The summaries lists already have theirs: by review status, by author and by date
 * (20261121120200_create_summaries) and the full-text search (20261122120000_summary_workbench).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_role_created_at_idx on users (role, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index users_created_at_id_idx on users (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_created_at_id_idx`.execute(db);
  await sql`drop index users_role_created_at_idx`.execute(db);
}
