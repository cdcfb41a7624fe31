import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { FALLBACK_MESSAGES } from 'common/api-client';
import type { ApiErrorInfo } from 'common/api-client';
import { createApiThunk } from 'common/api-thunk';
import { errorMessage } from 'common/error-message';
import type { LoadStatus } from 'common/load-status';
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

export interface ReviewListState {
  summaries: ListedSummary[];
  status: LoadStatus;
  error: string | null;
}

/** What the stat cards, the tab badge and the three lists share. */
export interface ReviewerState {
  overall: ReviewOverall | null;
  myReviews: MyReviews | null;
  lists: Record<ReviewTab, ReviewListState>;
}

const emptyList: ReviewListState = { summaries: [], status: 'idle', error: null };

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

/** Loads one tab's list (pending or all from the review queue, mine from one's own). */
export const fetchReviewList = createApiThunk<
  { summaries: ListedSummary[]; overall: ReviewOverall | null },
  ReviewTab,
  WithReviewer
>(
  'reviewer/fetchList',
  FALLBACK_MESSAGES.fetchSummaries,
  async (tab) => {
    if (tab === 'mine') return { summaries: await getMySummaries(), overall: null };
    const queue = await getReviewQueue(tab);
    return { summaries: queue.summaries, overall: queue.statistics };
  },
  { condition: (tab, state) => selectReviewer(state).lists[tab].status !== 'loading' },
);

export const reviewSummary = createApiThunk(
  'reviewer/review',
  FALLBACK_MESSAGES.submitReview,
  ({ id, action, comments }: { id: string; action: ReviewAction; comments: string }) =>
    submitReview(id, action, comments),
);

function failed(list: ReviewListState, payload: ApiErrorInfo | undefined): void {
  list.status = 'failed';
  list.error = payload?.message ?? FALLBACK_MESSAGES.fetchSummaries;
}

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
      .addCase(fetchReviewList.pending, (state, { meta }) => {
        state.lists[meta.arg].status = 'loading';
        state.lists[meta.arg].error = null;
      })
      .addCase(fetchReviewList.fulfilled, (state, { payload, meta }) => {
        state.lists[meta.arg] = { summaries: payload.summaries, status: 'succeeded', error: null };
        if (payload.overall) state.overall = payload.overall;
      })
      .addCase(fetchReviewList.rejected, (state, { payload, meta }) =>
        failed(state.lists[meta.arg], payload),
      )
      .addCase(reviewSummary.fulfilled, (state, { payload }) => {
        const { lists } = state;
        // Reviewed, it is no longer pending; elsewhere it shows its new status.
        lists.pending.summaries = lists.pending.summaries.filter(({ id }) => id !== payload.id);
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
