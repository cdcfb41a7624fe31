import { FALLBACK_MESSAGES } from 'common/api-client';
import type { ApiErrorInfo } from 'common/api-client';
import type { LoadStatus } from 'common/load-status';
import type { ListPagination } from 'common/staff-summaries-api';
import type { ListedSummary } from 'common/staff-summary';

/** A staff list of summaries in a slice: the page shown (the URL's page, search and filters). */
export interface StaffListState {
  summaries: ListedSummary[];
  pagination: ListPagination | null;
  status: LoadStatus;
  error: string | null;
}

/** A list never asked for. */
export const EMPTY_STAFF_LIST: StaffListState = {
  summaries: [],
  pagination: null,
  status: 'idle',
  error: null,
};

/** The reducers' steps for a list's page: asked for, arrived, failed (in Immer drafts). */
export function listLoading(list: StaffListState): void {
  list.status = 'loading';
  list.error = null;
}

export function listLoaded(
  list: StaffListState,
  { summaries, pagination }: { summaries: ListedSummary[]; pagination: ListPagination },
): void {
  list.status = 'succeeded';
  list.error = null;
  list.summaries = summaries;
  list.pagination = pagination;
}

export function listFailed(list: StaffListState, payload: ApiErrorInfo | undefined): void {
  list.status = 'failed';
  list.error = payload?.message ?? FALLBACK_MESSAGES.fetchSummaries;
}
