import { appendAuditEvent } from '../../db/audit-events.repository';
import type { UserRecord } from '../../db/users.repository';
import { assertActingRole } from '../../lib/acting-user';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/app-env';
import { pageOffset } from '../../lib/page-query';
import type { StaffSummaryRecord } from '../../db/summaries.repository';
import { SUMMARY_NOT_FOUND_MESSAGE } from '../../lib/summary-response';
import { appendNotification } from '../../db/notifications.repository';
import { reviewNotificationMessage } from '../../lib/notification-messages';
import { toReviewHistoryDto } from './review-response';
import type { ReviewHistoryDto, ReviewStatisticsDto } from './review-response';
import {
  appendReviewEvent,
  countReviewsBy,
  countSummariesByReviewStatus,
  countSummariesForReview,
  findStaffSummary,
  listReviewEvents,
  listSummariesForReview,
  setLatestReview,
} from './reviews.repository';
import type { ReviewStatusCounts } from './reviews.repository';
import type { ReviewListQuery, SubmitReviewInput } from './reviews.schemas';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReviewQueue {
  summaries: StaffSummaryRecord[];
  statistics: ReviewStatusCounts;
  /** How many summaries the list's filter matches. */
  total: number;
  page: number;
  limit: number;
}

function summaryNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', SUMMARY_NOT_FOUND_MESSAGE);
}

/** A malformed id names no summary: 404 like an unknown one. */
function assertSummaryId(id: string): void {
  if (!UUID_PATTERN.test(id)) throw summaryNotFound();
}

/** Every summary counted by review status, and the reviewer's own reviews counted by action. */
export async function getReviewStatistics(
  deps: AppDeps,
  reviewer: UserRecord,
): Promise<ReviewStatisticsDto> {
  const [overall, myReviews] = await Promise.all([
    countSummariesByReviewStatus(deps.db),
    countReviewsBy(deps.db, reviewer.id),
  ]);
  return { overall, myReviews };
}

/** The summaries to review (or all of them), newest first, with every summary counted by status. */
export async function listReviewQueue(deps: AppDeps, query: ReviewListQuery): Promise<ReviewQueue> {
  const filter = { status: query.status, q: query.q };
  const [statistics, total] = await Promise.all([
    countSummariesByReviewStatus(deps.db),
    countSummariesForReview(deps.db, filter),
  ]);
  const offset = pageOffset(query.page, query.limit);
  // Past the last page there is nothing to read (and a huge page number never reaches SQL).
  const summaries =
    offset < total
      ? await listSummariesForReview(deps.db, filter, { offset, limit: query.limit })
      : [];
  return { summaries, statistics, total, page: query.page, limit: query.limit };
}

/**
 * Reviews a summary: sets its status, comments, reviewer and date, appends the review to its
 * history and writes an audit row, in one transaction. Any status may be reviewed again.
 * 404 for an unknown summary (also one deleted meanwhile).
 */
export async function submitReview(
  deps: AppDeps,
  reviewer: UserRecord,
  id: string,
  input: SubmitReviewInput,
): Promise<StaffSummaryRecord> {
  assertSummaryId(id);
  return deps.db.transaction().execute(async (trx) => {
    await assertActingRole(trx, reviewer.id, ['reviewer', 'admin']);
    const review = {
      summaryId: id,
      reviewerId: reviewer.id,
      reviewerName: reviewer.name,
      action: input.action,
      comments: input.comments,
    };
    if (!(await setLatestReview(trx, review))) throw summaryNotFound();
    const event = await appendReviewEvent(trx, review);
    await appendAuditEvent(trx, {
      actorId: reviewer.id,
      action: 'summary.reviewed',
      targetType: 'summary',
      targetId: id,
      details: { action: input.action, reviewEventId: event.id },
    });
    const summary = await findStaffSummary(trx, id);
    if (!summary) throw summaryNotFound();
    await appendNotification(trx, {
      userId: summary.user_id,
      kind: 'review',
      message: reviewNotificationMessage(reviewer.name, input.action, input.comments),
      summaryId: id,
    });
    return summary;
  });
}

/** A summary's latest review and its whole review history, oldest first. 404 if unknown. */
export async function getReviewHistory(deps: AppDeps, id: string): Promise<ReviewHistoryDto> {
  assertSummaryId(id);
  const summary = await findStaffSummary(deps.db, id);
  if (!summary) throw summaryNotFound();
  const events = await listReviewEvents(deps.db, id);
  return toReviewHistoryDto(summary, events);
}
