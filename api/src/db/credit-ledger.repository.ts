import type { DbExecutor } from './database';
import type { CreditLedgerRow, CreditReason } from './schema';

export interface CreditMovement {
  userId: string;
  /** Positive when credits are given, negative when spent. */
  amount: number;
  reason: CreditReason;
  /** The user's balance once this movement is applied. */
  balanceAfter: number;
  summaryId?: string | null;
  actorId?: string | null;
  /** The administrator's note on the decision (an approved request). */
  note?: string | null;
}

/**
 * Appends one row to the credit ledger. Call it in the same transaction as the change
 * to `users.credits` it records.
 */
export function appendCreditMovement(
  db: DbExecutor,
  movement: CreditMovement,
): Promise<CreditLedgerRow> {
  return db
    .insertInto('credit_ledger')
    .values({
      user_id: movement.userId,
      amount: movement.amount,
      reason: movement.reason,
      balance_after: movement.balanceAfter,
      summary_id: movement.summaryId ?? null,
      actor_id: movement.actorId ?? null,
      note: movement.note ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A user's credit movements, oldest first. */
export function listCreditMovements(db: DbExecutor, userId: string): Promise<CreditLedgerRow[]> {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Links a debit taken before its summary existed (a queued job) to that summary. The ledger is
 * append-only; the trigger allows only this one change, from no summary to one.
 */
export async function linkCreditMovementToSummary(
  db: DbExecutor,
  ledgerId: string,
  summaryId: string,
): Promise<void> {
  await db
    .updateTable('credit_ledger')
    .set({ summary_id: summaryId })
    .where('id', '=', ledgerId)
    .where('summary_id', 'is', null)
    .execute();
}
