import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { DEFAULT_PORTAL_CONFIG, primePortalConfig } from 'common/portal-config';
import { createAppStore } from 'common/store';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import { SourceLinkedSummary } from '../../components/source-linked-summary';
import { createSummary } from './workbench-slice';
import { makeStatistics, makeSummary, ok } from '../../testing/summary-fixtures';
import { SummarizePage } from './summarize-page';

/*
 * Issue 28, what the summary left out: the source view marks each section as covered or not,
 * the card says `Covers n of m sections` with the uncovered titles, and choosing one
 * regenerates the summary with `Include: <title>`.
 */

beforeAll(async () => {
  await import('./summary-result');
});

const ORIGINAL = [
  '# Report',
  '',
  'The board surveyed the harbour.',
  '',
  '## Methods',
  '',
  'Inspectors walked every quay.',
  '',
  '## Funding',
  '',
  'The city pays for the repairs.',
].join('\n');

function spanOf(phrase: string) {
  const start = ORIGINAL.indexOf(phrase);
  return { start, end: start + phrase.length };
}

function sectionOf(title: string, heading: string, until: string | null) {
  const start = ORIGINAL.indexOf(heading);
  return {
    title,
    level: heading.startsWith('##') ? 2 : 1,
    start,
    end: until === null ? ORIGINAL.length : ORIGINAL.indexOf(until) - 2,
  };
}

const SECTIONS = [
  sectionOf('Report', '# Report', null),
  sectionOf('Methods', '## Methods', '## Funding'),
  sectionOf('Funding', '## Funding', null),
];

const SUMMARY = makeSummary({
  id: 's28',
  originalContent: ORIGINAL,
  summarizedContent: 'The board surveyed the harbour.',
  sourceMap: [
    {
      text: 'The board surveyed the harbour.',
      sources: [spanOf('The board surveyed the harbour.')],
    },
  ],
  sections: SECTIONS,
});

describe('the source view’s sections', () => {
  it('says how many sections the summary covers, marks each, and offers the uncovered ones', async () => {
    const include = vi.fn();
    render(<SourceLinkedSummary summary={SUMMARY} onIncludeSection={include} />);
    expect(screen.getByText('Covers 1 of 3 sections')).toBeVisible();
    const note = screen.getByRole('note');
    expect(within(note).getByText(/^Not covered:/u).textContent).toBe(
      'Not covered: Methods, Funding',
    );
    const original = screen.getByRole('region', { name: 'Original content' });
    const marks = [...original.querySelectorAll('.ru-section-mark')].map((mark) => [
      mark.textContent,
      mark.getAttribute('title'),
    ]);
    expect(marks).toEqual([
      ['Covered: ', 'The summary draws on this section'],
      ['Not covered: ', 'The summary does not draw on this section'],
      ['Not covered: ', 'The summary does not draw on this section'],
    ]);
    // Each mark stands right before its heading.
    expect(original.textContent).toContain('Not covered: ## Methods');
    await userEvent.click(screen.getByRole('button', { name: 'Methods' }));
    expect(include).toHaveBeenCalledWith('Methods');
  });

  it('lists the titles as text where nothing can regenerate, and says nothing under two sections', () => {
    const { unmount } = render(<SourceLinkedSummary summary={SUMMARY} />);
    expect(screen.getByText('Covers 1 of 3 sections')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Methods' })).toBeNull();
    unmount();
    render(<SourceLinkedSummary summary={{ ...SUMMARY, sections: SECTIONS.slice(0, 1) }} />);
    expect(screen.queryByText(/^Covers /u)).toBeNull();
    expect(document.querySelector('.ru-section-mark')).toBeNull();
  });
});

describe('the result card', () => {
  it('regenerates with `Include: <title>` and shows the new version covering it', async () => {
    configureApi({ baseUrl: '', onUnauthorized: () => undefined });
    // GET /api/config answered already: the page's requests are the ones under test.
    primePortalConfig(DEFAULT_PORTAL_CONFIG);
    storeSession(makeUser({ credits: 5 }));
    const bodies: unknown[] = [];
    stubFetch((request) => {
      if (request.path.endsWith('/questions')) return jsonResponse(ok({ answers: [] }));
      bodies.push({ path: request.path, body: JSON.parse(String(request.body)) });
      return jsonResponse(
        ok({
          summary: {
            ...SUMMARY,
            regenerationCount: 1,
            version: 2,
            customPrompt: 'Include: Methods',
            summarizedContent: 'The board surveyed the harbour. Inspectors walked every quay.',
            sourceMap: [
              ...SUMMARY.sourceMap,
              {
                text: 'Inspectors walked every quay.',
                sources: [spanOf('Inspectors walked every quay.')],
              },
            ],
          },
          statistics: makeStatistics(),
        }),
      );
    });
    const store = createAppStore();
    store.dispatch(
      createSummary.fulfilled({ summary: SUMMARY, updatedCredits: 5 }, 'seed', { content: '' }),
    );
    renderWithProviders({
      initialEntry: '/summarize',
      routes: [{ path: '/summarize', element: <SummarizePage /> }],
      store,
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Methods' }, { timeout: 3000 }),
    );
    expect(await screen.findByText('Covers 2 of 3 sections')).toBeVisible();
    expect(bodies).toEqual([
      { path: '/api/summaries/s28/regenerate', body: { customPrompt: 'Include: Methods' } },
    ]);
  });
});
