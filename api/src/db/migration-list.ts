import type { Migration, MigrationProvider } from 'kysely';
import * as createUsersLedgerAudit from './migrations/20261121120000_create_users_ledger_audit';
import * as createRateLimitHits from './migrations/20261121120100_create_rate_limit_hits';
import * as createSummaries from './migrations/20261121120200_create_summaries';
import * as createReviewEvents from './migrations/20261121120300_create_review_events';
import * as createSummaryJobs from './migrations/20261121120400_create_summary_jobs';
import * as allowPdfSource from './migrations/20261122105900_allow_pdf_source';
import * as summaryWorkbench from './migrations/20261122120000_summary_workbench';
import * as creditRequestsNotifications from './migrations/20261122150000_credit_requests_notifications';
import * as staffListsIndexes from './migrations/20261122230000_staff_lists_indexes';
import * as userSummaryTotals from './migrations/20261122231000_user_summary_totals';
import * as creditReservations from './migrations/20261127101000_credit_reservations';
import * as auditActorKept from './migrations/20261127102000_audit_actor_kept';
import * as revokedTokens from './migrations/20261127102100_revoked_tokens';
import * as summaryPromptApplied from './migrations/20261127103500_summary_prompt_applied';
import * as summaryAnySource from './migrations/20261127200000_summary_any_source';
import * as summaryShares from './migrations/20261127210000_summary_shares';
import * as summaryQuestions from './migrations/20261128120000_summary_questions';
import * as summaryCollections from './migrations/20261128130000_summary_collections';
import * as summaryLanguages from './migrations/20261128150000_summary_languages';
import * as summaryHiddenText from './migrations/20261128160000_summary_hidden_text';
import * as summarySections from './migrations/20261128170000_summary_sections';

/*
 * Every migration, by file name. The server is bundled into one file, so migrations cannot
 * be found by reading the folder at run time: a new migration file gets one line here too
 * (migrator.test.ts fails if a file in migrations/ is missing from this list).
 */
export const migrations: Record<string, Migration> = {
  '20261121120000_create_users_ledger_audit': createUsersLedgerAudit,
  '20261121120100_create_rate_limit_hits': createRateLimitHits,
  '20261121120200_create_summaries': createSummaries,
  '20261121120300_create_review_events': createReviewEvents,
  '20261121120400_create_summary_jobs': createSummaryJobs,
  '20261122105900_allow_pdf_source': allowPdfSource,
  '20261122120000_summary_workbench': summaryWorkbench,
  '20261122150000_credit_requests_notifications': creditRequestsNotifications,
  '20261122230000_staff_lists_indexes': staffListsIndexes,
  '20261122231000_user_summary_totals': userSummaryTotals,
  '20261127101000_credit_reservations': creditReservations,
  '20261127102000_audit_actor_kept': auditActorKept,
  '20261127102100_revoked_tokens': revokedTokens,
  '20261127103500_summary_prompt_applied': summaryPromptApplied,
  '20261127200000_summary_any_source': summaryAnySource,
  '20261127210000_summary_shares': summaryShares,
  '20261128120000_summary_questions': summaryQuestions,
  '20261128130000_summary_collections': summaryCollections,
  '20261128150000_summary_languages': summaryLanguages,
  '20261128160000_summary_hidden_text': summaryHiddenText,
  '20261128170000_summary_sections': summarySections,
};

/** A Kysely MigrationProvider over the list above. */
export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
