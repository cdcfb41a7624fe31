import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { logout } from 'common/session';
import { createAppStore } from 'common/store';
import { jsonResponse, makeUser, storeSession, stubFetch } from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { regenerateSummary, summaryUpdated } from '../../lib/summaries/summary-changes';
import {
  clearCurrentSummary,
  createSummary,
  createSummaryFromFile,
  createSummaryFromUrl,
  initialWorkbenchState,
  resetWorkbench,
  selectWorkbenchState,
  workbenchSlice,
} from './workbench-slice';
import type { WorkbenchState } from './workbench-slice';
import { makeStatistics, makeSummary, ok, sseResponse } from '../../testing/summary-fixtures';

const reduce = workbenchSlice.reducer;
const apiError = (message: string, status = 500) => ({ message, status, code: 'INTERNAL' });

function withSummary(overrides: Partial<WorkbenchState> = {}): WorkbenchState {
  return {
    ...initialWorkbenchState,
    currentSummary: makeSummary(),
    status: 'succeeded',
    ...overrides,
  };
}

describe('workbench reducer', () => {
  it('starts idle with nothing loaded', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual(initialWorkbenchState);
    expect(initialWorkbenchState.status).toBe('idle');
  });

  it('creation: loading clears the error, success sets the current summary and updated credits', () => {
    const summary = makeSummary({ id: 'new' });
    let state = reduce(
      { ...initialWorkbenchState, status: 'failed', error: 'old' },
      createSummary.pending('r1', { content: 'x' }),
    );
    expect(state).toMatchObject({ status: 'loading', error: null, operation: 'text' });
    state = reduce(
      state,
      createSummary.fulfilled({ summary, updatedCredits: 4 }, 'r1', { content: 'x' }),
    );
    expect(state).toMatchObject({
      status: 'succeeded',
      currentSummary: summary,
      updatedCredits: 4,
    });
  });

  it('creation failure sets the error and clears the current summary', () => {
    const state = reduce(
      withSummary(),
      createSummary.rejected(null, 'r1', { content: 'x' }, apiError('Content is too short', 400)),
    );
    expect(state).toMatchObject({ status: 'failed', error: 'Content is too short' });
    expect(state.currentSummary).toBeNull();
  });

  it('creation failure without a message uses the SPEC.md fallback', () => {
    const state = reduce(
      withSummary(),
      createSummary.rejected(new Error('x'), 'r1', { content: '' }),
    );
    expect(state.error).toBe('Failed to create summary');
  });

  it('file creation shares the status and error', () => {
    const file = new File(['hello'], 'notes.txt');
    const summary = makeSummary({ id: 'file', source: 'txt' });
    let state = reduce(initialWorkbenchState, createSummaryFromFile.pending('r1', file));
    expect(state).toMatchObject({ status: 'loading', operation: 'file' });
    state = reduce(
      state,
      createSummaryFromFile.fulfilled({ summary, updatedCredits: 2 }, 'r1', file),
    );
    expect(state).toMatchObject({
      status: 'succeeded',
      currentSummary: summary,
      updatedCredits: 2,
    });
    state = reduce(state, createSummaryFromFile.rejected(null, 'r2', file));
    expect(state).toMatchObject({
      status: 'failed',
      error: 'Failed to create summary from file',
      currentSummary: null,
    });
  });

  it('regeneration success replaces the current summary', () => {
    const original = makeSummary({ id: 's1' });
    const regenerated = makeSummary({ id: 's1', summarizedContent: 'New', regenerationCount: 1 });
    const statistics = makeStatistics({ totalSummaries: 7 });
    const arg = { id: 's1', customPrompt: null };
    let state = withSummary({ currentSummary: original });
    state = reduce(state, regenerateSummary.pending('r1', arg));
    expect(state).toMatchObject({
      status: 'loading',
      operation: 'regenerate',
      currentSummary: original,
    });
    state = reduce(
      state,
      regenerateSummary.fulfilled({ summary: regenerated, statistics }, 'r1', arg),
    );
    expect(state.currentSummary).toEqual(regenerated);
  });

  it('regenerating another summary (from /history) leaves the current one alone (issue 26)', () => {
    const current = makeSummary({ id: 's1' });
    const regenerated = makeSummary({ id: 's2', summarizedContent: 'New', regenerationCount: 1 });
    const arg = { id: 's2', customPrompt: null };
    let state = withSummary({ currentSummary: current });
    state = reduce(
      state,
      regenerateSummary.fulfilled(
        { summary: regenerated, statistics: makeStatistics() },
        'r1',
        arg,
      ),
    );
    expect(state.currentSummary).toEqual(current);
  });

  it('a restored version replaces the current summary when it is the same one', () => {
    const restored = makeSummary({ id: 's1', summarizedContent: 'Restored' });
    expect(reduce(withSummary(), summaryUpdated(restored)).currentSummary).toEqual(restored);
    const other = makeSummary({ id: 'other' });
    expect(reduce(withSummary(), summaryUpdated(other)).currentSummary?.id).toBe('s1');
  });

  it('a failed regeneration keeps the current summary', () => {
    const arg = { id: 's1', customPrompt: 'Shorter' };
    const before = withSummary();
    const state = reduce(before, regenerateSummary.rejected(null, 'r1', arg, apiError('Nope')));
    expect(state).toMatchObject({ status: 'failed', error: 'Nope' });
    expect(state.currentSummary).toEqual(before.currentSummary);
  });

  it('clearCurrentSummary resets the summary, status, error and updated credits', () => {
    const state = reduce(
      withSummary({ status: 'failed', error: 'x', updatedCredits: 3, operation: 'text' }),
      clearCurrentSummary(),
    );
    expect(state).toMatchObject({
      currentSummary: null,
      status: 'idle',
      error: null,
      updatedCredits: null,
      operation: null,
    });
  });

  it('reset and logout clear everything', () => {
    const busy = withSummary({ error: 'x' });
    expect(reduce(busy, resetWorkbench())).toEqual(initialWorkbenchState);
    expect(reduce(busy, logout())).toEqual(initialWorkbenchState);
  });
});

