import type { DbExecutor } from '../db/database';
import type { CreditLedgerRow } from '../db/schema';

/** A user's credit movements, oldest first (what tests check the ledger with). */
export function listCreditMovements(db: DbExecutor, userId: string): Promise<CreditLedgerRow[]> {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
