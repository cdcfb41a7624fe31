import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { makeSummary, makeSummaryPage, ok } from '../../testing/summary-fixtures';
import type { Summary } from '../../lib/summaries/summary';
import { HistoryPage } from './history-page';

/*
 * Issue 29 on /history: checkboxes choose 2 to 10 summaries; `Combine (n)` opens the Length,
 * Format and prompt of a combination and makes it (1 credit, the balance updated, the new
 * summary opened above the list); `Compare` sets them side by side, terms shared by all marked.
 */

// The page loads these lazily; loading them once here keeps the waits about the page.
beforeAll(async () => {
  await import('../../components/source-linked-summary');
  await import('./combine-dialog');
  await import('./compare-panel');
});

const SUMMARIES: Summary[] = ['River report', 'School board', 'Night trains', 'Library'].map(
  (title, index) =>
    makeSummary({
      id: `s${index + 1}`,
      fileName: `${title}.txt`,
      summarizedContent: `${title} summary.`,
      keywords: ['council', title.toLowerCase()],
    }),
);

const COMBINED = makeSummary({
  id: 'c1',
  source: 'collection',
  sourceTitle: 'Combined: River report.txt · School board.txt · Night trains.txt',
  originalContent: '# A\n\nWater rose.\n\n# B\n\nPupils learn.',
  sources: [
    { summaryId: 's1', title: 'River report.txt', start: 5, end: 16 },
    { summaryId: 's2', title: 'School board.txt', start: 23, end: 36 },
  ],
  summarizedContent: '- Water rose.\n- Pupils learn.',
  format: 'bullets',
  sourceMap: [
    { text: 'Water rose.', sources: [{ start: 5, end: 16 }] },
    {
      text: 'Pupils learn.',
      sources: [
        { start: 23, end: 36 },
        { start: 5, end: 16 },
      ],
    },
  ],
});

