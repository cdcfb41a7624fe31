// The admin remote's calls for credit requests and the audit log (API.md "Additions").
import { api, request } from 'common/api-client';
import type { ResponseData } from 'common/api-client';

type CreditRequestsData = ResponseData<(typeof api.admin)['credit-requests']['$get']>;

/** A credit request as admins see it: with its user and, once answered, who answered. */
export type AdminCreditRequest = CreditRequestsData['requests'][number];

/** The requests of a page, and how many are open, whatever the page shows. */
export type AdminCreditRequestsPage = Pick<CreditRequestsData, 'requests' | 'open'>;

/** A page of the audit trail (GET /api/admin/audit) with its pagination. */
export type AuditPage = ResponseData<typeof api.admin.audit.$get>;

/** One staff action of the audit trail. */
export type AuditEvent = AuditPage['events'][number];

export const ADMIN_CREDIT_MESSAGES = {
  requests: 'Failed to load credit requests',
  decide: 'Failed to answer the credit request',
  audit: 'Failed to load the audit log',
} as const;

/** GET /api/admin/credit-requests?status=open: the open requests, newest first. */
export async function getOpenCreditRequests(): Promise<AdminCreditRequestsPage> {
  const body = await request(
    () => api.admin['credit-requests'].$get({ query: { status: 'open', limit: '100' } }),
    ADMIN_CREDIT_MESSAGES.requests,
  );
  return { requests: body.data.requests, open: body.data.open };
}

export type CreditDecision =
  { decision: 'approved'; credits: number; note: string } | { decision: 'denied'; note: string };

/** PUT /api/admin/credit-requests/:id: approves (adding the credits) or denies; 409 if answered. */
export async function decideCreditRequest(
  id: string,
  decision: CreditDecision,
): Promise<AdminCreditRequest> {
  const body = await request(
    () => api.admin['credit-requests'][':id'].$put({ param: { id }, json: decision }),
    ADMIN_CREDIT_MESSAGES.decide,
  );
  return body.data.request;
}

/** GET /api/admin/audit?page&limit&action: the audit trail, newest first. */
export async function getAuditEvents(
  page: number,
  limit: number,
  action: string | null,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const query = {
    page: String(page),
    limit: String(limit),
    ...(action ? { action } : {}),
  };
  const body = await request(
    () => api.admin.audit.$get({ query }, signal ? { init: { signal } } : undefined),
    ADMIN_CREDIT_MESSAGES.audit,
  );
  return body.data;
}
