import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Issue 24 item 9: POST /api/auth/logout ends one token. The user's row lists the tokens
 * signed out before they expire, as `[{ "id": <the token's signature>, "exp": <unix seconds> }]`,
 * so the read of the user that every signed-in request already makes (requireAuth, and the
 * list's one statement) also says whether this token was revoked: no extra lookup
 * (decision 0025). Expired entries are dropped whenever the list is written; logout-all and a
 * password change empty it (token_version moves on instead).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('revoked_tokens', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('revoked_tokens').execute();
}
