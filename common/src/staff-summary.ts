import type { InferResponseType, hc } from 'hono/client';
import type { AppType } from 'api/app-type';
import type { OwnSummaryRecord } from 'common/own-summary';

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

/** `data` of GET /api/admin/summaries: a page of everyone's summaries and its pagination. */
export type StaffSummaryPage = InferResponseType<
  ApiClient['admin']['summaries']['$get'],
  200
>['data'];

/**
 * A summary in a staff page's list (one's own listing, GET /api/summaries, names no author):
 * the author is known on staff listings, not on one's own.
 */
export type ListedSummary = OwnSummaryRecord & { user?: SummaryAuthor };
