import { sql } from 'kysely';
import { userCacheOf } from './database';
import type { Database, DbExecutor } from './database';
import { prepareStatement } from './prepared-statement';
import type { RevokedToken, Role } from './schema';
import { authUserColumns, userColumns } from './user-record';
import type { AuthUserRecord, UserRecord } from './user-record';

/**
 * The user with this id, or undefined. `id` must be a well-formed uuid. On the embedded
 * database, outside transactions, a remembered copy (user-cache.ts): frozen, so never change it.
 */
export async function findUserById(
  db: DbExecutor,
  id: string,
): Promise<Readonly<AuthUserRecord> | undefined> {
  const load = async () => (await userById.run(db, { id }))[0];
  const cache = userCacheOf(db);
  return cache ? cache.read(id, load) : load();
}

/** Read on every authenticated request, so prepared once (decision 0019). */
const userById = prepareStatement<AuthUserRecord, { id: string }>('user_by_id', (db, param) =>
  db.selectFrom('users').select(authUserColumns).where('id', '=', param<string>('id')),
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

/** A user may have at most this many tokens signed out one by one; past it, logout ends them all. */
export const MAX_REVOKED_TOKENS = 100;

/**
 * Signs one token out (POST /api/auth/logout): adds it to the user's revoked tokens, dropping
 * those already expired, in one transaction that locks the row. A user who already has
 * MAX_REVOKED_TOKENS live revoked tokens has every token ended instead (token_version moves on),
 * so the row every request reads stays small.
 */
export async function revokeToken(
  db: Database,
  userId: string,
  token: RevokedToken,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select('revoked_tokens')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    const now = Math.floor(Date.now() / 1000);
    const live = row.revoked_tokens.filter((entry) => entry.exp > now && entry.id !== token.id);
    if (live.length >= MAX_REVOKED_TOKENS) {
      await endAllSessions(trx, userId);
      return;
    }
    await trx
      .updateTable('users')
      .set({ revoked_tokens: JSON.stringify([...live, token]), updated_at: sql<Date>`now()` })
      .where('id', '=', userId)
      .execute();
  });
}

/**
 * Ends every token of the user (logout-all): token_version moves on, so no token issued before
 * is admitted, and the list of revoked tokens, now all covered by that, is emptied.
 */
export async function endAllSessions(db: DbExecutor, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      token_version: sql<number>`token_version + 1`,
      revoked_tokens: '[]',
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Sets a new password hash and ends every token issued before (PUT /api/auth/password); the
 * updated user, whose token_version the fresh token carries, or undefined when they are gone.
 */
export function changePasswordHash(
  db: DbExecutor,
  userId: string,
  passwordHash: string,
): Promise<UserRecord | undefined> {
  return db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      token_version: sql<number>`token_version + 1`,
      revoked_tokens: '[]',
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .returning(userColumns)
    .executeTakeFirst();
}

/** The user's password hash, or undefined when they are gone. */
export async function findPasswordHash(
  db: DbExecutor,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

/** The ids of every admin but `exceptUserId`: they are told of each new credit request. */
export async function listAdminIds(db: DbExecutor, exceptUserId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('id', '!=', exceptUserId)
    .execute();
  return rows.map((row) => row.id);
}
