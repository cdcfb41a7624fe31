import type { Selectable } from 'kysely';
import type { RevokedToken, UsersTable } from './schema';

/*
 * A user's row as the code handles it, apart from the queries that read it
 * (users.repository.ts): database.ts's user cache holds AuthUserRecords, and the repositories
 * read them through database.ts, so the type lives where both can take it.
 */

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

/** A user as the authenticating read sees them: with the tokens they signed out one by one. */
export type AuthUserRecord = UserRecord & { revoked_tokens: RevokedToken[] };

/** The columns of AuthUserRecord. */
export const authUserColumns = [...userColumns, 'revoked_tokens'] as const;
