import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import { userCacheOf } from './database';
import type { DbExecutor } from './database';
import { prepareStatement } from './prepared-statement';
import type { Role, UsersTable } from './schema';

/**
 * A user as the application handles it: every column except the password hash and the list of
 * revoked tokens (which only the authenticating read needs: AuthUserRecord).
 */
export type UserRecord = Omit<Selectable<UsersTable>, 'password_hash' | 'revoked_tokens'>;

export const userColumns = [
  'id',
  'name',
  'email',
  'role',
  'credits',
  'token_version',
  'created_at',
  'updated_at',
] as const;

/**
 * The user with this id, or undefined. `id` must be a well-formed uuid. On the embedded
 * database, outside transactions, a remembered copy (user-cache.ts): frozen, so never change it.
 */
export async function findUserById(
  db: DbExecutor,
  id: string,
): Promise<Readonly<UserRecord> | undefined> {
  const load = async () => (await userById.run(db, { id }))[0];
  const cache = userCacheOf(db);
  return cache ? cache.read(id, load) : load();
}

/** Read on every authenticated request, so prepared once (decision 0019). */
const userById = prepareStatement<UserRecord, { id: string }>('user_by_id', (db, param) =>
  db.selectFrom('users').select(userColumns).where('id', '=', param<string>('id')),
);

/**
 * The user's role, share-locking their row until the transaction ends, so a concurrent role
 * change or deletion waits for it (or, committed first, is what this sees). Undefined when
 * the user is gone.
 */
export async function lockUserRole(trx: DbExecutor, id: string): Promise<Role | undefined> {
  const row = await trx
    .selectFrom('users')
    .select('role')
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
  return row?.role;
}

/** The user with this email (compared case-insensitively), with the password hash, or undefined. */
export function findUserWithPasswordByEmail(
  db: DbExecutor,
  email: string,
): Promise<(UserRecord & { password_hash: string }) | undefined> {
  return db
    .selectFrom('users')
    .select([...userColumns, 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** True when an account with this email exists (case-insensitive). */
export async function emailExists(db: DbExecutor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces a user's password hash (e.g. re-hashing under new scrypt parameters). */
export async function updatePasswordHash(
  db: DbExecutor,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