function fakeApi() {
  const seen: SeenRequest[] = [];
  stubFetch((request) => {
    seen.push(request);
    const url = new URL(request.path, 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/api/summaries') {
      return jsonResponse(ok(makeSummaryPage(SUMMARIES, { page: 1, limit: 10, total: 4 })));
    }
    if (request.method === 'POST' && url.pathname === '/api/summaries/combine') {
      return jsonResponse(ok({ summary: COMBINED, updatedCredits: 4 }), 201);
    }
    if (request.method === 'GET' && url.pathname === '/api/summaries/c1') {
      return jsonResponse(ok({ summary: COMBINED }));
    }
    if (request.method === 'POST' && url.pathname === '/api/summaries/compare') {
      const { q } = JSON.parse(String(request.body)) as { q: string | null };
      return jsonResponse(
        ok({
          comparison: {
            query: q,
            basis: q === null ? 'shared-terms' : 'question',
            sharedTerms: ['council'],
            documents: SUMMARIES.slice(0, 2).map((summary, index) => ({
              summaryId: summary.id,
              title: summary.fileName,
              keyTerms: [
                { term: 'council', shared: true },
                { term: `term ${index + 1}`, shared: false },
              ],
              sentences: [{ start: 0, end: 10, text: `Top sentence of ${summary.fileName}` }],
            })),
          },
        }),
      );
    }
    return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  return seen;
}

function renderHistory() {
  storeSession(makeUser({ credits: 5 }));
  return renderWithProviders({
    initialEntry: '/history',
    routes: [{ path: '/history', element: <HistoryPage /> }],
  });
}

const checkbox = (title: string) => screen.getByRole('checkbox', { name: `Select “${title}”` });
const bar = () => screen.getByRole('group', { name: 'Selected summaries' });

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HistoryPage: combine and compare', () => {
  it('selects cards; Combine (n) and Compare need 2 to 10', async () => {
    fakeApi();
    renderHistory();
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(4));
    expect(within(bar()).getByText(/^Select 2 to 10 summaries/)).toBeTruthy();
    const combine = () => within(bar()).getByRole('button', { name: /^Combine/ });
    expect(combine()).toHaveProperty('disabled', true);

    await userEvent.click(checkbox('River report.txt'));
    expect(combine().textContent).toBe('Combine (1)');
    expect(combine()).toHaveProperty('disabled', true);
    await userEvent.click(checkbox('School board.txt'));
    await userEvent.click(checkbox('Night trains.txt'));
    expect(within(bar()).getByText('3 selected.')).toBeTruthy();
    expect(combine().textContent).toBe('Combine (3)');
    expect(combine()).toHaveProperty('disabled', false);
    expect(within(bar()).getByRole('button', { name: 'Compare' })).toHaveProperty(
      'disabled',
      false,
    );

    await userEvent.click(checkbox('Night trains.txt'));
    expect(combine().textContent).toBe('Combine (2)');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Clear the selection' }));
    expect(combine().textContent).toBe('Combine');
    expect(checkbox('River report.txt')).toHaveProperty('checked', false);
  });

  it('combines with the chosen format and prompt, for 1 credit, and opens the result', async () => {
    const seen = fakeApi();
    const { router, store } = renderHistory();
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(4));
    for (const title of ['River report.txt', 'School board.txt', 'Night trains.txt']) {
      await userEvent.click(checkbox(title));
    }
    await userEvent.click(within(bar()).getByRole('button', { name: 'Combine (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Combine 3 summaries' });
    expect(within(dialog).getByText(/It costs 1 credit\./)).toBeTruthy();
    expect(
      within(within(dialog).getByRole('list', { name: 'Documents to combine' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['River report.txt', 'School board.txt', 'Night trains.txt']);
    const prompt = within(dialog).getByLabelText('Prompt (optional)');
    expect(prompt.getAttribute('placeholder')).toBe('Compare the methods');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bullet points' }));
    // The summary's language is chosen as for a new summary: the document's by default.
    expect((within(dialog).getByLabelText('Summary language') as HTMLSelectElement).value).toBe(
      'auto',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'What do they agree on?' }));
    expect((prompt as HTMLTextAreaElement).value).toBe('What do they agree on?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Combine (3)' }));

    await waitFor(() => expect(router.state.location.search).toBe('?summary=c1'));
    const posted = seen.find((request) => request.path === '/api/summaries/combine');
    expect(JSON.parse(String(posted?.body))).toEqual({
      summaryIds: ['s1', 's2', 's3'],
      length: 'medium',
      format: 'bullets',
      language: 'auto',
      customPrompt: 'What do they agree on?',
    });
    expect(store.getState().session.user?.credits).toBe(4);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The new summary, expanded above the list: its documents and each sentence's sources.
    const opened = await screen.findByRole('region', { name: 'The summary you opened' });
    expect(await within(opened).findByText('2 documents combined:', { exact: false })).toBeTruthy();
    const original = await within(opened).findByRole('region', { name: 'Original content' });
    expect(
      within(original)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['[1] River report.txt', '[2] School board.txt']);
    const second = within(opened).getByRole('button', { name: /^Pupils learn\./ });
    expect(second.textContent).toContain('[1, 2]');
    expect(second.textContent).toContain('(from documents 1 and 2)');
    expect(within(opened).getByRole('button', { name: /^Water rose\./ }).textContent).toContain(
      '[1]',
    );
  }, 15_000);

  it('compares side by side: key terms with the shared ones marked, top sentences, a question', async () => {
    const seen = fakeApi();
    renderHistory();
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(4));
    await userEvent.click(checkbox('River report.txt'));
    await userEvent.click(checkbox('School board.txt'));
    await userEvent.click(within(bar()).getByRole('button', { name: 'Compare' }));

    const panel = await screen.findByRole('region', { name: 'Compare 2 documents' });
    // Opened above the button: the focus goes to the comparison's heading.
    expect(document.activeElement).toBe(
      within(panel).getByRole('heading', { name: 'Compare 2 documents' }),
    );
    const first = await within(panel).findByRole('region', { name: '[1] River report.txt' });
    expect(within(first).getByText('Top sentence of River report.txt')).toBeTruthy();
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['council (in every document)', 'term 1', 'Top sentence of River report.txt']);
    expect(within(panel).getByText(/on the terms they share: council\./)).toBeTruthy();
    const compared = seen.filter((request) => request.path === '/api/summaries/compare');
    expect(JSON.parse(String(compared[0]?.body))).toEqual({ summaryIds: ['s1', 's2'], q: null });

    await userEvent.type(within(panel).getByLabelText('Question or prompt (optional)'), 'ab');
    await userEvent.click(within(panel).getByRole('button', { name: 'Compare' }));
    expect(within(panel).getByRole('alert').textContent).toBe(
      'The question must be 3 to 500 characters',
    );
    await userEvent.type(
      within(panel).getByLabelText('Question or prompt (optional)'),
      'c methods',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Compare' }));
    expect(
      await within(panel).findByText('Top sentences of each document for “abc methods”.'),
    ).toBeTruthy();
    expect(JSON.parse(String(seen.at(-1)?.body))).toEqual({
      summaryIds: ['s1', 's2'],
      q: 'abc methods',
    });

    await userEvent.click(within(panel).getByRole('button', { name: 'Close the comparison' }));
    expect(screen.queryByRole('region', { name: 'Compare 2 documents' })).toBeNull();
  }, 15_000);
});
