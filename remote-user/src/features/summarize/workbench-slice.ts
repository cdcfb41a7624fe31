import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { ApiError, FALLBACK_MESSAGES } from 'common/api-client';
import type { ApiErrorInfo } from 'common/api-client';
import { login, logout, refreshUser, register, setCredits } from 'common/session';
import { rootReducer } from 'common/store';
import type { RootState } from 'common/store';
import { createApiThunk } from 'common/api-thunk';
import type { ApiThunkTools } from 'common/api-thunk';
import type { LoadStatus } from 'common/load-status';
import {
  getSummaryJob,
  postSummary,
  postSummaryFileJob,
  streamSummary,
  streamSummaryFromFile,
  streamSummaryFromUrl,
} from 'common/own-summaries-api';
import type { SummaryStreamHandlers } from 'common/own-summaries-api';
import { regenerateSummary, summaryUpdated } from '../../lib/summaries/summary-changes';
import type {
  CreatedSummary,
  FallbackReason,
  Summary,
  SummaryJobState,
  SummaryOptions,
  SummaryProgress,
} from '../../lib/summaries/summary';

// The /summarize screen's state: the summary being made (streamed, or queued as a job), the one
// just made or regenerated, and the creation's status. The history's list is its own slice
// (features/history/history-slice.ts); both follow summary-changes.ts.

/** Which call the shared creation status belongs to, so each screen shows its own spinner. */
export type CreationOperation = 'text' | 'file' | 'url' | 'regenerate';

export interface WorkbenchState {
  /** The summary the person just made or regenerated. */
  currentSummary: Summary | null;
  /** The balance the last successful creation left (written into the session too). */
  updatedCredits: number | null;
  /** Creation, file creation and regeneration share this status and error. */
  status: LoadStatus;
  error: string | null;
  operation: CreationOperation | null;
  /**
   * The summary while it is being written (POST /api/summaries/stream, /upload/stream): how far
   * reading the page or file has got, the text so far, and why it started again if Gemini failed
   * mid-stream. null when no stream is running.
   */
  stream: SummaryStreamState | null;
  /** The queued file's job while the page waits for it; null otherwise. */
  job: { state: SummaryJobState; progress: number } | null;
}

export interface SummaryStreamState {
  /** The last `progress` event (a page or a file being read); null before the first. */
  progress: SummaryProgress | null;
  text: string;
  /** Set by a `reset`: the partial text was replaced by the local summary's (null reason: unknown). */
  restarted: boolean;
  resetReason: FallbackReason | null;
}

export const initialWorkbenchState: WorkbenchState = {
  stream: null,
  currentSummary: null,
  updatedCredits: null,
  status: 'idle',
  error: null,
  operation: null,
  job: null,
};

/** A 402 means the balance is 0 whatever the navbar believed: show it at once. */
function noteInsufficientCredits(error: ApiErrorInfo, { dispatch }: ApiThunkTools<RootState>) {
  if (error.status === 402) dispatch(setCredits(0));
}

/** The stream's events, into the slice, while the thunk has not been aborted. */
function streamHandlers(
  dispatch: ApiThunkTools<RootState>['dispatch'],
  signal: AbortSignal,
): SummaryStreamHandlers {
  const { streamDelta, streamReset, streamProgress } = workbenchSlice.actions;
  return {
    onDelta: (text) => {
      if (!signal.aborted) dispatch(streamDelta(text));
    },
    onReset: (reason) => {
      if (!signal.aborted) dispatch(streamReset(reason));
    },
    onProgress: (progress) => {
      if (!signal.aborted) dispatch(streamProgress(progress));
    },
  };
}

/**
 * POST /api/summaries/stream: the summary shows as it is written (`stream`), and aborting the
 * thunk's promise stops it with nothing charged. A server without the stream route (404) gets
 * POST /api/summaries instead. On success the session's balance becomes `updatedCredits`, so
 * the navbar shows the spent credit without a reload.
 */
export const createSummary = createApiThunk<
  CreatedSummary,
  { content: string; options?: SummaryOptions },
  RootState
>(
  'summaries/create',
  FALLBACK_MESSAGES.createSummary,
  async ({ content, options }, signal, { dispatch }) => {
    const streamed = await streamSummary(
      content,
      options,
      streamHandlers(dispatch, signal),
      signal,
    );
    const created = streamed ?? (await postSummary(content, options));
    dispatch(setCredits(created.updatedCredits));
    return created;
  },
  { onError: noteInsufficientCredits },
);

