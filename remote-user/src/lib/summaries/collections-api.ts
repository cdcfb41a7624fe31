import { api, request } from 'common/api-client';
import type { CombinedOwnSummary, OwnComparison } from 'common/own-collection';
import type { SummaryOptions } from './summary';

/*
 * Several of one's own summaries at once (issue 29, API.md round 3): combine them into one
 * summary (1 credit) or compare them side by side (free).
 */

export const COLLECTION_MESSAGES = {
  combine: 'Failed to combine the summaries',
  compare: 'Failed to compare the summaries',
} as const;

/** `data` of POST /api/summaries/combine: the new summary and the balance after paying. */
export type CombinedSummary = CombinedOwnSummary;

/** `data.comparison` of POST /api/summaries/compare. */
export type Comparison = OwnComparison;
export type ComparedDocument = Comparison['documents'][number];

/** POST /api/summaries/combine: one summary of 2 to 10 of one's own, for 1 credit. */
export async function postCombination(
  summaryIds: string[],
  options: SummaryOptions & { customPrompt: string | null },
): Promise<CombinedSummary> {
  const body = await request(
    () => api.summaries.combine.$post({ json: { summaryIds, ...options } }),
    COLLECTION_MESSAGES.combine,
  );
  return body.data;
}

/**
 * POST /api/summaries/compare: the summaries side by side for the question or prompt `q`
 * (null: the terms they share, or what each summary cites).
 */
export async function postComparison(
  summaryIds: string[],
  q: string | null,
  signal?: AbortSignal,
): Promise<Comparison> {
  const body = await request(
    () =>
      api.summaries.compare.$post(
        { json: { summaryIds, q } },
        signal ? { init: { signal } } : undefined,
      ),
    COLLECTION_MESSAGES.compare,
  );
  return body.data.comparison;
}
