import { sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * Everything wrong with the money after a fault, as sentences (empty when all is well):
 * a balance that differs from its ledger's running sum, a debit count that differs from the
 * summaries and jobs paid for, a job not ended (completed or failed), a completed job without
 * its summary, or refunds that differ from the failed jobs.
 */
export async function ledgerProblems(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const balances = await sql<{ id: string; credits: number; total: number | null }>`
    select u.id, u.credits,
      (select sum(l.amount)::int from credit_ledger l where l.user_id = u.id) as total
    from users u`.execute(db);
  for (const row of balances.rows) {
    if ((row.total ?? 0) !== row.credits) {
      problems.push(`user ${row.id}: balance ${row.credits}, ledger sum ${row.total ?? 0}`);
    }
  }
  const jobs = await sql<{ id: string; status: string; summary_id: string | null }>`
    select id, status, summary_id from summary_jobs`.execute(db);
  for (const job of jobs.rows) {
    if (job.status === 'pending') problems.push(`job ${job.id} never ended`);
    if (job.status === 'completed' && job.summary_id === null) {
      problems.push(`job ${job.id} completed without a summary`);
    }
  }
  const perUser = await sql<{
    user_id: string;
    debits: number;
    paid_for: number;
    refunds: number;
    failed: number;
  }>`
    select u.id as user_id,
      (select count(*)::int from credit_ledger l where l.user_id = u.id and l.reason = 'summary') as debits,
      (select count(*)::int from summary_jobs j where j.user_id = u.id)
        + (select count(*)::int from summaries s where s.user_id = u.id
            and not exists (select 1 from summary_jobs j where j.summary_id = s.id)) as paid_for,
      (select count(*)::int from credit_ledger l where l.user_id = u.id and l.reason = 'refund') as refunds,
      (select count(*)::int from summary_jobs j where j.user_id = u.id and j.status = 'failed') as failed
    from users u`.execute(db);
  for (const row of perUser.rows) {
    if (row.debits !== row.paid_for) {
      problems.push(
        `user ${row.user_id}: ${row.debits} debits for ${row.paid_for} summaries and jobs`,
      );
    }
    if (row.refunds !== row.failed) {
      problems.push(`user ${row.user_id}: ${row.failed} failed jobs but ${row.refunds} refunds`);
    }
  }
  return problems;
}
