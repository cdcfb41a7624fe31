import { createAction } from '@reduxjs/toolkit';
import { FALLBACK_MESSAGES } from 'common/api-client';
import type { RootState } from 'common/store';
import { createApiThunk } from 'common/api-thunk';
import { postRegeneration } from 'common/own-summaries-api';
import type { RegeneratedSummary, Summary, SummaryOptions } from './summary';

// What changes one summary wherever it is shown: the workbench's result card
// (features/summarize/workbench-slice.ts) and the history's list
// (features/history/history-slice.ts) each follow these in their own slice.

/** POST /api/summaries/:id/regenerate: free. A failure is logged and keeps the summary. */
export const regenerateSummary = createApiThunk<
  RegeneratedSummary,
  { id: string; customPrompt: string | null; options?: SummaryOptions },
  RootState
>(
  'summaries/regenerate',
  FALLBACK_MESSAGES.regenerateSummary,
  ({ id, customPrompt, options }) => postRegeneration(id, customPrompt, options),
  { onError: (error) => console.warn(FALLBACK_MESSAGES.regenerateSummary, error.message) },
);

/** A summary changed elsewhere (a restored version): the result card and the list follow. */
export const summaryUpdated = createAction<Summary>('summaries/summaryUpdated');
