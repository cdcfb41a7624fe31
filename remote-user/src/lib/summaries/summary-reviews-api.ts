import { api, request } from 'common/api-client';
import type { ResponseData } from 'common/api-client';

/** One review of one's summary (GET /api/summaries/:id/reviews `history`), from the api's types. */
export type SummaryReviewEntry = ResponseData<
  (typeof api.summaries)[':id']['reviews']['$get']
>['history'][number];

export const REVIEW_HISTORY_FALLBACK = 'Failed to load the review history';

/** GET /api/summaries/:id/reviews: every review of one's own summary, oldest first. */
export async function getSummaryReviews(
  id: string,
  signal?: AbortSignal,
): Promise<SummaryReviewEntry[]> {
  const body = await request(
    () =>
      api.summaries[':id'].reviews.$get(
        { param: { id } },
        signal ? { init: { signal } } : undefined,
      ),
    REVIEW_HISTORY_FALLBACK,
  );
  return body.data.history;
}
