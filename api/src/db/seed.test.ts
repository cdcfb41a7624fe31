import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/password';
import { TEST_PASSWORD_HASH_COST } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import type { TestDatabase } from '../test/test-database';
import { DEMO_PASSWORD } from '../lib/product-constants';
import { createPasswordHashing } from '../lib/password-hashing';
import { seedDatabase } from './seed';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

// Each test starts from empty tables (TRUNCATE is not stopped by the append-only row triggers;
// CASCADE also empties the tables that reference users, such as summaries).
beforeEach(async () => {
  await sql`truncate users, credit_ledger, audit_events cascade`.execute(database.db);
});

afterAll(async () => {
  await database.destroy();
});

const seedConfig = { admin: null, demoAccounts: false };
const passwords = createPasswordHashing(
  { concurrency: 1, queueLimit: 0, maxWaitMs: 0 },
  TEST_PASSWORD_HASH_COST,
);

async function accounts() {
  return database.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'credits', 'password_hash'])
    .orderBy('email')
    .execute();
}

describe('seedDatabase', () => {
  it('creates one demo account per role, with password demo1234, 25 credits and a ledger row', async () => {
    const log: string[] = [];
    await seedDatabase(database.db, { ...seedConfig, demoAccounts: true }, passwords, {
      log: (line) => log.push(line),
    });
    const seeded = await accounts();
    expect(seeded.map(({ email, role, credits }) => ({ email, role, credits }))).toEqual([
      { email: 'admin@brevity.app', role: 'admin', credits: 25 },
      { email: 'demo@brevity.app', role: 'user', credits: 25 },
      { email: 'editor@brevity.app', role: 'editor', credits: 25 },
      { email: 'reviewer@brevity.app', role: 'reviewer', credits: 25 },
    ]);
    for (const account of seeded) {
      expect(await verifyPassword(DEMO_PASSWORD, account.password_hash)).toBe(true);
    }
    const ledger = await database.db.selectFrom('credit_ledger').selectAll().execute();
    expect(ledger).toHaveLength(4);
    expect(
      ledger.every(
        (row) => row.reason === 'signup' && row.amount === 25 && row.balance_after === 25,
      ),
    ).toBe(true);
    expect(log).toHaveLength(4);
  });

  it('is idempotent: a second start creates nothing and changes nothing', async () => {
    const config = { ...seedConfig, demoAccounts: true };
    await seedDatabase(database.db, config, passwords);
    await database.db
      .updateTable('users')
      .set({ credits: 3 })
      .where('email', '=', 'demo@brevity.app')
      .execute();
    const log: string[] = [];
    await seedDatabase(database.db, config, passwords, { log: (line) => log.push(line) });
    expect(log).toEqual([]);
    expect(await accounts()).toHaveLength(4);
    const demo = (await accounts()).find((account) => account.email === 'demo@brevity.app');
    expect(demo?.credits).toBe(3);
  });

  it('survives two processes seeding at once', async () => {
    const config = { ...seedConfig, demoAccounts: true };
    await Promise.all([
      seedDatabase(database.db, config, passwords),
      seedDatabase(database.db, config, passwords),
    ]);
    expect(await accounts()).toHaveLength(4);
    expect(await database.db.selectFrom('credit_ledger').selectAll().execute()).toHaveLength(4);
  });

  it('creates no demo accounts when they are off (Postgres without DEMO=1)', async () => {
    await seedDatabase(database.db, seedConfig, passwords);
    expect(await accounts()).toEqual([]);
  });

  it('creates the admin of ADMIN_EMAIL / ADMIN_PASSWORD once', async () => {
    const config = {
      ...seedConfig,
      admin: { email: 'boss@example.com', password: 'boss-password' },
    };
    await seedDatabase(database.db, config, passwords);
    const [admin] = await accounts();
    expect(admin).toMatchObject({ email: 'boss@example.com', role: 'admin', credits: 5 });
    expect(await verifyPassword('boss-password', admin?.password_hash ?? '')).toBe(true);
    const audit = await database.db.selectFrom('audit_events').selectAll().execute();
    expect(audit).toMatchObject([
      { action: 'user.seeded', target_type: 'user', target_id: admin?.id, actor_id: null },
    ]);

    await seedDatabase(
      database.db,
      {
        ...config,
        admin: { email: 'BOSS@example.com', password: 'changed-password' },
      },
      passwords,
    );
    const after = await accounts();
    expect(after).toHaveLength(1);
    expect(await verifyPassword('boss-password', after[0]?.password_hash ?? '')).toBe(true);
  });

  it('leaves an existing account of the admin email as it is (no silent promotion)', async () => {
    await database.db
      .insertInto('users')
      .values({ name: 'Already Here', email: 'boss@example.com', password_hash: 'x', role: 'user' })
      .execute();
    await seedDatabase(
      database.db,
      { ...seedConfig, admin: { email: 'boss@example.com', password: 'boss-password' } },
      passwords,
    );
    expect(await accounts()).toMatchObject([{ name: 'Already Here', role: 'user' }]);
  });
});