/**
 * POST /api/summaries/stream with `url`: the server fetches and reads the page (`progress`),
 * then the summary shows as it is written; aborting stops it with nothing charged.
 */
export const createSummaryFromUrl = createApiThunk<
  CreatedSummary,
  { url: string; options?: SummaryOptions; includeHidden?: boolean },
  RootState
>(
  'summaries/createFromUrl',
  FALLBACK_MESSAGES.createSummary,
  async ({ url, options, includeHidden = false }, signal, { dispatch }) => {
    const created = await streamSummaryFromUrl(
      url,
      options,
      streamHandlers(dispatch, signal),
      signal,
      includeHidden,
    );
    dispatch(setCredits(created.updatedCredits));
    return created;
  },
  { onError: noteInsufficientCredits },
);

/** How often the file tab asks about its queued job. */
export const JOB_POLL_INTERVAL_MS = 1000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * POST /api/summaries/upload/stream: the file is read (`progress`: reading, OCR page by page,
 * summarizing) and the summary shows as it is written; aborting stops it with nothing charged.
 * A server without that route gets POST /api/summaries/upload/async, then GET
 * /api/summaries/job/:jobId every second until the job ends: the balance shows the spent credit
 * at once, `job` the progress meanwhile. A failed job rejects with its reason and reloads the
 * balance (the server refunded the credit). The job finishes on the server even if nobody
 * waits; history shows it then.
 */
export const createSummaryFromFile = createApiThunk<
  CreatedSummary,
  File | { file: File; options?: SummaryOptions; includeHidden?: boolean },
  RootState
>(
  'summaries/createFromFile',
  FALLBACK_MESSAGES.createSummaryFromFile,
  async (upload, signal, { dispatch }) => {
    const {
      file,
      options,
      includeHidden = false,
    } = upload instanceof File ? { file: upload, options: undefined } : upload;
    const { jobProgressed, streamUnavailable } = workbenchSlice.actions;
    const streamed = await streamSummaryFromFile(
      file,
      options,
      streamHandlers(dispatch, signal),
      signal,
      includeHidden,
    );
    if (streamed) {
      dispatch(setCredits(streamed.updatedCredits));
      return streamed;
    }
    dispatch(streamUnavailable());
    const queued = await postSummaryFileJob(file, options, includeHidden);
    dispatch(setCredits(queued.updatedCredits));
    dispatch(jobProgressed({ state: queued.state, progress: 0 }));
    for (;;) {
      await pause(JOB_POLL_INTERVAL_MS, signal);
      const job = await getSummaryJob(queued.jobId, queued.queue, signal);
      if (job.state === 'completed' && job.summary) {
        return { summary: job.summary, updatedCredits: queued.updatedCredits };
      }
      if (job.state === 'failed') {
        // The server refunded the credit; read the balance rather than guess it.
        void dispatch(refreshUser());
        throw new ApiError({
          message: job.error ?? FALLBACK_MESSAGES.createSummaryFromFile,
          status: 200,
          code: 'JOB_FAILED',
        });
      }
      dispatch(jobProgressed({ state: job.state, progress: job.progress }));
    }
  },
  { onError: noteInsufficientCredits },
);

