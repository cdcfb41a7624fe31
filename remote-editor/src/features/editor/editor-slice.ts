import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { createApiThunk } from 'common/api-thunk';
import { EMPTY_STAFF_LIST, listFailed, listLoaded, listLoading } from 'common/staff-list-state';
import type { StaffListState } from 'common/staff-list-state';
import type { ListedSummary } from 'common/staff-summary';
import { deleteOwnSummary } from 'common/own-summaries-api';
import { deleteStaffSummary, updateStaffSummary } from 'common/staff-summaries-api';
import { getAllSummaries, getMySummaries } from '../../lib/editor-api';
import type { EditorSummaryPage } from '../../lib/editor-api';

/** The two views of /editor: everyone's summaries, or the editor's own. */
export type EditorView = 'all' | 'mine';

export interface SummaryListState extends StaffListState {
  /** Every summary of the view on the server, whatever the search: the Total Summaries card. */
  total: number | null;
}

/** What the editor page's cards and tabs share. */
export type EditorState = Record<EditorView, SummaryListState>;

const emptyList: SummaryListState = { ...EMPTY_STAFF_LIST, total: null };

export const initialEditorState: EditorState = { all: emptyList, mine: emptyList };

type WithEditor = { editor?: EditorState };

/** The editor state; its initial value until the slice has seen its first action. */
export const selectEditor = (state: WithEditor): EditorState => state.editor ?? initialEditorState;

type ListQuery = Record<string, string>;

/** A page of everyone's summaries; a newer request aborts the one before. */
export const fetchAllSummaries = createApiThunk<EditorSummaryPage, ListQuery, WithEditor>(
  'editor/fetchAll',
  FALLBACK_MESSAGES.fetchSummaries,
  getAllSummaries,
);

/** A page of the editor's own summaries; a newer request aborts the one before. */
export const fetchMySummaries = createApiThunk<EditorSummaryPage, ListQuery, WithEditor>(
  'editor/fetchMine',
  FALLBACK_MESSAGES.fetchSummaries,
  getMySummaries,
);

/** The count of every summary of a view (its first one-row page's total), for the stat card. */
export const fetchViewTotal = createApiThunk<number, EditorView, WithEditor>(
  'editor/fetchTotal',
  FALLBACK_MESSAGES.fetchSummaries,
  async (view) => {
    const first = { page: '1', limit: '1' };
    const page = await (view === 'all' ? getAllSummaries(first) : getMySummaries(first));
    return page.pagination.total;
  },
);

export const saveSummary = createApiThunk(
  'editor/saveSummary',
  FALLBACK_MESSAGES.updateSummary,
  ({ id, summarizedContent }: { id: string; summarizedContent: string }) =>
    updateStaffSummary(id, summarizedContent),
);

/** Deletes from a view: any summary through the staff route, one's own through the owner's. */
export const removeSummary = createApiThunk(
  'editor/removeSummary',
  FALLBACK_MESSAGES.deleteSummary,
  ({ id, view }: { id: string; view: EditorView }) =>
    view === 'all' ? deleteStaffSummary(id) : deleteOwnSummary(id),
);

const views: readonly EditorView[] = ['all', 'mine'];

export const editorSlice = createSlice({
  name: 'editor',
  initialState: initialEditorState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchAllSummaries.pending, (state) => listLoading(state.all))
      .addCase(fetchAllSummaries.fulfilled, (state, { payload }) => listLoaded(state.all, payload))
      .addCase(fetchAllSummaries.rejected, (state, { payload, meta }) => {
        // A request aborted by a newer one (another page or search) leaves the newer in charge.
        if (!meta.aborted) listFailed(state.all, payload);
      })
      .addCase(fetchMySummaries.pending, (state) => listLoading(state.mine))
      .addCase(fetchMySummaries.fulfilled, (state, { payload }) => listLoaded(state.mine, payload))
      .addCase(fetchMySummaries.rejected, (state, { payload, meta }) => {
        if (!meta.aborted) listFailed(state.mine, payload);
      })
      .addCase(fetchViewTotal.fulfilled, (state, { payload, meta }) => {
        state[meta.arg].total = payload;
      })
      // The same summary can sit in both views: an edit or a deletion shows in each.
      .addCase(saveSummary.fulfilled, (state, { payload }: PayloadAction<ListedSummary>) => {
        for (const view of views) {
          state[view].summaries = state[view].summaries.map((summary) =>
            summary.id === payload.id ? { ...summary, ...payload } : summary,
          );
        }
      })
      .addCase(removeSummary.fulfilled, (state, { meta }) => {
        for (const view of views) {
          const list = state[view];
          const before = list.summaries.length;
          list.summaries = list.summaries.filter((summary) => summary.id !== meta.arg.id);
          // Every deletion leaves "all" one shorter; "mine" only when it was the editor's own.
          if (view === 'all' || list.summaries.length < before || view === meta.arg.view) {
            if (list.pagination) list.pagination.total = Math.max(0, list.pagination.total - 1);
            if (list.total !== null) list.total = Math.max(0, list.total - 1);
          }
        }
      });
  },
});

declare module 'common/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof editorSlice> {}
}
