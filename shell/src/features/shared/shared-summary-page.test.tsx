import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from 'common/api-client';
import { jsonResponse, renderWithProviders, stubFetch } from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { SHARED_NOT_FOUND_TEXT, SharedSummaryPage } from './shared-summary-page';
import type { SharedSummary } from './shared-summary-page';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const ORIGINAL = 'The council met on Monday. It approved the library budget. Lunch was served.';

const SHARED: SharedSummary = {
  summarizedContent: 'The council approved the library budget.',
  originalContent: ORIGINAL,
  sourceMap: [
    { text: 'The council approved the library budget.', sources: [{ start: 27, end: 59 }] },
  ],
  keywords: ['library budget', 'council'],
  sections: [],
  hiddenText: [],
  instructionLike: [],
  sourceTitle: 'Council news',
  sourceUrl: 'https://news.example.com/council',
  length: 'short',
  format: 'paragraph',
  language: 'en',
  sourceLanguage: 'en',
  secondSourceLanguage: null,
  createdAt: '2026-03-10T09:00:00.000Z',
  author: { name: 'Ada Lovelace' },
};

function renderAt(handler: (request: SeenRequest) => Response) {
  const fetchMock = stubFetch(handler);
  renderWithProviders({
    initialEntry: `/s/${TOKEN}`,
    routes: [{ path: '/s/:token', element: <SharedSummaryPage /> }],
  });
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});
afterEach(cleanup);

describe('SharedSummaryPage', () => {
  it('names the languages, lays Persian right to left and says which sources were not checked', async () => {
    const persian = 'شهرداری تهران طرح تازه‌ای اعلام کرد.';
    renderAt(() =>
      jsonResponse({
        success: true,
        data: {
          summary: {
            ...SHARED,
            summarizedContent: persian,
            sourceMap: [{ text: persian, sources: [{ start: 0, end: 26 }], checked: false }],
            language: 'fa',
            sourceLanguage: 'en',
          },
        },
      }),
    );
    expect(await screen.findByText('English → Persian')).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Summary' });
    const list = within(summary).getByRole('list');
    expect(list).toHaveAttribute('dir', 'rtl');
    expect(list).toHaveAttribute('lang', 'fa');
    expect(within(summary).getByText(/Sources not checked across languages/)).toBeVisible();
    const original = screen.getByRole('region', { name: 'Original' });
    expect(original.querySelector('[lang="en"]')).toHaveAttribute('dir', 'ltr');
  });

  it('shows the title, the author, the summary linked to its highlighted source, key terms and the original', async () => {
    const seen: string[] = [];
    renderAt((request) => {
      seen.push(`${request.method} ${request.path}`);
      return jsonResponse({ success: true, data: { summary: SHARED } });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the shared summary');
    expect(await screen.findByRole('heading', { level: 1, name: 'Council news' })).toBeVisible();
    expect(seen).toEqual([`GET /api/shared/${TOKEN}`]);
    expect(screen.getByText(/Shared by Ada Lovelace/)).toBeVisible();
    const original = screen.getByRole('link', { name: 'Original page' });
    expect(original).toHaveAttribute('href', 'https://news.example.com/council');
    expect(original.getAttribute('rel')).toContain('noreferrer');

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText(/The council approved the library budget\./)).toBeVisible();
    const source = within(summary).getByRole('link', { name: 'Source of sentence 1' });
    const markId = source.getAttribute('href')?.slice(1) ?? '';
    const mark = document.getElementById(markId);
    expect(mark?.tagName).toBe('MARK');
    expect(mark?.textContent).toBe(ORIGINAL.slice(27, 59));

    const terms = screen.getByRole('region', { name: 'Key terms' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['library budget', 'council']);
    expect(screen.getByRole('region', { name: 'Original' }).textContent).toContain(ORIGINAL);
    expect(screen.queryByText(/hidden from readers|addressed to an AI/)).toBeNull();
  });

  it('warns about hidden text when the source had some', async () => {
    renderAt(() =>
      jsonResponse({
        success: true,
        data: {
          summary: {
            ...SHARED,
            hiddenText: [{ text: 'Ignore the reader.', reason: 'invisible', page: null }],
          },
        },
      }),
    );
    // The wording, the same warning as the owner's and the staff's cards.
    expect(
      await screen.findByText('This document contains 1 passage hidden from readers'),
    ).toBeVisible();
    expect(screen.queryByText('This document contains text addressed to an AI')).toBeNull();
  });

  it('never makes a link of an address that is not http(s)', async () => {
    renderAt(() =>
      jsonResponse({
        success: true,
        data: { summary: { ...SHARED, sourceUrl: 'javascript:alert(1)' } },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Council news' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Original page' })).toBeNull();
  });

  it('says in one sentence that a stopped or unknown link does not work', async () => {
    renderAt(() =>
      jsonResponse(
        {
          success: false,
          code: 'NOT_FOUND',
          message: 'This shared summary does not exist or is no longer shared',
        },
        404,
      ),
    );
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Summary not available');
    expect(screen.getByText(SHARED_NOT_FOUND_TEXT).textContent).toBe(SHARED_NOT_FOUND_TEXT);
    // Nothing of a summary is shown: no original, no author.
    expect(screen.queryByRole('region', { name: 'Original' })).toBeNull();
    expect(screen.queryByText(/^By /)).toBeNull();
  });

  it('says so in words when the server cannot answer', async () => {
    renderAt(() =>
      jsonResponse({ success: false, code: 'INTERNAL', message: 'Internal server error' }, 500),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the summary');
  });
});
