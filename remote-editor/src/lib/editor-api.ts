// The editor remote's lists (API.md "Routes"); editing and deleting use common's staff summary
// calls, shared with the admin page.
import { getOwnSummaries, getStaffSummaries } from 'common/staff-summaries-api';
import type { OwnSummary, StaffSummary } from 'common/staff-summary';

/** SPEC.md §9: the editor's listings hold at most 100 summaries. */
export const EDITOR_LIST_LIMIT = 100;

/** GET /api/admin/summaries?limit=100: everyone's summaries, newest first, with their authors. */
export function getAllSummaries(): Promise<StaffSummary[]> {
  return getStaffSummaries(EDITOR_LIST_LIMIT);
}

/** GET /api/summaries?limit=100: the editor's own summaries. */
export function getMySummaries(): Promise<OwnSummary[]> {
  return getOwnSummaries(EDITOR_LIST_LIMIT);
}
