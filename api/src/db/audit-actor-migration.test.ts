import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { TestDatabase } from '../test/test-database';
import { migrateDown, migrateToLatest } from './migrator';

/*
 * 20261127102000_audit_actor_kept (issue 24 item 8): existing audit rows get their actor's name
 * and email from `users`, and the actor's id outlives the account from then on.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});

afterAll(async () => {
  await database.destroy();
});

describe('the audit actor migration', () => {
  it('backfills the actor of existing rows, and keeps it after the account is deleted', async () => {
    const db = database.db;
    await migrateToLatest(db);
    const hasActorName = async () =>
      (
        await sql<{ count: number }>`
          select count(*)::int as count from information_schema.columns
          where table_schema = current_schema() and table_name = 'audit_events'
            and column_name = 'actor_name'`.execute(db)
      ).rows[0]?.count === 1;
    while (await hasActorName()) await migrateDown(db);

    const actor = await db
      .insertInto('users')
      .values({ name: 'Old Admin', email: 'old-admin@example.com', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      insert into audit_events (actor_id, action, target_type, target_id)
      values (${actor.id}, 'user.role_changed', 'user', ${actor.id})`.execute(db);

    await migrateToLatest(db);
    await db.deleteFrom('users').where('id', '=', actor.id).execute();
    const row = await db
      .selectFrom('audit_events')
      .select(['actor_id', 'actor_name', 'actor_email'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      actor_id: actor.id,
      actor_name: 'Old Admin',
      actor_email: 'old-admin@example.com',
    });
  });
});
