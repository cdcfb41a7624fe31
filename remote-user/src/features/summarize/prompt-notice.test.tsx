import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, storeSession } from 'common/testing';
import { PROMPT_NOT_APPLIED_TEXT } from '../../lib/summaries/summary';
import type { Summary } from '../../lib/summaries/summary';
import { makeSummary } from '../../testing/summary-fixtures';
import { SummaryResult } from './summary-result';

/*
 * API.md round 3 `promptApplied`: a summary whose custom prompt the quick summarizer could not
 * act on says so, on the result card (the history card: history-summary-card.test.tsx); one whose prompt was applied, or
 * that had none, says nothing of it.
 */

function quick(promptApplied: boolean | null): Summary {
  return makeSummary({
    id: `quick-${String(promptApplied)}`,
    isFallback: true,
    fallbackReason: 'not_configured',
    aiModel: 'brevity-local-extractive',
    customPrompt: promptApplied === null ? null : 'Translate it into French',
    promptApplied,
  });
}

function renderResult(summary: Summary) {
  storeSession();
  return renderWithProviders({
    routes: [
      {
        path: '/',
        element: (
          <SummaryResult
            summary={summary}
            defaultOptions={{ length: 'medium', format: 'paragraph', language: 'auto' }}
            onReset={vi.fn()}
            regenerating={false}
          />
        ),
      },
    ],
  });
}

describe('a prompt the quick summarizer could not apply', () => {
  it('is said on the result card', () => {
    renderResult(quick(false));
    expect(screen.getByRole('note').textContent).toBe(PROMPT_NOT_APPLIED_TEXT);
  });

  it.each([true, null])('is not mentioned when promptApplied is %s', (promptApplied) => {
    renderResult(quick(promptApplied));
    expect(screen.queryByText(PROMPT_NOT_APPLIED_TEXT)).toBeNull();
  });
});
