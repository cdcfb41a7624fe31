import type { Config } from '../config';
import type { PasswordHashing } from '../lib/password-hashing';
import { DEMO_PASSWORD, DEMO_USER_EMAIL, SIGNUP_CREDITS } from '../lib/product-constants';
import { appendAuditEvent } from './audit-events.repository';
import { insertAccount } from './credit-ledger.repository';
import type { Database } from './database';
import type { Role } from './schema';
import { emailExists } from './users.repository';

/** Demo accounts start with more credits than a signup, so a visitor can try things out. */
export const DEMO_CREDITS = 25;

export const DEMO_ACCOUNTS: readonly { name: string; email: string; role: Role }[] = [
  { name: 'Demo User', email: DEMO_USER_EMAIL, role: 'user' },
  { name: 'Demo Admin', email: 'admin@brevity.app', role: 'admin' },
  { name: 'Demo Editor', email: 'editor@brevity.app', role: 'editor' },
  { name: 'Demo Reviewer', email: 'reviewer@brevity.app', role: 'reviewer' },
];

export interface SeedOptions {
  log?: (message: string) => void;
}

interface SeedAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
  credits: number;
}

/**
 * Creates the account unless its email exists (whatever that account's role or password):
 * seeding never overwrites what people changed. Safe when several processes seed at once.
 */
async function ensureAccount(
  db: Database,
  account: SeedAccount,
  passwords: PasswordHashing,
): Promise<boolean> {
  // Checked first so an existing account costs no scrypt hash at each start-up.
  if (await emailExists(db, account.email)) return false;
  const passwordHash = await passwords.hashOutsideSlots(account.password);
  return db.transaction().execute(async (trx) => {
    const user = await insertAccount(trx, {
      name: account.name,
      email: account.email,
      password_hash: passwordHash,
      role: account.role,
      credits: account.credits,
    });
    if (!user) return false;
    await appendAuditEvent(trx, {
      actorId: null,
      action: 'user.seeded',
      targetType: 'user',
      targetId: user.id,
      details: { role: account.role },
    });
    return true;
  });
}

/**
 * Start-up seeding, idempotent: the admin of ADMIN_EMAIL / ADMIN_PASSWORD when set and
 * absent, and the demo accounts (one per role, password `demo1234`) when
 * `config.demoAccounts` (the embedded database, or DEMO=1).
 */
export async function seedDatabase(
  db: Database,
  config: Pick<Config, 'admin' | 'demoAccounts'>,
  passwords: PasswordHashing,
  options: SeedOptions = {},
): Promise<void> {
  if (config.admin) {
    const created = await ensureAccount(
      db,
      {
        name: 'Administrator',
        email: config.admin.email,
        password: config.admin.password,
        role: 'admin',
        credits: SIGNUP_CREDITS,
      },
      passwords,
    );
    if (created) options.log?.(`Created the admin account ${config.admin.email}`);
  }
  if (config.demoAccounts) {
    for (const account of DEMO_ACCOUNTS) {
      const created = await ensureAccount(
        db,
        { ...account, password: DEMO_PASSWORD, credits: DEMO_CREDITS },
        passwords,
      );
      if (created) options.log?.(`Created the demo account ${account.email} (${account.role})`);
    }
  }
}
