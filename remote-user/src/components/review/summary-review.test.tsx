import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatWhen } from 'common/date-format';
import { configureApi } from 'common/api-client';
import { rootReducer } from 'common/store';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { workbenchSlice } from '../../features/summarize/workbench-slice';
import { makeSummary } from '../../testing/summary-fixtures';
import type { Summary } from '../../lib/summaries/summary';
import { SummaryReview } from './summary-review';

rootReducer.inject(workbenchSlice);

const rejected = makeSummary({
  id: 's1',
  reviewStatus: 'rejected',
  reviewComments: 'Cite the harbour office.',
  reviewedBy: { id: 'r1', name: 'Rex Reviewer' },
  reviewedAt: '2026-11-21T10:00:00.000Z',
});

function stubApi(seen: SeenRequest[]) {
  return stubFetch((request) => {
    seen.push(request);
    if (request.path === '/api/summaries/s1/reviews') {
      return jsonResponse({
        success: true,
        data: {
          currentStatus: 'rejected',
          currentComments: 'Cite the harbour office.',
          reviewedBy: { id: 'r1', name: 'Rex Reviewer' },
          reviewedAt: '2026-11-21T10:00:00.000Z',
          history: [
            {
              action: 'needs_revision',
              reviewer: { id: 'r1', name: 'Rex Reviewer' },
              comments: 'Shorter, please.',
              timestamp: '2026-11-20T10:00:00.000Z',
            },
            {
              action: 'rejected',
              reviewer: { id: 'r1', name: 'Rex Reviewer' },
              comments: 'Cite the harbour office.',
              timestamp: '2026-11-21T10:00:00.000Z',
            },
          ],
        },
      });
    }
    if (request.path === '/api/summaries/s1/regenerate') {
      return jsonResponse({
        success: true,
        data: {
          summary: { ...rejected, summarizedContent: 'Regenerated.' },
          statistics: { totalSummaries: 1 },
        },
      });
    }
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
}

function renderReview(summary: Summary, showHistory = false) {
  storeSession(makeUser());
  return renderWithProviders({
    routes: [{ path: '/', element: <SummaryReview summary={summary} showHistory={showHistory} /> }],
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('SummaryReview', () => {
  it('shows a pending summary as Pending review, with nothing to regenerate', () => {
    stubApi([]);
    renderReview(makeSummary({ reviewStatus: 'pending' }));
    expect(screen.getByText('Pending review')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
  });

  it('shows the status, the latest comment and reviewer of a rejected summary', () => {
    stubApi([]);
    renderReview(rejected);
    const review = screen.getByText('Rejected').closest('.ru-review') as HTMLElement;
    expect(review.textContent).toBe(
      "Review status: Rejectedby Rex ReviewerReviewer's comment: Cite the harbour office." +
        "Regenerate from the reviewer's comment",
    );
    expect(screen.getByText('Rejected').className).toContain('ui-badge--destructive');
  });

  it("regenerates from the reviewer's comment, which the author may change", async () => {
    const seen: SeenRequest[] = [];
    stubApi(seen);
    renderReview(rejected);
    await userEvent.click(
      screen.getByRole('button', { name: "Regenerate from the reviewer's comment" }),
    );
    const prompt = screen.getByLabelText('Custom prompt (optional)');
    expect((prompt as HTMLTextAreaElement).value).toBe('Cite the harbour office.');
    await userEvent.type(prompt, ' Keep it short.');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByRole('button', { name: /Regenerate from/ })).toBeVisible();
    const call = seen.find((request) => request.path === '/api/summaries/s1/regenerate');
    expect(JSON.parse(String(call?.body))).toEqual({
      customPrompt: 'Cite the harbour office. Keep it short.',
    });
  });

  it('lists every decision, newest first, under Review history', async () => {
    stubApi([]);
    renderReview(rejected, true);
    const section = await screen.findByRole('region', { name: 'Review history' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // The one date format (common/date-format): relative within a week of today.
      `RejectedRex Reviewer${formatWhen('2026-11-21T10:00:00.000Z')}Cite the harbour office.`,
      `Needs revisionRex Reviewer${formatWhen('2026-11-20T10:00:00.000Z')}Shorter, please.`,
    ]);
  });

  it('with the review history shown, says the latest comment once (issue 26)', async () => {
    stubApi([]);
    renderReview(rejected, true);
    const section = await screen.findByRole('region', { name: 'Review history' });
    await within(section).findAllByRole('listitem');
    expect(screen.getAllByText('Cite the harbour office.')).toHaveLength(1);
  });
});
