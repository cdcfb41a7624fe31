import type { InferResponseType, hc } from 'hono/client';
import type { AppType } from 'api/app-type';

type ApiClient = ReturnType<typeof hc<AppType>>['api'];

/**
 * A summary with its author, as the staff listings return it (API.md "Summary" with `user`:
 * GET /api/admin/summaries, GET /api/reviews/pending), from the api's own types.
 */
export type StaffSummary = InferResponseType<
  ApiClient['admin']['summaries']['$get'],
  200
>['data']['summaries'][number];

/** Who wrote a summary: `{ id, name, email, role }`. */
export type SummaryAuthor = StaffSummary['user'];

/** A summary in one's own listing (GET /api/summaries), which names no author. */
export type OwnSummary = InferResponseType<
  ApiClient['summaries']['$get'],
  200
>['data']['summaries'][number];

/** A summary in a staff page's list: the author is known on staff listings, not on one's own. */
export type ListedSummary = OwnSummary & { user?: SummaryAuthor };
