import { sql } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { TestDatabase } from '../test/test-database';
import { poolOf } from './database';
import { prepareStatement } from './prepared-statement';
import { insertAccount } from './credit-ledger.repository';
import { findUserById } from './users.repository';
import type { UserRecord } from './user-record';

/*
 * Decision 0019: statements compiled once and, on a pg pool, prepared by name; the same SQL
 * through Kysely on PGlite and inside transactions.
 */

const byEmail = prepareStatement<{ id: string; name: string }, { email: string; limit: number }>(
  'test_user_by_email',
  (db, param) =>
    db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', param<string>('email'))
      .limit(param<number>('limit')),
);

let database: TestDatabase;
let ada: UserRecord;
let bob: UserRecord;

beforeAll(async () => {
  database = await createTestDatabase();
  const made = await Promise.all(
    ['ada', 'bob'].map((name) =>
      insertAccount(database.db, {
        name,
        email: `${name}@example.com`,
        password_hash: 'x',
        credits: 0,
      }),
    ),
  );
  if (!made[0] || !made[1]) throw new Error('seed failed');
  [ada, bob] = [made[0], made[1]];
});

afterAll(async () => {
  await database.destroy();
});

describe('prepareStatement', () => {
  it('compiles once, with the values of each run in their places', () => {
    expect(byEmail.name).toBe('brevity_test_user_by_email');
    expect(byEmail.sql).toBe('select "id", "name" from "users" where "email" = $1 limit $2');
  });

  it('answers each run with its own values, many runs at once', async () => {
    const runs = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        byEmail.run(database.db, {
          email: index % 2 === 0 ? 'ada@example.com' : 'bob@example.com',
          limit: 1,
        }),
      ),
    );
    runs.forEach((rows, index) => {
      expect(rows).toEqual([
        index % 2 === 0 ? { id: ada.id, name: 'ada' } : { id: bob.id, name: 'bob' },
      ]);
    });
    expect(await byEmail.run(database.db, { email: 'nobody@example.com', limit: 1 })).toEqual([]);
  });

  it('runs on a pg pool as a named statement, and on PGlite through Kysely', () => {
    expect(poolOf(database.db) !== undefined).toBe(database.kind === 'postgres');
  });

  it('inside a transaction, sees what the transaction wrote and never goes to the pool', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        expect(poolOf(trx)).toBeUndefined();
        await trx.updateTable('users').set({ name: 'Ada L.' }).where('id', '=', ada.id).execute();
        expect(await byEmail.run(trx, { email: 'ada@example.com', limit: 1 })).toEqual([
          { id: ada.id, name: 'Ada L.' },
        ]);
        expect((await findUserById(trx, ada.id))?.name).toBe('Ada L.');
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    expect((await findUserById(database.db, ada.id))?.name).toBe('ada');
  });

  it('refuses a statement with a value that is not a param()', () => {
    expect(() =>
      prepareStatement<{ id: string }, { id: string }>('test_literal', (db) =>
        db.selectFrom('users').select('id').where('email', '=', 'ada@example.com'),
      ),
    ).toThrow('every value must be a param()');
  });

  it('refuses a write: the embedded database’s user cache must see every write', () => {
    expect(() =>
      prepareStatement<{ id: string }, { id: string }>('test_write', (db, param) =>
        db
          .updateTable('users')
          .set({ credits: 0 })
          .where('id', '=', param<string>('id'))
          .returning('id'),
      ),
    ).toThrow('only selects are prepared');
  });

  it('gives the same rows with values written in as literals or bound, and never writes in text', async () => {
    const byIdAndName = prepareStatement<
      { id: string },
      { id: string; name: string; limit: number }
    >('test_literals', (db, param) =>
      db
        .selectFrom('users')
        .select('id')
        .where((eb) =>
          eb.or([eb('id', '=', param<string>('id')), eb('name', '=', param<string>('name'))]),
        )
        .limit(param<number>('limit')),
    );
    const byId = prepareStatement<{ id: string }, { id: string; limit: number }>(
      'test_literal_id',
      (db, param) =>
        db
          .selectFrom('users')
          .select('id')
          .where('id', '=', param<string>('id'))
          .limit(param<number>('limit')),
    );
    // A uuid and an integer only: written in on PGlite.
    const sent = vi.spyOn(database.db, 'executeQuery');
    const lastSent = () => sent.mock.calls.at(-1)?.[0] as CompiledQuery | undefined;
    expect(await byId.run(database.db, { id: ada.id, limit: 1 })).toEqual([{ id: ada.id }]);
    if (database.kind === 'pglite') {
      expect(lastSent()?.parameters).toEqual([]);
      expect(lastSent()?.sql).toContain(`'${ada.id}'`);
    }
    expect(await byId.run(database.db, { id: ada.id.toUpperCase(), limit: 1 })).toEqual([
      { id: ada.id },
    ]);
    // Text that is not a uuid is bound: an injection attempt is only a name nobody has.
    expect(
      await byIdAndName.run(database.db, { id: bob.id, name: "x' or '1'='1", limit: 10 }),
    ).toEqual([{ id: bob.id }]);
    if (database.kind === 'pglite') {
      expect(lastSent()?.parameters).toEqual([bob.id, "x' or '1'='1", 10]);
    }
    sent.mockRestore();
    expect(await byIdAndName.run(database.db, { id: bob.id, name: 'ada', limit: 10 })).toHaveLength(
      2,
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'on PGlite, is prepared again once a schema change alters what it returns',
    async () => {
      const nameById = prepareStatement<{ name: string }, { id: string; limit: number }>(
        'test_name_by_id',
        (db, param) =>
          db
            .selectFrom('users')
            .select('name')
            .where('id', '=', param<string>('id'))
            .limit(param<number>('limit')),
      );
      expect(await nameById.run(database.db, { id: ada.id, limit: 1 })).toEqual([{ name: 'ada' }]);
      // text → varchar: PGlite's PREPAREd plan now returns another type (error 0A000 on EXECUTE).
      await sql`alter table users alter column name type varchar(200)`.execute(database.db);
      try {
        expect(await nameById.run(database.db, { id: ada.id, limit: 1 })).toEqual([
          { name: 'ada' },
        ]);
        expect(await nameById.run(database.db, { id: bob.id, limit: 1 })).toEqual([
          { name: 'bob' },
        ]);
      } finally {
        await sql`alter table users alter column name type text`.execute(database.db);
      }
      expect(await nameById.run(database.db, { id: bob.id, limit: 1 })).toEqual([{ name: 'bob' }]);
    },
  );
});
