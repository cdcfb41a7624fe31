import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, storeSession } from 'common/testing';
import { HistorySummaryCard } from './history-summary-card';
import { PROMPT_NOT_APPLIED_TEXT } from '../../lib/summaries/summary';
import type { Summary } from '../../lib/summaries/summary';
import { makeSummary } from '../../testing/summary-fixtures';

/*
 * API.md round 3 `promptApplied`: a summary whose custom prompt the quick summarizer could not
 * act on says so, on its history card (the result card: summarize/prompt-notice.test.tsx); one whose prompt was applied, or
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

function renderHistoryCard(summary: Summary) {
  storeSession();
  return renderWithProviders({
    routes: [
      {
        path: '/',
        element: <HistorySummaryCard summary={summary} onDelete={vi.fn()} deleting={false} />,
      },
    ],
  });
}

describe('a prompt the quick summarizer could not apply', () => {
  it('is said on the history card', () => {
    renderHistoryCard(quick(false));
    expect(screen.getByRole('note').textContent).toBe(PROMPT_NOT_APPLIED_TEXT);
  });

  it.each([true, null])('is not mentioned when promptApplied is %s', (promptApplied) => {
    renderHistoryCard(quick(promptApplied));
    expect(screen.queryByText(PROMPT_NOT_APPLIED_TEXT)).toBeNull();
  });
});

describe('the card title (issue 26 item 6)', () => {
  it('names an upload by its file name, the date beside it as secondary text', () => {
    renderHistoryCard(
      makeSummary({ id: 'upload', source: 'pdf', fileName: 'trial.pdf', originalContent: 'x' }),
    );
    const card = screen.getByRole('article', { name: 'trial.pdf' });
    expect(screen.getByRole('heading', { level: 2, name: 'trial.pdf' })).toBeTruthy();
    expect(card.querySelector('time')?.textContent).toBe('Mar 10, 2026');
  });

  it('names pasted text by its first words, and previews the summary without Markdown markers', () => {
    renderHistoryCard(
      makeSummary({
        id: 'pasted',
        fileName: null,
        originalContent: 'Quarterly results for the northern region were strong this year overall.',
        summarizedContent: '- **Revenue** grew 12%\n- Costs fell',
      }),
    );
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Quarterly results for the northern region were strong…',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/^Revenue grew 12%\s+Costs fell$/)).toBeTruthy();
    expect(screen.queryByText(/\*\*|^- /)).toBeNull();
  });
});