export const workbenchSlice = createSlice({
  name: 'workbench',
  initialState: initialWorkbenchState,
  reducers: {
    /** Forgets the current summary and the creation status, error and updated credits. */
    clearCurrentSummary(state) {
      state.currentSummary = null;
      state.status = 'idle';
      state.error = null;
      state.operation = null;
      state.updatedCredits = null;
    },
    /** A new file or text replaces the cause of a failed creation: its error goes too. */
    clearCreationError(state) {
      if (state.status !== 'failed' || state.operation === 'regenerate') return;
      state.status = 'idle';
      state.error = null;
      state.operation = null;
    },
    /** More of the streamed summary arrived. */
    streamDelta(state, action: PayloadAction<string>) {
      if (state.stream) state.stream.text += action.payload;
    },
    /** The stream started again from the local summarizer (Gemini failed mid-stream). */
    streamReset(state, action: PayloadAction<FallbackReason | null>) {
      if (!state.stream) return;
      state.stream.text = '';
      state.stream.restarted = true;
      state.stream.resetReason = action.payload;
    },
    /** Reading the page or the file has got further (an `event: progress`). */
    streamProgress(state, action: PayloadAction<SummaryProgress>) {
      if (state.stream) state.stream.progress = action.payload;
    },
    /** The server has no stream route for this request: the summary comes another way. */
    streamUnavailable(state) {
      state.stream = null;
    },
    /** The queued file's job moved on (see createSummaryFromFile). */
    jobProgressed(state, action: PayloadAction<{ state: SummaryJobState; progress: number }>) {
      state.job = action.payload;
    },
    /** Back to the initial state. */
    resetWorkbench: () => initialWorkbenchState,
  },
  extraReducers: (builder) => {
    const creationStarted = (state: WorkbenchState, operation: CreationOperation) => {
      state.status = 'loading';
      state.error = null;
      state.operation = operation;
    };
    const created = (state: WorkbenchState, payload: CreatedSummary) => {
      state.status = 'succeeded';
      state.stream = null;
      state.job = null;
      state.currentSummary = payload.summary;
      state.updatedCredits = payload.updatedCredits;
    };
    const streamStarted = (state: WorkbenchState, operation: CreationOperation) => {
      creationStarted(state, operation);
      state.stream = { progress: null, text: '', restarted: false, resetReason: null };
    };
    /** Stopped by the person: nothing was charged; the page is as it was before. */
    const creationStopped = (state: WorkbenchState) => {
      state.status = 'idle';
      state.error = null;
      state.operation = null;
      state.stream = null;
      state.job = null;
    };
    const creationFailed = (state: WorkbenchState, message: string, keepSummary: boolean) => {
      state.status = 'failed';
      state.stream = null;
      state.job = null;
      state.error = message;
      if (!keepSummary) state.currentSummary = null;
    };

    builder
      .addCase(createSummary.pending, (state) => streamStarted(state, 'text'))
      .addCase(createSummary.fulfilled, (state, action) => created(state, action.payload))
      .addCase(createSummary.rejected, (state, action) => {
        if (action.meta.aborted) creationStopped(state);
        else
          creationFailed(state, action.payload?.message ?? FALLBACK_MESSAGES.createSummary, false);
      })
      .addCase(createSummaryFromUrl.pending, (state) => streamStarted(state, 'url'))
      .addCase(createSummaryFromUrl.fulfilled, (state, action) => created(state, action.payload))
      .addCase(createSummaryFromUrl.rejected, (state, action) => {
        if (action.meta.aborted) creationStopped(state);
        else
          creationFailed(state, action.payload?.message ?? FALLBACK_MESSAGES.createSummary, false);
      })
      .addCase(createSummaryFromFile.pending, (state) => streamStarted(state, 'file'))
      .addCase(createSummaryFromFile.fulfilled, (state, action) => created(state, action.payload))
      .addCase(createSummaryFromFile.rejected, (state, action) => {
        if (action.meta.aborted) creationStopped(state);
        else
          creationFailed(
            state,
            action.payload?.message ?? FALLBACK_MESSAGES.createSummaryFromFile,
            false,
          );
      })
      .addCase(regenerateSummary.pending, (state) => creationStarted(state, 'regenerate'))
      .addCase(regenerateSummary.fulfilled, (state, action) => {
        state.status = 'succeeded';
        // A summary regenerated from /history is not the one /summarize shows (issue 26).
        if (state.currentSummary?.id === action.payload.summary.id) {
          state.currentSummary = action.payload.summary;
        }
      })
      .addCase(regenerateSummary.rejected, (state, action) =>
        creationFailed(state, action.payload?.message ?? FALLBACK_MESSAGES.regenerateSummary, true),
      )
      .addCase(summaryUpdated, (state, action) => {
        if (state.currentSummary?.id === action.payload.id) state.currentSummary = action.payload;
      });

    // Another person may sign in on this tab: nothing of the previous one's summaries stays.
    builder
      .addCase(logout, () => initialWorkbenchState)
      .addCase(login.fulfilled, () => initialWorkbenchState)
      .addCase(register.fulfilled, () => initialWorkbenchState);
  },
  selectors: {
    selectWorkbenchState: (state) => state,
    selectCurrentSummary: (state) => state.currentSummary,
  },
});

declare module 'common/store' {
  // Module augmentation has to be an interface; it adds the `workbench` key to RootState.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof workbenchSlice> {}
}

/** The slice inside the shell's one store; injected when this screen's code first loads. */
export const injectedWorkbenchSlice = workbenchSlice.injectInto(rootReducer);

export const { selectWorkbenchState, selectCurrentSummary } = injectedWorkbenchSlice.selectors;

export const { clearCreationError, clearCurrentSummary, resetWorkbench } = workbenchSlice.actions;
