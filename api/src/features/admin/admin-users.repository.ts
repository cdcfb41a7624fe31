import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database';
import type { Role } from '../../db/schema';
import { userColumns } from '../../db/user-record';
import type { UserRecord } from '../../db/user-record';
import type { PageWindow } from '../../lib/page-query';

/** Which users a staff list shows: `q` found in the name or email (any case), and a role. */
export interface UserFilter {
  q?: string | undefined;
  role?: Role | undefined;
}

function filteredUsers(db: DbExecutor, filter: UserFilter) {
  let query = db.selectFrom('users');
  if (filter.role !== undefined) query = query.where('role', '=', filter.role);
  const q = filter.q;
  if (q !== undefined) {
    // strpos, not LIKE: the words are found as typed, `%` and `_` included.
    query = query.where((eb) =>
      eb.or([
        eb(sql<number>`strpos(lower(name), lower(${q}))`, '>', 0),
        eb(sql<number>`strpos(lower(email), lower(${q}))`, '>', 0),
      ]),
    );
  }
  return query;
}

/** How many users the filter matches. */
export async function countUsers(db: DbExecutor, filter: UserFilter): Promise<number> {
  const row = await filteredUsers(db, filter)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** One page of the users the filter matches, newest first (ties by id, so pages never overlap). */
export function listUsersNewestFirst(
  db: DbExecutor,
  filter: UserFilter,
  page: PageWindow,
): Promise<UserRecord[]> {
  return filteredUsers(db, filter)
    .select(userColumns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Every user counted by role, with the sum of their credits. */
export function countUsersByRole(
  db: DbExecutor,
): Promise<{ role: Role; users: number; credits: number }[]> {
  return db
    .selectFrom('users')
    .select([
      'role',
      sql<number>`count(*)::int`.as('users'),
      sql<number>`coalesce(sum(credits), 0)::float8`.as('credits'),
    ])
    .groupBy('role')
    .execute();
}

/**
 * Locks every admin's row until the transaction ends and returns the ids of the admins as
 * they are once the locks are held. Every role change and user deletion calls this first, so
 * they run one after another: two admins demoting each other cannot both see a second admin.
 * Rows are locked in id order, so concurrent callers never deadlock. The ids come from a
 * second, plain read: under READ COMMITTED it sees every change committed while we waited,
 * an admin promoted meanwhile included.
 */
export async function lockAdmins(db: DbExecutor): Promise<Set<string>> {
  await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy('id')
    .forUpdate()
    .execute();
  const admins = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
  return new Set(admins.map((admin) => admin.id));
}

/** The user with this id, its row locked until the transaction ends; undefined if none. */
export function findUserForUpdate(db: DbExecutor, id: string): Promise<UserRecord | undefined> {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Sets the user's role. Tokens stay valid: every request loads the user's role from the
 * database (requireAuth), so the new role applies to the very next request, and the open tab
 * picks it up on its next refresh without signing out (decision 0011). Returns the updated user.
 */
export function updateUserRole(db: DbExecutor, id: string, role: Role): Promise<UserRecord> {
  return db
    .updateTable('users')
    .set({ role, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(userColumns)
    .executeTakeFirstOrThrow();
}

/**
 * Deletes the user; the foreign keys take their summaries (and those summaries' review
 * history) with them and unlink their ledger rows, audit rows and reviews. Returns how many
 * summaries went, or undefined when there was no such user.
 */
export async function deleteUserById(db: DbExecutor, id: string): Promise<number | undefined> {
  const { summaries } = await db
    .selectFrom('summaries')
    .select(sql<number>`count(*)::int`.as('summaries'))
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  const deleted = await db
    .deleteFrom('users')
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return deleted ? summaries : undefined;
}
