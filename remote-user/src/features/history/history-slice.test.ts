import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptEarlyRequests, configureApi } from 'common/api-client';
import { FIRST_REQUEST_OF_PAGE } from 'common/early-requests';
import { logout } from 'common/session';
import { createAppStore } from 'common/store';
import { jsonResponse, makeUser, storeSession, stubFetch } from 'common/testing';
import { regenerateSummary, summaryUpdated } from '../../lib/summaries/summary-changes';
import {
  deleteSummary,
  fetchSummaries,
  historySlice,
  initialHistoryState,
  resetHistory,
  selectHistoryState,
} from './history-slice';
import { makeStatistics, makeSummary, makeSummaryPage, ok } from '../../testing/summary-fixtures';

const reduce = historySlice.reducer;

describe('history reducer', () => {
  it('starts idle with nothing loaded', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual(initialHistoryState);
    expect(initialHistoryState.listStatus).toBe('idle');
    expect(initialHistoryState.deletionStatus).toBe('idle');
  });

  it('regeneration success replaces the same summary in the list, and the statistics', () => {
    const original = makeSummary({ id: 's1' });
    const regenerated = makeSummary({ id: 's1', summarizedContent: 'New', regenerationCount: 1 });
    const statistics = makeStatistics({ totalSummaries: 7 });
    const arg = { id: 's1', customPrompt: null };
    let state = { ...initialHistoryState, summaries: [original] };
    state = reduce(state, regenerateSummary.pending('r1', arg));
    expect(state.summaries[0]).toEqual(original);
    state = reduce(
      state,
      regenerateSummary.fulfilled({ summary: regenerated, statistics }, 'r1', arg),
    );
    expect(state.summaries[0]).toEqual(regenerated);
    expect(state.statistics).toEqual(statistics);
  });

  it('regenerating a listed summary (from /history) replaces it in the list (issue 26)', () => {
    const listed = makeSummary({ id: 's2' });
    const regenerated = makeSummary({ id: 's2', summarizedContent: 'New', regenerationCount: 1 });
    const arg = { id: 's2', customPrompt: null };
    let state = { ...initialHistoryState, summaries: [listed] };
    state = reduce(
      state,
      regenerateSummary.fulfilled(
        { summary: regenerated, statistics: makeStatistics() },
        'r1',
        arg,
      ),
    );
    expect(state.summaries[0]).toEqual(regenerated);
  });

  it('a restored version replaces the same summary in the list', () => {
    const restored = makeSummary({ id: 's1', summarizedContent: 'Restored' });
    const state = reduce(
      { ...initialHistoryState, summaries: [makeSummary({ id: 's1' }), makeSummary({ id: 's2' })] },
      summaryUpdated(restored),
    );
    expect(state.summaries.map(({ summarizedContent }) => summarizedContent)[0]).toBe('Restored');
    expect(state.summaries[1]?.id).toBe('s2');
  });

  it('list: loading, then the page, pagination and statistics', () => {
    const page = makeSummaryPage([makeSummary({ id: 'a' }), makeSummary({ id: 'b' })], {
      total: 12,
    });
    let state = reduce(initialHistoryState, fetchSummaries.pending('r1', { page: 1 }));
    expect(state.listStatus).toBe('loading');
    state = reduce(state, fetchSummaries.fulfilled(page, 'r1', { page: 1 }));
    expect(state).toMatchObject({
      listStatus: 'succeeded',
      summaries: page.summaries,
      pagination: page.pagination,
      statistics: page.statistics,
    });
  });

  it('list failure sets its own error', () => {
    let state = reduce(initialHistoryState, fetchSummaries.pending('r1', { page: 1 }));
    state = reduce(state, fetchSummaries.rejected(null, 'r1', { page: 1 }));
    expect(state).toMatchObject({ listStatus: 'failed', listError: 'Failed to fetch summaries' });
  });

  it('ignores the answer of an older list request', () => {
    const older = makeSummaryPage([makeSummary({ id: 'old' })]);
    const newer = makeSummaryPage([makeSummary({ id: 'new' })], { page: 2, total: 11 });
    let state = reduce(initialHistoryState, fetchSummaries.pending('r1', { page: 1 }));
    state = reduce(state, fetchSummaries.pending('r2', { page: 2 }));
    state = reduce(state, fetchSummaries.fulfilled(newer, 'r2', { page: 2 }));
    state = reduce(state, fetchSummaries.fulfilled(older, 'r1', { page: 1 }));
    expect(state.summaries.map((summary) => summary.id)).toEqual(['new']);
  });

  it('deleting removes the summary and decrements the total, never below 0', () => {
    const page = makeSummaryPage([makeSummary({ id: 'a' }), makeSummary({ id: 'b' })], {
      total: 2,
    });
    let state = reduce(initialHistoryState, fetchSummaries.fulfilled(page, '', { page: 1 }));
    state = reduce(state, fetchSummaries.pending('r1', { page: 1 }));
    state = reduce(state, fetchSummaries.fulfilled(page, 'r1', { page: 1 }));
    state = reduce(state, deleteSummary.pending('d1', 'a'));
    expect(state.deletionStatus).toBe('loading');
    state = reduce(state, deleteSummary.fulfilled('a', 'd1', 'a'));
    expect(state.deletionStatus).toBe('succeeded');
    expect(state.summaries.map((summary) => summary.id)).toEqual(['b']);
    expect(state.pagination).toMatchObject({ totalSummaries: 1, total: 1 });

    state = reduce(
      { ...state, pagination: { ...page.pagination, totalSummaries: 0, total: 0 } },
      deleteSummary.fulfilled('b', 'd2', 'b'),
    );
    expect(state.summaries).toEqual([]);
    expect(state.pagination).toMatchObject({ totalSummaries: 0, total: 0 });
  });

  it('a failed deletion keeps the list and sets the deletion error', () => {
    const state = reduce(
      { ...initialHistoryState, summaries: [makeSummary()] },
      deleteSummary.rejected(null, 'd1', 's1'),
    );
    expect(state).toMatchObject({
      deletionStatus: 'failed',
      deletionError: 'Failed to delete summary',
    });
    expect(state.summaries).toHaveLength(1);
  });

  it('reset and logout clear everything', () => {
    const busy = {
      ...initialHistoryState,
      summaries: [makeSummary()],
      listStatus: 'succeeded' as const,
    };
    expect(reduce(busy, resetHistory())).toEqual(initialHistoryState);
    expect(reduce(busy, logout())).toEqual(initialHistoryState);
  });
});

