import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { FALLBACK_MESSAGES } from 'common/api-client';
import type { ApiErrorInfo } from 'common/api-client';
import { createApiThunk } from 'common/api-thunk';
import type { LoadStatus } from 'common/load-status';
import type { ListedSummary } from 'common/staff-summary';
import {
  deleteOwnSummary,
  deleteStaffSummary,
  updateStaffSummary,
} from 'common/staff-summaries-api';
import { getAllSummaries, getMySummaries } from '../../lib/editor-api';

/** The two views of /editor: everyone's summaries, or the editor's own. */
export type EditorView = 'all' | 'mine';

export interface SummaryListState {
  summaries: ListedSummary[];
  status: LoadStatus;
  error: string | null;
}

/** What the editor page's cards and tabs share. */
export type EditorState = Record<EditorView, SummaryListState>;

const emptyList: SummaryListState = { summaries: [], status: 'idle', error: null };

export const initialEditorState: EditorState = { all: emptyList, mine: emptyList };

type WithEditor = { editor?: EditorState };

/** The editor state; its initial value until the slice has seen its first action. */
export const selectEditor = (state: WithEditor): EditorState => state.editor ?? initialEditorState;

const notLoading = (view: EditorView) => (_: unknown, state: WithEditor) =>
  selectEditor(state)[view].status !== 'loading';

export const fetchAllSummaries = createApiThunk<ListedSummary[], void, WithEditor>(
  'editor/fetchAll',
  FALLBACK_MESSAGES.fetchSummaries,
  getAllSummaries,
  { condition: notLoading('all') },
);

export const fetchMySummaries = createApiThunk<ListedSummary[], void, WithEditor>(
  'editor/fetchMine',
  FALLBACK_MESSAGES.fetchSummaries,
  getMySummaries,
  { condition: notLoading('mine') },
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

function loading(list: SummaryListState): void {
  list.status = 'loading';
  list.error = null;
}

function loaded(list: SummaryListState, summaries: ListedSummary[]): void {
  list.status = 'succeeded';
  list.summaries = summaries;
}

function failed(list: SummaryListState, payload: ApiErrorInfo | undefined): void {
  list.status = 'failed';
  list.error = payload?.message ?? FALLBACK_MESSAGES.fetchSummaries;
}

export const editorSlice = createSlice({
  name: 'editor',
  initialState: initialEditorState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchAllSummaries.pending, (state) => loading(state.all))
      .addCase(fetchAllSummaries.fulfilled, (state, { payload }) => loaded(state.all, payload))
      .addCase(fetchAllSummaries.rejected, (state, { payload }) => failed(state.all, payload))
      .addCase(fetchMySummaries.pending, (state) => loading(state.mine))
      .addCase(fetchMySummaries.fulfilled, (state, { payload }) => loaded(state.mine, payload))
      .addCase(fetchMySummaries.rejected, (state, { payload }) => failed(state.mine, payload))
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
          state[view].summaries = state[view].summaries.filter(
            (summary) => summary.id !== meta.arg.id,
          );
        }
      });
  },
});

declare module 'common/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof editorSlice> {}
}
