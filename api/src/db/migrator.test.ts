import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { TestDatabase } from '../test/test-database';
import { migrations } from './migration-list';
import { migrateDown, migrateToLatest } from './migrator';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});

afterAll(async () => {
  await database.destroy();
});

async function tableNames(): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_name not like 'kysely_%'
    order by table_name
  `.execute(database.db);
  return result.rows.map((row) => row.table_name);
}

describe('migrations', () => {
  it('lists every file of migrations/, in timestamp order, named <14 digits>_<name>', () => {
    const files = readdirSync(migrationsFolder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(migrations)).toEqual(files);
    for (const name of files) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
  });

  it('migrate up, all the way down, and up again', async () => {
    await migrateToLatest(database.db);
    expect(await tableNames()).toEqual([
      'audit_events',
      'credit_ledger',
      'credit_requests',
      'credit_reservations',
      'job_uploads',
      'notifications',
      'rate_limit_hits',
      'review_events',
      'summaries',
      'summary_jobs',
      'summary_questions',
      'summary_shares',
      'summary_versions',
      'user_summary_totals',
      'users',
    ]);
    await migrateToLatest(database.db); // nothing pending: a no-op

    for (let step = 0; step < Object.keys(migrations).length; step += 1)
      await migrateDown(database.db);
    expect(await tableNames()).toEqual([]);

    const log: string[] = [];
    await migrateToLatest(database.db, { log: (line) => log.push(line) });
    expect(log).toEqual(Object.keys(migrations).map((name) => `migration up: ${name}`));
  });
});

describe('schema rules', () => {
  let userId: string;

  beforeAll(async () => {
    await migrateToLatest(database.db);
    const user = await database.db
      .insertInto('users')
      .values({ name: 'Rule Tester', email: 'rules@example.com', password_hash: 'x' })
      .returning(['id', 'role', 'credits', 'token_version'])
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'user', credits: 0, token_version: 0 });
    userId = user.id;
  });

  it('keeps credits from going negative', async () => {
    await expect(
      database.db.updateTable('users').set({ credits: -1 }).where('id', '=', userId).execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it('accepts only the four roles', async () => {
    await expect(
      sql`update users set role = 'owner' where id = ${userId}`.execute(database.db),
    ).rejects.toThrow(/check constraint/);
  });

  it('keeps emails unique whatever their case', async () => {
    await expect(
      database.db
        .insertInto('users')
        .values({ name: 'Copy', email: 'RULES@example.com', password_hash: 'x' })
        .execute(),
    ).rejects.toThrow(/users_email_lower_key/);
  });

  it('accepts only the five ledger reasons', async () => {
    await expect(
      sql`insert into credit_ledger (user_id, amount, reason, balance_after) values (${userId}, 1, 'gift', 1)`.execute(
        database.db,
      ),
    ).rejects.toThrow(/check constraint/);
  });

  it('keeps the ledger and the audit trail append-only, but outliving a deleted user', async () => {
    const doomed = await database.db
      .insertInto('users')
      .values({ name: 'Doomed', email: 'doomed@example.com', password_hash: 'x', credits: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entry = await database.db
      .insertInto('credit_ledger')
      .values({
        user_id: doomed.id,
        amount: 5,
        reason: 'signup',
        balance_after: 5,
        actor_id: doomed.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = await database.db
      .insertInto('audit_events')
      .values({
        actor_id: doomed.id,
        action: 'user.seeded',
        target_type: 'user',
        target_id: doomed.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await expect(
      database.db
        .updateTable('credit_ledger')
        .set({ amount: 500 })
        .where('id', '=', entry.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      database.db.deleteFrom('credit_ledger').where('id', '=', entry.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      database.db
        .updateTable('audit_events')
        .set({ action: 'nothing' })
        .where('id', '=', event.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      database.db.deleteFrom('audit_events').where('id', '=', event.id).execute(),
    ).rejects.toThrow(/append-only/);

    await database.db.deleteFrom('users').where('id', '=', doomed.id).execute();
    const kept = await database.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ user_id: null, actor_id: null, amount: 5, reason: 'signup' });
    const keptEvent = await database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    // The audit row keeps its actor's id (issue 24: no foreign key clears it any more).
    expect(keptEvent).toMatchObject({ actor_id: doomed.id, action: 'user.seeded', details: {} });
  });
});
