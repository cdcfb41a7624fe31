import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database';
import type { Role } from '../../db/schema';
import type { UserRecord } from '../../db/users.repository';

// Moved to db/ so that the credits feature (approved requests) shares them.
export { addCredits, MAX_CREDIT_BALANCE } from '../../db/users.repository';

/** Every user column except the password hash (as UserRecord). */
const userColumns = [
  'id',
  'name',
  'email',
  'role',
  'credits',
  'token_version',
  'created_at',
  'updated_at',
] as const;

/** Every user, newest first (ties broken by id, so the order is stable). */
export function listUsersNewestFirst(db: DbExecutor): Promise<UserRecord[]> {
  return db
    .selectFrom('users')
    .select(userColumns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
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
