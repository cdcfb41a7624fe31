import { useState } from 'react';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { errorMessage } from 'common/error-message';
import { useAppDispatch } from 'common/store';
import { showToast } from 'common/ui/toast';
import { regenerateSummary } from '../lib/summaries/summary-changes';
import type { Summary, SummaryOptions } from '../lib/summaries/summary';
import { REVIEW_STATUS_LABELS } from './review/review-status';

/** The version a summary is at: the API's `version`, else one more than its regenerations. */
export function versionNumber(summary: Pick<Summary, 'regenerationCount' | 'version'>): number {
  return summary.version ?? summary.regenerationCount + 1;
}

/** What the confirmation of a new version says: its number and its review status. */
export function newVersionMessage(summary: Summary): string {
  const status = REVIEW_STATUS_LABELS[summary.reviewStatus] ?? REVIEW_STATUS_LABELS.pending;
  return `Version ${versionNumber(summary)} is now shown. Review status: ${status}.`;
}

/**
 * POST /api/summaries/:id/regenerate through the store (so the result card and the history list
 * follow), with the caller's own busy and error state, the new summary handed to `onChanged`
 * (the card that asked shows it at once) and a confirmation toast.
 */
export function useSummaryRegeneration(onChanged?: (summary: Summary) => void) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const regenerate = async (
    summary: Summary,
    customPrompt: string | null,
    options?: SummaryOptions,
    title = 'Summary regenerated',
  ): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const regenerated = await dispatch(
        regenerateSummary({ id: summary.id, customPrompt, ...(options ? { options } : {}) }),
      ).unwrap();
      onChanged?.(regenerated.summary);
      showToast(newVersionMessage(regenerated.summary), { variant: 'success', title });
      return true;
    } catch (failure) {
      setError(errorMessage(failure, FALLBACK_MESSAGES.regenerateSummary));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { regenerate, busy, error, clearError: () => setError(null) };
}
