import { FALLBACK_MESSAGES, api, request } from 'common/api-client';
import type { StaffSummary, StaffSummaryPage } from 'common/staff-summary';

/*
 * The summary calls the staff pages share (API.md "Routes"): everyone's summaries for the admin
 * and editor pages (one's own, for My Summaries too, are in own-summaries-api.ts). Each rejects
 * with an ApiError carrying the message to show (SPEC.md §8).
 */

/** The part of a list's `pagination` (API.md) the staff pages show; `total` counts every match. */
export type ListPagination = Pick<
  StaffSummaryPage['pagination'],
  'currentPage' | 'totalPages' | 'total'
>;

/**
 * GET /api/admin/summaries (editor, admin) with page, limit and optional q, status and userId
 * (API.md "Additions"): everyone's, newest first, with authors, and the real total.
 */
export async function getStaffSummaries(query: Record<string, string>): Promise<StaffSummaryPage> {
  const body = await request(
    () => api.admin.summaries.$get({ query }),
    FALLBACK_MESSAGES.fetchSummaries,
  );
  return body.data;
}

/** PUT /api/admin/summaries/:id (editor, admin) with the new text; the updated summary. */
export async function updateStaffSummary(
  id: string,
  summarizedContent: string,
): Promise<StaffSummary> {
  const body = await request(
    () => api.admin.summaries[':id'].$put({ param: { id }, json: { summarizedContent } }),
    FALLBACK_MESSAGES.updateSummary,
  );
  return body.data.summary;
}

/** DELETE /api/admin/summaries/:id (editor, admin): anyone's summary. */
export async function deleteStaffSummary(id: string): Promise<void> {
  await request(
    () => api.admin.summaries[':id'].$delete({ param: { id } }),
    FALLBACK_MESSAGES.deleteSummary,
  );
}
