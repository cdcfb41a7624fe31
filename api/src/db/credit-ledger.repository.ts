import { sql } from 'kysely';
import type { Database, DbExecutor } from './database';
import type { CreditLedgerRow, CreditReason, NewUser } from './schema';
import type { PageWindow } from '../lib/page-query';
import { userColumns } from './user-record';
import type { UserRecord } from './user-record';

/*
 * The one home of credit movements. Every change to `users.credits` goes through a function
 * here, which writes its `credit_ledger` row in the same statement (or, for a new account, the
 * same caller's transaction): callers never write either alone. Each takes the caller's
 * executor, so the movement commits or rolls back with what it pays for.
 */

/** The largest balance an account may hold: the `integer` column's maximum. */
export const MAX_CREDIT_BALANCE = 2_147_483_647;

/** A user after a credit movement (their new balance), and the ledger row that records it. */
export interface MovedCredits {
  user: UserRecord;
  ledgerId: string;
}

interface Movement {
  userId: string;
  /** Positive when credits are given, negative when taken. */
  delta: number;
  reason: CreditReason;
  /** Only when the balance is at least this (a debit never goes negative). */
  atLeast?: number;
  /** Only when the balance is at most this (a grant never passes MAX_CREDIT_BALANCE). */
  atMost?: number;
  summaryId?: string | null | undefined;
  actorId?: string | null | undefined;
  note?: string | null | undefined;
}

/**
 * Moves credits and appends the ledger row in one statement (a data-modifying CTE): the
 * conditional UPDATE's row lock orders concurrent movements of one user, so each sees the
 * balance the previous one left. Undefined when the user is gone or a bound refuses it; then
 * nothing is written.
 */
