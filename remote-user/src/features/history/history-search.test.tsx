import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from 'common/api-client';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import { makeSummary, makeSummaryPage, ok } from '../../testing/summary-fixtures';
import type { Summary } from '../../lib/summaries/summary';
import { HistoryPage } from './history-page';

// The page loads these lazily (issue 12); loading them once here keeps the tests' waits about
// the page rather than the first transform of a module on a busy machine.
beforeAll(async () => {
  await import('../../components/source-linked-summary');
});

const ALL: Summary[] = Array.from({ length: 14 }, (_, index) =>
  makeSummary({
    id: `s${index + 1}`,
    summarizedContent:
      index % 2 === 0 ? `Lighthouse report ${index + 1}` : `Harvest note ${index + 1}`,
    createdAt: new Date().toISOString(),
  }),
);

/** GET /api/summaries filtered by q (a word of the summary), paged by page and limit. */
function fakeSearchApi() {
  const paths: string[] = [];
  stubFetch((request) => {
    paths.push(request.path);
    const url = new URL(request.path, 'http://localhost');
    const q = url.searchParams.get('q')?.toLowerCase() ?? '';
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const found = ALL.filter((summary) => summary.summarizedContent.toLowerCase().includes(q));
    return jsonResponse(
      ok(
        makeSummaryPage(found.slice((page - 1) * limit, page * limit), {
          page,
          limit,
          total: found.length,
        }),
      ),
    );
  });
  return paths;
}

function renderHistory(path = '/history') {
  storeSession(makeUser());
  return renderWithProviders({
    initialEntry: path,
    routes: [{ path: '/history', element: <HistoryPage /> }],
  });
}

const cards = () => Array.from(document.querySelectorAll<HTMLElement>('article'));
const statusLine = () => screen.getByText(/^Showing page/);

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('HistoryPage: Search summaries', () => {
  it('asks once typing pauses, and the pager and count follow the filter', async () => {
    const paths = fakeSearchApi();
    const { router } = renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(statusLine().textContent).toBe('Showing page 1 of 2 · 14 summaries in total');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search summaries' }), 'lighthouse');
    await waitFor(() => expect(cards()).toHaveLength(7));
    // One request for the whole word, not one per key.
    expect(paths).toEqual([
      '/api/summaries?page=1&limit=10',
      '/api/summaries?page=1&limit=10&q=lighthouse',
    ]);
    expect(statusLine().textContent).toBe(
      'Showing page 1 of 1 · 7 summaries matching “lighthouse”',
    );
    expect(router.state.location.search).toBe('?q=lighthouse');
    expect(screen.queryByRole('navigation', { name: 'History pages' })).toBeNull();
  });

  it('keeps the search in the URL while paging', async () => {
    const paths = fakeSearchApi();
    const { router } = renderHistory('/history?q=note&page=1');
    await waitFor(() => expect(cards()).toHaveLength(7));
    expect(
      (screen.getByRole('searchbox', { name: 'Search summaries' }) as HTMLInputElement).value,
    ).toBe('note');
    expect(paths).toEqual(['/api/summaries?page=1&limit=10&q=note']);
    expect(router.state.location.search).toBe('?q=note&page=1');
  });

  it('says so when nothing matches, and Clear search shows everything again', async () => {
    fakeSearchApi();
    renderHistory('/history?q=volcano');
    expect(
      await screen.findByRole('heading', { name: 'No summaries match “volcano”' }),
    ).toBeVisible();
    expect(screen.queryByText('No summaries yet')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(
      (screen.getByRole('searchbox', { name: 'Search summaries' }) as HTMLInputElement).value,
    ).toBe('');
    expect(within(screen.getByRole('search')).getByLabelText('Search summaries')).toBeVisible();
  });
});