describe('history thunks in the shell store', () => {
  beforeEach(() => {
    localStorage.clear();
    configureApi({ baseUrl: '', onUnauthorized: () => undefined });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is injected into the root reducer and readable before its first action', () => {
    storeSession(makeUser());
    const store = createAppStore();
    expect(selectHistoryState(store.getState())).toEqual(initialHistoryState);
  });

  it("asks for /history's first page exactly as app.html's early request does, and adopts it", async () => {
    storeSession(makeUser());
    const page = makeSummaryPage([makeSummary({ id: 'early' })]);
    const early = vi.fn(async () => jsonResponse(ok(page)));
    adoptEarlyRequests({
      [FIRST_REQUEST_OF_PAGE['/history'] ?? '']: { token: 'test-token', response: early() },
    });
    const fetchMock = stubFetch(() => jsonResponse(ok(page)));
    const store = createAppStore();
    await store.dispatch(fetchSummaries({ page: 1 }));
    // The early answer stood in for the request: the page asked nothing itself.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(selectHistoryState(store.getState()).summaries.map(({ id }) => id)).toEqual(['early']);
    // Taken once: the next load of the same page asks the server, at that same address.
    await store.dispatch(fetchSummaries({ page: 1 }));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      FIRST_REQUEST_OF_PAGE['/history'],
    ]);
  });

  it('fetches a page with page and limit in the query', async () => {
    storeSession(makeUser());
    const paths: string[] = [];
    stubFetch((request) => {
      paths.push(request.path);
      return jsonResponse(ok(makeSummaryPage([makeSummary()], { page: 3, total: 21 })));
    });
    const store = createAppStore();
    await store.dispatch(fetchSummaries({ page: 3 }));
    expect(paths).toEqual(['/api/summaries?page=3&limit=10']);
    expect(selectHistoryState(store.getState()).pagination?.currentPage).toBe(3);
  });
});