async function moveCredits(db: DbExecutor, movement: Movement): Promise<MovedCredits | undefined> {
  const row = await db
    .with('changed', (qb) => {
      let update = qb
        .updateTable('users')
        .set({
          credits: sql<number>`credits + ${movement.delta}::integer`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', movement.userId);
      if (movement.atLeast !== undefined) update = update.where('credits', '>=', movement.atLeast);
      if (movement.atMost !== undefined) update = update.where('credits', '<=', movement.atMost);
      return update.returning(userColumns);
    })
    .with('entry', (qb) =>
      qb
        .insertInto('credit_ledger')
        .columns(['user_id', 'amount', 'reason', 'balance_after', 'summary_id', 'actor_id', 'note'])
        .expression((eb) =>
          eb
            .selectFrom('changed')
            .select([
              'changed.id',
              sql<number>`${movement.delta}::integer`.as('amount'),
              sql<CreditReason>`${movement.reason}::text`.as('reason'),
              'changed.credits',
              sql<string | null>`${movement.summaryId ?? null}::uuid`.as('summary_id'),
              sql<string | null>`${movement.actorId ?? null}::uuid`.as('actor_id'),
              sql<string | null>`${movement.note ?? null}::text`.as('note'),
            ]),
        )
        .returning('id'),
    )
    .selectFrom(['changed', 'entry'])
    .selectAll('changed')
    .select('entry.id as ledgerId')
    .executeTakeFirst();
  if (!row) return undefined;
  const { ledgerId, ...user } = row;
  return { user, ledgerId };
}

/**
 * Takes `amount` credits for a summary if the user has that many (reason `summary`); the user
 * with their new balance and the debit's ledger id, or undefined when they have too few (nothing
 * changes then). A debit taken before its summary exists is linked later
 * (linkCreditMovementToSummary).
 */
export function spendCredits(
  db: DbExecutor,
  debit: { userId: string; amount: number; summaryId?: string | null },
): Promise<MovedCredits | undefined> {
  return moveCredits(db, {
    userId: debit.userId,
    delta: -debit.amount,
    reason: 'summary',
    atLeast: debit.amount,
    summaryId: debit.summaryId,
  });
}

/** Gives `amount` credits back for a summary that was not delivered (reason `refund`). */
export function refundCredits(
  db: DbExecutor,
  refund: { userId: string; amount: number },
): Promise<MovedCredits | undefined> {
  return moveCredits(db, { userId: refund.userId, delta: refund.amount, reason: 'refund' });
}

/**
 * Gives a user `amount` credits from a staff member: an admin's recharge or an approved
 * request (with the admin's note). Undefined when there is no such user or the balance would
 * pass MAX_CREDIT_BALANCE.
 */
export function grantCredits(
  db: DbExecutor,
  grant: {
    userId: string;
    amount: number;
    reason: 'recharge' | 'request';
    actorId: string;
    note?: string | null | undefined;
  },
): Promise<MovedCredits | undefined> {
  return moveCredits(db, {
    userId: grant.userId,
    delta: grant.amount,
    reason: grant.reason,
    atMost: MAX_CREDIT_BALANCE - grant.amount,
    actorId: grant.actorId,
    note: grant.note,
  });
}

/**
 * Creates an account with its starting credits and their ledger row (reason `signup`), unless
 * the email is taken case-insensitively (undefined; never throws on a duplicate, also under a
 * race). Call it in a transaction, so the two rows commit together.
 */
export async function insertAccount(
  db: DbExecutor,
  user: NewUser & { credits: number },
): Promise<UserRecord | undefined> {
  const created = await db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  if (!created || user.credits === 0) return created;
  await db
    .insertInto('credit_ledger')
    .values({
      user_id: created.id,
      amount: user.credits,
      reason: 'signup',
      balance_after: user.credits,
    })
    .execute();
  return created;
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

/** Why no credit could be reserved: the user has none left to hold, or is gone. */
export type RefusedReservation = 'insufficient' | 'gone';

/**
 * The user's balance less their live reservations, with their row locked until the caller's
 * transaction ends (so no other reservation or debit of theirs can slip in meanwhile); undefined
 * when the user is gone. Call it inside a transaction.
 */
export async function lockAvailableCredits(
  trx: DbExecutor,
  userId: string,
): Promise<number | undefined> {
  const user = await trx
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) return undefined;
  // A separate statement after the lock: it sees every reservation committed before it.
  const held = await trx
    .selectFrom('credit_reservations')
    .select(sql<number>`coalesce(sum(amount), 0)::int`.as('amount'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return user.credits - held.amount;
}

/**
 * Holds `amount` credits of the user for `seconds` if their balance less their live
 * reservations still covers it: the reservation's id, or why not. Nothing moves in the ledger:
 * consumeCreditReservation turns it into the debit, releaseCreditReservation gives it back.
 */
export async function reserveCredits(
  db: Database,
  reservation: { userId: string; amount: number; seconds: number },
): Promise<{ id: string } | RefusedReservation> {
  return db.transaction().execute(async (trx) => {
    const available = await lockAvailableCredits(trx, reservation.userId);
    if (available === undefined) return 'gone';
    if (available < reservation.amount) return 'insufficient';
    await trx
      .deleteFrom('credit_reservations')
      .where('user_id', '=', reservation.userId)
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    return trx
      .insertInto('credit_reservations')
      .values({
        user_id: reservation.userId,
        amount: reservation.amount,
        expires_at: sql<Date>`now() + ${reservation.seconds}::int * interval '1 second'`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

/**
 * Ends a reservation inside the transaction that takes its debit (the reservation and the
 * debit then commit, or roll back, together). Whether it was still there.
 */
export async function consumeCreditReservation(
  trx: DbExecutor,
  reservationId: string,
): Promise<boolean> {
  const rows = await trx
    .deleteFrom('credit_reservations')
    .where('id', '=', reservationId)
    .executeTakeFirst();
  return rows.numDeletedRows > 0n;
}

/** Gives a reservation back (nothing was stored); a consumed or expired one is a no-op. */
export async function releaseCreditReservation(
  db: DbExecutor,
  reservationId: string,
): Promise<void> {
  await db.deleteFrom('credit_reservations').where('id', '=', reservationId).execute();
}

/** A ledger row with the first words of the summary it paid for (null without one). */
export type CreditHistoryRow = CreditLedgerRow & { summary_preview: string | null };

/** How many characters of a summary a history entry shows. */
const PREVIEW_CHARS = 80;

/** One page of the user's credit movements, newest first. */
export function listCreditHistory(
  db: DbExecutor,
  userId: string,
  page: PageWindow,
): Promise<CreditHistoryRow[]> {
  return db
    .selectFrom('credit_ledger')
    .leftJoin('summaries', 'summaries.id', 'credit_ledger.summary_id')
    .selectAll('credit_ledger')
    .select(
      sql<string | null>`left(summaries.summarized_content, ${PREVIEW_CHARS})`.as(
        'summary_preview',
      ),
    )
    .where('credit_ledger.user_id', '=', userId)
    .orderBy('credit_ledger.created_at', 'desc')
    .orderBy('credit_ledger.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countCreditHistory(db: DbExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}
