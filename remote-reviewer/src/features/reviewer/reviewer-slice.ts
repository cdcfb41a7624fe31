import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { createApiThunk } from 'common/api-thunk';
import { errorMessage } from 'common/error-message';
import type { ListPagination } from 'common/staff-summaries-api';
import { EMPTY_STAFF_LIST, listFailed, listLoaded, listLoading } from 'common/staff-list-state';
import type { StaffListState } from 'common/staff-list-state';
import type { ListedSummary } from 'common/staff-summary';
import {
  STATS_FALLBACK,
  getMySummaries,
  getReviewQueue,
  getReviewStats,
  submitReview,
} from '../../lib/reviewer-api';
import type { MyReviews, ReviewOverall, ReviewStats } from '../../lib/reviewer-api';
import type { ReviewAction } from '../../lib/review-status';

/** The three tabs of /reviewer. */
export type ReviewTab = 'pending' | 'all' | 'mine';

/** A tab's list: the page shown (the URL's page and search). */
export type ReviewListState = StaffListState;

/** What the stat cards, the tab badge and the three lists share. */
export interface ReviewerState {
  overall: ReviewOverall | null;
  myReviews: MyReviews | null;
  lists: Record<ReviewTab, ReviewListState>;
}

const emptyList: ReviewListState = EMPTY_STAFF_LIST;

export const initialReviewerState: ReviewerState = {
  overall: null,
  myReviews: null,
  lists: { pending: emptyList, all: emptyList, mine: emptyList },
};

type WithReviewer = { reviewer?: ReviewerState };

/** The reviewer state; its initial value until the slice has seen its first action. */
export const selectReviewer = (state: WithReviewer): ReviewerState =>
  state.reviewer ?? initialReviewerState;

/** A failure to load the stats is only logged (SPEC.md §8); the cards keep their dashes. */
export const fetchReviewStats = createApiThunk<ReviewStats>(
  'reviewer/fetchStats',
  STATS_FALLBACK,
  async () => {
    try {
      return await getReviewStats();
    } catch (error) {
      console.warn(STATS_FALLBACK, errorMessage(error, STATS_FALLBACK));
      throw error;
    }
  },
);

/** Loads a page of one tab's list; a newer request aborts the one before. */
export const fetchReviewList = createApiThunk<
  { summaries: ListedSummary[]; pagination: ListPagination; overall: ReviewOverall | null },
  { tab: ReviewTab; query: Record<string, string> },
  WithReviewer
>('reviewer/fetchList', FALLBACK_MESSAGES.fetchSummaries, async ({ tab, query }) => {
  if (tab === 'mine') return { ...(await getMySummaries(query)), overall: null };
  const queue = await getReviewQueue(tab, query);
  return { summaries: queue.summaries, pagination: queue.pagination, overall: queue.statistics };
});

export const reviewSummary = createApiThunk(
  'reviewer/review',
  FALLBACK_MESSAGES.submitReview,
  ({ id, action, comments }: { id: string; action: ReviewAction; comments: string }) =>
    submitReview(id, action, comments),
);

export const reviewerSlice = createSlice({
  name: 'reviewer',
  initialState: initialReviewerState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchReviewStats.fulfilled, (state, { payload }) => {
        state.overall = payload.overall;
        state.myReviews = payload.myReviews;
      })
      .addCase(fetchReviewList.pending, (state, { meta }) => listLoading(state.lists[meta.arg.tab]))
      .addCase(fetchReviewList.fulfilled, (state, { payload, meta }) => {
        listLoaded(state.lists[meta.arg.tab], payload);
        if (payload.overall) state.overall = payload.overall;
      })
      .addCase(fetchReviewList.rejected, (state, { payload, meta }) => {
        // A request aborted by a newer one (another page or search) leaves the newer in charge.
        if (!meta.aborted) listFailed(state.lists[meta.arg.tab], payload);
      })
      .addCase(reviewSummary.fulfilled, (state, { payload }) => {
        const { lists } = state;
        // Reviewed, it is no longer pending; elsewhere it shows its new status.
        const before = lists.pending.summaries.length;
        lists.pending.summaries = lists.pending.summaries.filter(({ id }) => id !== payload.id);
        if (lists.pending.summaries.length < before && lists.pending.pagination) {
          lists.pending.pagination.total = Math.max(0, lists.pending.pagination.total - 1);
        }
        for (const list of [lists.all, lists.mine]) {
          list.summaries = list.summaries.map((summary) =>
            summary.id === payload.id ? { ...summary, ...payload } : summary,
          );
        }
      });
  },
});

declare module 'common/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof reviewerSlice> {}
}
