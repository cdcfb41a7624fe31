import { api, request } from 'common/api-client';
import type { ResponseData } from 'common/api-client';

// The API's answers, inferred from its AppType (no hand-written copy to drift).

/** `data` of GET /api/credits/history: one page of one's own credit movements. */
export type CreditHistoryPage = ResponseData<typeof api.credits.history.$get>;

/**
 * One credit movement (API.md "Additions"); `summaryPreview` is the first characters of the
 * summary it paid for, while that summary exists.
 */
export type CreditHistoryEntry = CreditHistoryPage['entries'][number];

/** A credit request of one's own (GET /api/credits/requests). */
export type CreditRequest = ResponseData<typeof api.credits.requests.$get>['requests'][number];

export const CREDIT_MESSAGES = {
  history: 'Failed to load your credit history',
  requests: 'Failed to load your credit requests',
  sendRequest: 'Failed to send the credit request',
} as const;

/** GET /api/credits/history?page&limit: one's own movements, newest first. */
export async function getCreditHistory(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<CreditHistoryPage> {
  const body = await request(
    () =>
      api.credits.history.$get(
        { query: { page: String(page), limit: String(limit) } },
        signal ? { init: { signal } } : undefined,
      ),
    CREDIT_MESSAGES.history,
  );
  return body.data;
}

/** GET /api/credits/requests: one's own requests, newest first. */
export async function getCreditRequests(signal?: AbortSignal): Promise<CreditRequest[]> {
  const body = await request(
    () => api.credits.requests.$get(undefined, signal ? { init: { signal } } : undefined),
    CREDIT_MESSAGES.requests,
  );
  return body.data.requests;
}

/** POST /api/credits/requests: asks an administrator for credits (one open request at a time). */
export async function postCreditRequest(credits: number, reason: string): Promise<CreditRequest> {
  const body = await request(
    () => api.credits.requests.$post({ json: { credits, reason } }),
    CREDIT_MESSAGES.sendRequest,
  );
  return body.data.request;
}
