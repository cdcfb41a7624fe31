import type { InferResponseType, hc } from 'hono/client';
import type { AppType } from 'api/app-type';

// Several of one's own summaries at once (issue 29), as the API answers their owner, inferred
// from the api's own routes like own-summary.ts.

type Summaries = ReturnType<typeof hc<AppType>>['api']['summaries'];

/** `data` of POST /api/summaries/combine: the new summary and the balance after paying. */
export type CombinedOwnSummary = InferResponseType<Summaries['combine']['$post'], 201>['data'];

/** `data.comparison` of POST /api/summaries/compare. */
export type OwnComparison = InferResponseType<
  Summaries['compare']['$post'],
  200
>['data']['comparison'];
