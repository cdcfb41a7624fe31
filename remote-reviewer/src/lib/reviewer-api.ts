// The reviewer remote's calls (API.md "Routes": /api/reviews/...), in one place.
import { FALLBACK_MESSAGES, api, request } from 'common/api-client';
import type { SuccessBody } from 'common/api-client';
import { getOwnSummaryPage } from 'common/own-summaries-api';
import type { ListPagination } from 'common/staff-summaries-api';
import type { OwnSummaryPage } from 'common/own-summary';
import type { StaffSummary } from 'common/staff-summary';
import type { ReviewAction } from './review-status';

/** SPEC.md §9: the reviewer's listings hold 100 summaries a page. */
export const REVIEW_LIST_LIMIT = 100;

/** GET /api/reviews/stats `data`: `overall` counts by status, `myReviews` one's own reviews. */
export type ReviewStats = SuccessBody<Awaited<ReturnType<typeof api.reviews.stats.$get>>>['data'];
export type ReviewOverall = ReviewStats['overall'];
export type MyReviews = ReviewStats['myReviews'];

/** GET /api/reviews/:id/history `data`; the history oldest first. */
export type ReviewHistory = SuccessBody<
  Awaited<ReturnType<(typeof api.reviews)[':id']['history']['$get']>>
>['data'];

/** GET /api/reviews/pending: a page of summaries, the overall counts and the pagination. */
export interface ReviewQueue {
  summaries: StaffSummary[];
  statistics: ReviewOverall;
  pagination: ListPagination;
}

/** Failing to load the stats is only logged (SPEC.md §8), so its text is for the console. */
export const STATS_FALLBACK = 'Failed to fetch review statistics';

/** GET /api/reviews/stats. */
export async function getReviewStats(): Promise<ReviewStats> {
  return (await request(() => api.reviews.stats.$get(), STATS_FALLBACK)).data;
}

/**
 * GET /api/reviews/pending?status=pending|all&page&limit&q (API.md "Additions"), newest first,
 * with their authors.
 */
export async function getReviewQueue(
  status: 'pending' | 'all',
  query: Record<string, string>,
): Promise<ReviewQueue> {
  const body = await request(
    () => api.reviews.pending.$get({ query: { ...query, status } }),
    FALLBACK_MESSAGES.fetchSummaries,
  );
  return { summaries: body.data, statistics: body.statistics, pagination: body.pagination };
}

/** GET /api/summaries?page&limit&q: the reviewer's own summaries. */
export function getMySummaries(query: Record<string, string>): Promise<OwnSummaryPage> {
  return getOwnSummaryPage(query);
}

/** POST /api/reviews/:id/submit; blank comments are left out. The reviewed summary. */
export async function submitReview(
  id: string,
  action: ReviewAction,
  comments: string,
): Promise<StaffSummary> {
  const trimmed = comments.trim();
  const body = await request(
    () =>
      api.reviews[':id'].submit.$post({
        param: { id },
        json: trimmed === '' ? { action } : { action, comments: trimmed },
      }),
    FALLBACK_MESSAGES.submitReview,
  );
  return body.data.summary;
}

/** GET /api/reviews/:id/history. */
export async function getReviewHistory(id: string, signal?: AbortSignal): Promise<ReviewHistory> {
  const body = await request(
    () => api.reviews[':id'].history.$get({ param: { id } }, signal ? { init: { signal } } : {}),
    FALLBACK_MESSAGES.fetchReviewHistory,
  );
  return body.data;
}
