import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database';
import type { CreditRequestRow, CreditRequestStatus } from '../../db/schema';
import type { PageWindow } from '../../lib/page-query';

/** A request with its user's name and email, and the deciding admin's name. */
export type CreditRequestRecord = CreditRequestRow & {
  user_name: string;
  user_email: string;
  user_credits: number;
  decided_by_name: string | null;
};

function selectRequests(db: DbExecutor) {
  return db
    .selectFrom('credit_requests')
    .innerJoin('users as requester', 'requester.id', 'credit_requests.user_id')
    .leftJoin('users as decider', 'decider.id', 'credit_requests.decided_by')
    .selectAll('credit_requests')
    .select([
      'requester.name as user_name',
      'requester.email as user_email',
      'requester.credits as user_credits',
      'decider.name as decided_by_name',
    ]);
}

/**
 * Inserts an open request unless the user has one already; undefined then (the partial
 * unique index decides, so two requests sent at once cannot both be open).
 */
export async function insertOpenRequest(
  db: DbExecutor,
  request: { userId: string; credits: number; reason: string | null },
): Promise<CreditRequestRow | undefined> {
  return db
    .insertInto('credit_requests')
    .values({ user_id: request.userId, credits: request.credits, reason: request.reason })
    .onConflict((conflict) =>
      conflict.column('user_id').where('status', '=', sql.lit('open')).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The user's requests, newest first. */
export function listOwnRequests(db: DbExecutor, userId: string): Promise<CreditRequestRow[]> {
  return db
    .selectFrom('credit_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** One page of every request (or the open ones), newest first, with the count of them all. */
export async function listRequests(
  db: DbExecutor,
  status: 'open' | 'all',
  page: PageWindow,
): Promise<{ requests: CreditRequestRecord[]; total: number; open: number }> {
  let query = selectRequests(db);
  if (status === 'open') query = query.where('credit_requests.status', '=', 'open');
  const [requests, counts] = await Promise.all([
    query
      .orderBy('credit_requests.created_at', 'desc')
      .orderBy('credit_requests.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('credit_requests')
      .select([
        sql<number>`count(*)::int`.as('all'),
        sql<number>`(count(*) filter (where status = 'open'))::int`.as('open'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { requests, total: status === 'open' ? counts.open : counts.all, open: counts.open };
}

export function findRequest(db: DbExecutor, id: string): Promise<CreditRequestRecord | undefined> {
  return selectRequests(db).where('credit_requests.id', '=', id).executeTakeFirst();
}

/**
 * Closes an open request with a decision, once: a conditional UPDATE, so of two admins
 * answering at once the second waits for the first's row lock, then finds it no longer open
 * and gets undefined.
 */
export function closeOpenRequest(
  db: DbExecutor,
  decision: {
    id: string;
    status: Exclude<CreditRequestStatus, 'open'>;
    grantedCredits: number | null;
    note: string | null;
    decidedBy: string;
  },
): Promise<CreditRequestRow | undefined> {
  return db
    .updateTable('credit_requests')
    .set({
      status: decision.status,
      granted_credits: decision.grantedCredits,
      note: decision.note,
      decided_by: decision.decidedBy,
      decided_at: sql<Date>`now()`,
    })
    .where('id', '=', decision.id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}
