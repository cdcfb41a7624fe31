import { api, request } from 'common/api-client';

/** One credit movement (API.md "Additions": GET /api/credits/history). */
export interface CreditHistoryEntry {
  id: string;
  amount: number;
  reason: 'signup' | 'summary' | 'refund' | 'recharge' | 'request';
  balanceAfter: number;
  summaryId: string | null;
  /** The first characters of the summary it paid for, while that summary exists. */
  summaryPreview: string | null;
  note: string | null;
  createdAt: string;
}

export interface CreditHistoryPage {
  entries: CreditHistoryEntry[];
  pagination: { currentPage: number; totalPages: number; total: number };
}

/** A credit request of one's own. */
export interface CreditRequest {
  id: string;
  credits: number;
  reason: string | null;
  status: 'open' | 'approved' | 'denied';
  grantedCredits: number | null;
  note: string | null;
  createdAt: string;
}

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
