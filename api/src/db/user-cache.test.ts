import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import type { TestApp, TestUser } from '../test/test-app';
import { userCacheOf } from './database';
import { UserCache, mayWriteUsers } from './user-cache';
import { findUserById } from './users.repository';
import type { DB } from './schema';

/*
 * Issue 13: on the embedded database the user read by every authenticated request is
 * remembered. It must never give a user as they were before a write that has been made.
 */

describe('which statements may write users', () => {
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new (class extends Object {})() as never,
      createDriver: () => ({}) as never,
      createIntrospector: () => ({}) as never,
      createQueryCompiler: () => ({}) as never,
    },
  });
  const id = '5b0e6a42-94c6-4a53-9a3c-1a2b3c4d5e6f';

  it.each([
    ['a select of users', db.selectFrom('users').selectAll().where('id', '=', id), false],
    ['an update of users', db.updateTable('users').set({ credits: 1 }).where('id', '=', id), true],
    ['an aliased update', db.updateTable('users as u').set({ credits: 1 }), true],
    ['a delete from users', db.deleteFrom('users').where('id', '=', id), true],
    [
      'an insert into users',
      db.insertInto('users').values({ name: 'a', email: 'b', password_hash: 'c' }),
      true,
    ],
    ['an update of summaries', db.updateTable('summaries').set({ version: 2 }), false],
    ['an insert into summaries', db.insertInto('credit_ledger').defaultValues(), false],
    [
      'an insert whose CTE updates users',
      db
        .with('changed', (qb) => qb.updateTable('users').set({ credits: 1 }).returning('id'))
        .insertInto('credit_ledger')
        .defaultValues(),
      true,
    ],
    [
      'a select whose CTE deletes users',
      db
        .with('gone', (qb) => qb.deleteFrom('users').returning('id'))
        .selectFrom('gone')
        .selectAll(),
      true,
    ],
    ['a schema change', db.schema.alterTable('users').addColumn('x', 'text'), true],
  ])('%s: %s', (_what, query, expected) => {
    expect(mayWriteUsers(query.toOperationNode())).toBe(expected);
  });

  it.each([
    ['select 1', false],
    ['  SELECT id from users', false],
    ['update users set credits = 0', true],
    ['with gone as (delete from users returning id) select 1', true],
  ])('raw %j: %s', (text, expected) => {
    expect(mayWriteUsers(sql.raw(text).toOperationNode())).toBe(expected);
  });
});

describe('UserCache', () => {
  it('keeps nothing read while a write began', async () => {
    const cache = new UserCache<{ credits: number }>();
    let finish: (row: { credits: number }) => void = () => undefined;
    const reading = cache.read('a', () => new Promise((resolve) => (finish = resolve)));
    cache.invalidate();
    finish({ credits: 5 });
    expect(await reading).toEqual({ credits: 5 });
    let loads = 0;
    await cache.read('a', () => {
      loads += 1;
      return Promise.resolve({ credits: 4 });
    });
    expect(loads).toBe(1);
  });

  it('remembers a read and gives it frozen', async () => {
    const cache = new UserCache<{ credits: number }>();
    const first = await cache.read('a', () => Promise.resolve({ credits: 5 }));
    const second = await cache.read('a', () => Promise.resolve({ credits: 9 }));
    expect(second).toBe(first);
    expect(Object.isFrozen(second)).toBe(true);
  });
});

describe('the user read of every request', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser({ credits: 10 });
    admin = await t.createUser({ role: 'admin' });
  });

  afterAll(async () => {
    await t.destroy();
  });

  it('is remembered on the embedded database only', async () => {
    const first = await findUserById(t.db, user.user.id);
    const second = await findUserById(t.db, user.user.id);
    if (t.database.kind === 'pglite') {
      expect(userCacheOf(t.db)).toBeDefined();
      expect(second).toBe(first);
    } else {
      expect(userCacheOf(t.db)).toBeUndefined();
      expect(second).not.toBe(first);
    }
  });

  it('sees a change made through the API at once', async () => {
    const before = await t.request('/api/auth/me', {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(before.status).toBe(200);
    const recharged = await t.request(`/api/admin/users/${user.user.id}/recharge`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ credits: 32 }),
    });
    expect(recharged.status).toBe(200);
    expect((await findUserById(t.db, user.user.id))?.credits).toBe(42);
    const promoted = await t.request(`/api/admin/users/${user.user.id}/role`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ role: 'editor' }),
    });
    expect(promoted.status).toBe(200);
    expect((await findUserById(t.db, user.user.id))?.role).toBe('editor');
    const me = await t.request('/api/auth/me', {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(((await me.json()) as { data: { role: string } }).data.role).toBe('editor');
  });

  it('sees a raw update and a deletion', async () => {
    await sql`update users set credits = 7 where id = ${user.user.id}`.execute(t.db);
    expect((await findUserById(t.db, user.user.id))?.credits).toBe(7);
    await t.db.deleteFrom('users').where('id', '=', user.user.id).execute();
    expect(await findUserById(t.db, user.user.id)).toBeUndefined();
  });

  it('is not used inside a transaction, which sees its own writes', async () => {
    const other = await t.createUser({ credits: 3 });
    await findUserById(t.db, other.user.id);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ credits: 99 })
          .where('id', '=', other.user.id)
          .execute();
        expect((await findUserById(trx, other.user.id))?.credits).toBe(99);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await findUserById(t.db, other.user.id))?.credits).toBe(3);
  });
});