describe('workbench thunks in the shell store', () => {
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
    expect(selectWorkbenchState(store.getState())).toEqual(initialWorkbenchState);
  });

  it('a created summary (streamed) writes updatedCredits into the session', async () => {
    storeSession(makeUser({ credits: 5 }));
    const summary = makeSummary({ id: 'created' });
    const seen: SeenRequest[] = [];
    const fetchMock = stubFetch((request) => {
      seen.push(request);
      return sseResponse([
        ['delta', { text: 'Some' }],
        ['done', { summary, updatedCredits: 4 }],
      ]);
    });
    const store = createAppStore();
    await store.dispatch(createSummary({ content: 'some text' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/summaries/stream',
    ]);
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(JSON.parse(String(seen[0]?.body))).toEqual({ content: 'some text' });
    expect(store.getState().session.user?.credits).toBe(4);
    expect(selectWorkbenchState(store.getState())).toMatchObject({
      status: 'succeeded',
      currentSummary: summary,
      updatedCredits: 4,
      stream: null,
    });
  });

  it('a server without the stream route (404): POST /api/summaries, same result', async () => {
    storeSession(makeUser({ credits: 5 }));
    const summary = makeSummary({ id: 'created' });
    const seen: SeenRequest[] = [];
    stubFetch((request) => {
      seen.push(request);
      if (request.path === '/api/summaries/stream') {
        return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
      }
      return jsonResponse(ok({ summary, updatedCredits: 4 }), 201);
    });
    const store = createAppStore();
    await store.dispatch(createSummary({ content: 'some text' }));
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/summaries/stream',
      'POST /api/summaries',
    ]);
    for (const request of seen) {
      expect(request.headers.get('Authorization')).toBe('Bearer test-token');
      expect(JSON.parse(String(request.body))).toEqual({ content: 'some text' });
    }
    expect(store.getState().session.user?.credits).toBe(4);
    expect(selectWorkbenchState(store.getState())).toMatchObject({
      status: 'succeeded',
      currentSummary: summary,
      updatedCredits: 4,
    });
  });

  it("shows the server's message, and a 402 sets the balance to 0", async () => {
    storeSession(makeUser({ credits: 2 }));
    stubFetch(() =>
      jsonResponse(
        { success: false, code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits' },
        402,
      ),
    );
    const store = createAppStore();
    await store.dispatch(createSummary({ content: 'some text' }));
    expect(store.getState().session.user?.credits).toBe(0);
    expect(selectWorkbenchState(store.getState())).toMatchObject({
      status: 'failed',
      error: 'Insufficient credits',
    });
  });

  it('streams the file as multipart field `file`, with the reading progress, until the summary', async () => {
    storeSession(makeUser({ credits: 2 }));
    const seen: SeenRequest[] = [];
    const store = createAppStore();
    const stages: unknown[] = [];
    store.subscribe(() => {
      const progress = store.getState().workbench?.stream?.progress;
      if (progress && stages[stages.length - 1] !== progress) stages.push(progress);
    });
    stubFetch((request) => {
      seen.push(request);
      return sseResponse([
        ['progress', { stage: 'reading' }],
        ['progress', { stage: 'ocr', page: 1, pages: 2 }],
        ['progress', { stage: 'ocr', page: 2, pages: 2 }],
        ['progress', { stage: 'summarizing' }],
        ['delta', { text: 'A scan, ' }],
        ['done', { summary: makeSummary({ id: 'scan', ocr: true }), updatedCredits: 1 }],
      ]);
    });
    const file = new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' });
    const result = await store.dispatch(
      createSummaryFromFile({
        file,
        options: { length: 'short', format: 'bullets', language: 'en' },
      }),
    );
    expect(createSummaryFromFile.fulfilled.match(result)).toBe(true);
    expect(seen.map(({ path }) => path)).toEqual(['/api/summaries/upload/stream']);
    expect(seen[0]?.headers.get('Accept')).toBe('text/event-stream');
    const sent = seen[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);
    expect((sent as FormData).get('length')).toBe('short');
    expect((sent as FormData).get('format')).toBe('bullets');
    expect((sent as FormData).get('language')).toBe('en');
    expect(stages).toEqual([
      { stage: 'reading' },
      { stage: 'ocr', page: 1, pages: 2 },
      { stage: 'ocr', page: 2, pages: 2 },
      { stage: 'summarizing' },
    ]);
    expect(store.getState().session.user?.credits).toBe(1);
    expect(selectWorkbenchState(store.getState())).toMatchObject({
      status: 'succeeded',
      stream: null,
      currentSummary: { id: 'scan', ocr: true },
    });
  });

  it('streams a web page from its address, and shows a refused address as the server says', async () => {
    storeSession(makeUser({ credits: 2 }));
    const bodies: unknown[] = [];
    const paths: string[] = [];
    stubFetch((request) => {
      bodies.push(JSON.parse(String(request.body)));
      paths.push(request.path);
      return bodies.length === 1
        ? sseResponse([
            ['progress', { stage: 'fetching' }],
            ['progress', { stage: 'summarizing' }],
            ['done', { summary: makeSummary({ id: 'page', source: 'url' }), updatedCredits: 1 }],
          ])
        : jsonResponse(
            {
              success: false,
              code: 'URL_NOT_ALLOWED',
              message: 'This address cannot be fetched: it points to a private network',
            },
            400,
          );
    });
    const store = createAppStore();
    await store.dispatch(createSummaryFromUrl({ url: 'https://example.com/a' }));
    expect(bodies[0]).toEqual({ url: 'https://example.com/a' });
    expect(store.getState().workbench?.currentSummary?.id).toBe('page');
    expect(store.getState().session.user?.credits).toBe(1);

    await store.dispatch(
      createSummaryFromUrl({
        url: 'http://10.0.0.1/',
        options: { length: 'long', format: 'tldr', language: 'fa' },
      }),
    );
    expect(bodies[1]).toEqual({
      url: 'http://10.0.0.1/',
      length: 'long',
      format: 'tldr',
      language: 'fa',
    });
    expect(paths).toEqual(['/api/summaries/stream', '/api/summaries/stream']);
    expect(selectWorkbenchState(store.getState())).toMatchObject({
      status: 'failed',
      operation: 'url',
      error: 'This address cannot be fetched: it points to a private network',
      currentSummary: null,
    });
    expect(store.getState().session.user?.credits).toBe(1);
  });

  it('on a server without the upload stream (404), queues the file as multipart field `file`, then polls its job until the summary', async () => {
    storeSession(makeUser({ credits: 1 }));
    let sent: unknown = null;
    const paths: string[] = [];
    stubFetch((request) => {
      paths.push(request.path);
      if (request.path === '/api/summaries/upload/stream') {
        return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
      }
      if (request.path === '/api/summaries/upload/async') {
        sent = request.body;
        return jsonResponse(
          ok({ jobId: 'j1', queue: 'file-processing', state: 'queued', updatedCredits: 0 }),
          202,
        );
      }
      return jsonResponse(
        ok({
          jobId: 'j1',
          queue: 'file-processing',
          state: 'completed',
          progress: 100,
          summary: makeSummary({ id: 'from-file' }),
          createdAt: '2026-01-01T00:00:00Z',
        }),
      );
    });
    const store = createAppStore();
    const file = new File(['hello world'], 'notes.txt', { type: 'text/plain' });
    const result = await store.dispatch(createSummaryFromFile(file));
    expect(createSummaryFromFile.fulfilled.match(result)).toBe(true);
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);
    expect(paths).toEqual([
      '/api/summaries/upload/stream',
      '/api/summaries/upload/async',
      '/api/summaries/job/j1?queue=file-processing',
    ]);
    expect(store.getState().session.user?.credits).toBe(0);
    expect(store.getState().workbench?.currentSummary?.id).toBe('from-file');
    expect(store.getState().workbench?.job).toBeNull();
  });

  it('regenerates with a null prompt and logs a failure', async () => {
    storeSession(makeUser());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bodies: unknown[] = [];
    stubFetch((request) => {
      bodies.push(JSON.parse(String(request.body)));
      return jsonResponse({ success: false, code: 'INTERNAL', message: '' }, 500);
    });
    const store = createAppStore();
    await store.dispatch(regenerateSummary({ id: 's 1', customPrompt: null }));
    expect(bodies).toEqual([{ customPrompt: null }]);
    expect(warn).toHaveBeenCalledWith(
      'Failed to regenerate summary',
      'Failed to regenerate summary',
    );
    expect(selectWorkbenchState(store.getState()).error).toBe('Failed to regenerate summary');
  });
});
