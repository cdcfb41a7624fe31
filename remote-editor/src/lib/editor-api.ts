// The editor remote's lists (API.md "Routes" and "Additions"); editing and deleting use common's
// staff summary calls, shared with the admin page.
import { getOwnSummaryPage } from 'common/own-summaries-api';
import { getStaffSummaries } from 'common/staff-summaries-api';
import type { ListPagination } from 'common/staff-summaries-api';
import type { ListedSummary } from 'common/staff-summary';

/** SPEC.md §9: the editor's listings hold 100 summaries a page. */
export const EDITOR_LIST_LIMIT = 100;

/** A page of one of the editor's lists. */
export interface EditorSummaryPage {
  summaries: ListedSummary[];
  pagination: ListPagination;
}

/** GET /api/admin/summaries?page&limit&q&status: everyone's, newest first, with their authors. */
export function getAllSummaries(query: Record<string, string>): Promise<EditorSummaryPage> {
  return getStaffSummaries(query);
}

/** GET /api/summaries?page&limit&q: the editor's own summaries. */
export function getMySummaries(query: Record<string, string>): Promise<EditorSummaryPage> {
  return getOwnSummaryPage(query);
}
