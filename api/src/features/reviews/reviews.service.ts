import { appendAuditEvent } from '../../db/audit-events.repository';
import type { UserRecord } from '../../db/user-record';
import { assertActingRole } from '../../domain/acting-user';
import type { AppDeps } from '../../app-env';
import {
  countSummariesByReviewStatus,
  findStaffSummary,
  readStaffSummaryPage,
} from '../../db/staff-summaries.repository';
import type { StaffSummaryPage, StaffSummaryRecord } from '../../db/staff-summaries.repository';
import { findOwnSummary } from '../../db/summaries.repository';
import { summaryNotFound } from '../../domain/summary-response';
import { appendNotification } from '../../db/notifications.repository';
import { reviewNotificationMessage } from '../../domain/notification-messages';
import { toReviewHistoryDto } from './review-response';
import type { ReviewHistoryDto, ReviewStatisticsDto } from './review-response';
import {
  appendReviewEvent,
  countReviewsBy,
  listReviewEvents,
  reviewListConditions,
  setLatestReview,
} from './reviews.repository';
import type { ReviewListQuery, SubmitReviewInput } from './reviews.schemas';

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
export function listReviewQueue(deps: AppDeps, query: ReviewListQuery): Promise<StaffSummaryPage> {
  const filter = { status: query.status, q: query.q };
  return readStaffSummaryPage(deps.db, reviewListConditions(filter), query);
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

/**
 * The author's view of their own summary's reviews, in the shape of the staff's history: 404
 * for someone else's summary, as for an unknown one.
 */
export async function getOwnReviewHistory(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<ReviewHistoryDto> {
  const summary = await findOwnSummary(deps.db, userId, id);
  if (!summary) throw summaryNotFound();
  const events = await listReviewEvents(deps.db, id);
  return toReviewHistoryDto(summary, events);
}

/** A summary's latest review and its whole review history, oldest first. 404 if unknown. */
export async function getReviewHistory(deps: AppDeps, id: string): Promise<ReviewHistoryDto> {
  const summary = await findStaffSummary(deps.db, id);
  if (!summary) throw summaryNotFound();
  const events = await listReviewEvents(deps.db, id);
  return toReviewHistoryDto(summary, events);
}
