import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { login, logout, register } from 'common/session';
import { rootReducer } from 'common/store';
import type { RootState } from 'common/store';
import { createApiThunk } from 'common/api-thunk';
import type { LoadStatus } from 'common/load-status';
import { deleteOwnSummary, getOwnSummaryPage } from 'common/own-summaries-api';
import { regenerateSummary, summaryUpdated } from '../../lib/summaries/summary-changes';
import { HISTORY_PAGE_SIZE } from '../../lib/summaries/summary';
import type {
  Summary,
  SummaryPage,
  SummaryPagination,
  SummaryStatistics,
} from '../../lib/summaries/summary';

// The /history screen's state: the page of the person's own summaries last fetched, with its
// pagination and statistics, and the deletion's status. The summary being made is the
// workbench's (features/summarize/workbench-slice.ts); both follow summary-changes.ts.

export interface HistoryState {
  /** The page of the person's own summaries last fetched. */
  summaries: Summary[];
  pagination: SummaryPagination | null;
  statistics: SummaryStatistics | null;
  listStatus: LoadStatus;
  listError: string | null;
  /** The latest list fetch: an older answer arriving late is ignored. */
  listRequestId: string | null;
  deletionStatus: LoadStatus;
  deletionError: string | null;
}

export const initialHistoryState: HistoryState = {
  summaries: [],
  pagination: null,
  statistics: null,
  listStatus: 'idle',
  listError: null,
  listRequestId: null,
  deletionStatus: 'idle',
  deletionError: null,
};

export interface SummaryPageRequest {
  page: number;
  limit?: number;
  /** Words to find in the original or the summary. */
  q?: string;
}

/** GET /api/summaries?page&limit&q (limit 10 by default). Abortable through the thunk's promise. */
export const fetchSummaries = createApiThunk<SummaryPage, SummaryPageRequest, RootState>(
  'summaries/fetchList',
  FALLBACK_MESSAGES.fetchSummaries,
  ({ page, limit = HISTORY_PAGE_SIZE, q = '' }, signal) =>
    getOwnSummaryPage(
      { page: String(page), limit: String(limit), ...(q.trim() === '' ? {} : { q: q.trim() }) },
      signal,
    ),
);

/** DELETE /api/summaries/:id; resolves with the id. */
export const deleteSummary = createApiThunk<string, string, RootState>(
  'summaries/delete',
  FALLBACK_MESSAGES.deleteSummary,
  async (id) => {
    await deleteOwnSummary(id);
    return id;
  },
);

/**
 * A page of summaries goes into the store as the server sent it, frozen at its top: Immer then
 * neither walks nor deep-freezes the thousands of values nested in its sentences and source
 * spans, which took 9–10 ms of a page's start-up here (a phone's Total Blocking Time). Reducers
 * that change one summary still get a copy from Immer; nothing mutates the list in place.
 */
function asReceived(summaries: Summary[]): Summary[] {
  return Object.freeze(summaries) as Summary[];
}

/** The listed copy of a summary that changed (regenerated, restored), if the page shows it. */
function replaceListed(state: HistoryState, summary: Summary) {
  const index = state.summaries.findIndex((item) => item.id === summary.id);
  if (index >= 0) state.summaries[index] = summary;
}

export const historySlice = createSlice({
  name: 'history',
  initialState: initialHistoryState,
  reducers: {
    clearDeletionError(state) {
      state.deletionStatus = 'idle';
      state.deletionError = null;
    },
    /** Back to the initial state. */
    resetHistory: () => initialHistoryState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchSummaries.pending, (state, action) => {
        state.listRequestId = action.meta.requestId;
        state.listStatus = 'loading';
        state.listError = null;
      })
      .addCase(fetchSummaries.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        state.listStatus = 'succeeded';
        state.summaries = asReceived(action.payload.summaries);
        state.pagination = action.payload.pagination;
        state.statistics = action.payload.statistics;
      })
      .addCase(fetchSummaries.rejected, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        if (action.meta.aborted) {
          // Abandoned by the screen that asked (it unmounted or asked for another page).
          state.listStatus = state.pagination ? 'succeeded' : 'idle';
          return;
        }
        state.listStatus = 'failed';
        state.listError = action.payload?.message ?? FALLBACK_MESSAGES.fetchSummaries;
      });

    builder
      .addCase(deleteSummary.pending, (state) => {
        state.deletionStatus = 'loading';
        state.deletionError = null;
      })
      .addCase(deleteSummary.fulfilled, (state, action) => {
        state.deletionStatus = 'succeeded';
        state.summaries = state.summaries.filter((summary) => summary.id !== action.payload);
        if (state.pagination) {
          const remaining = Math.max(0, state.pagination.totalSummaries - 1);
          state.pagination.totalSummaries = remaining;
          state.pagination.total = remaining;
        }
      })
      .addCase(deleteSummary.rejected, (state, action) => {
        state.deletionStatus = 'failed';
        state.deletionError = action.payload?.message ?? FALLBACK_MESSAGES.deleteSummary;
      });

    builder
      .addCase(regenerateSummary.fulfilled, (state, action) => {
        state.statistics = action.payload.statistics;
        replaceListed(state, action.payload.summary);
      })
      .addCase(summaryUpdated, (state, action) => replaceListed(state, action.payload));

    // Another person may sign in on this tab: nothing of the previous one's summaries stays.
    builder
      .addCase(logout, () => initialHistoryState)
      .addCase(login.fulfilled, () => initialHistoryState)
      .addCase(register.fulfilled, () => initialHistoryState);
  },
  selectors: {
    selectHistoryState: (state) => state,
  },
});

declare module 'common/store' {
  // Module augmentation has to be an interface; it adds the `history` key to RootState.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof historySlice> {}
}

/** The slice inside the shell's one store; injected when this screen's code first loads. */
export const injectedHistorySlice = historySlice.injectInto(rootReducer);

export const { selectHistoryState } = injectedHistorySlice.selectors;

export const { clearDeletionError, resetHistory } = historySlice.actions;
