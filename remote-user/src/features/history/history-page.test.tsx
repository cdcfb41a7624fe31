import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { pageFromSearch } from 'common/list-params';
import { HistoryPage } from './history-page';

// The page loads these lazily (issue 12); loading them once here keeps the tests' waits about
// the page rather than the first transform of a module on a busy machine.
beforeAll(async () => {
  await import('../../components/source-linked-summary');
  await import('../../components/versions-dialog');
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** `count` summaries numbered from `first`, newest first. */
function summaries(count: number, first = 1): Summary[] {
  return Array.from({ length: count }, (_, index) =>
    makeSummary({
      id: `s${first + index}`,
      summarizedContent: `Summary number ${first + index}`,
      createdAt: daysAgo(0),
    }),
  );
}

/** A fake API holding `all` summaries; GET pages them, DELETE removes one. */
function fakeApi(all: Summary[], { failDelete = false } = {}) {
  const store = [...all];
  const seen: SeenRequest[] = [];
  const fetchMock = stubFetch((request) => {
    seen.push(request);
    const url = new URL(request.path, 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/api/summaries') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return jsonResponse(
        ok(
          makeSummaryPage(store.slice((page - 1) * limit, page * limit), {
            page,
            limit,
            total: store.length,
          }),
        ),
      );
    }
    const match = /^\/api\/summaries\/([^/]+)$/.exec(url.pathname);
    const found = match ? store.find((summary) => summary.id === match[1]) : undefined;
    if (request.method === 'GET' && found) return jsonResponse(ok({ summary: found }));
    if (request.method === 'DELETE' && match) {
      if (failDelete)
        return jsonResponse({ success: false, code: 'INTERNAL', message: 'Boom' }, 500);
      const index = store.findIndex((summary) => summary.id === match[1]);
      store.splice(index, 1);
      return jsonResponse({ success: true, data: null, message: 'Summary deleted' });
    }
    return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  return { fetchMock, seen, store };
}

function renderHistory(path = '/history') {
  storeSession(makeUser());
  return renderWithProviders({
    initialEntry: path,
    routes: [
      { path: '/history', element: <HistoryPage /> },
      { path: '/summarize', element: <h1>Summarize page</h1> },
    ],
  });
}

// A plain selector: role queries over ten full cards are slow in jsdom.
const cards = () => Array.from(document.querySelectorAll<HTMLElement>('article'));
const statusLine = () => screen.getByText(/^Showing page/);

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('pageFromSearch', () => {
  it('reads a positive integer, else 1', () => {
    expect(pageFromSearch('3')).toBe(3);
    expect(pageFromSearch(null)).toBe(1);
    expect(pageFromSearch('0')).toBe(1);
    expect(pageFromSearch('-2')).toBe(1);
    expect(pageFromSearch('2.5')).toBe(1);
    expect(pageFromSearch('abc')).toBe(1);
  });
});

describe('HistoryPage, a link to one summary (?summary=<id>)', () => {
  it('shows that summary expanded above the list, and Close returns to the list alone', async () => {
    const { seen } = fakeApi(summaries(23));
    renderHistory('/history?summary=s17');
    const opened = await screen.findByRole('region', { name: 'The summary you opened' });
    const card = await within(opened).findByRole('article');
    expect(card.textContent).toContain('Summary number 17');
    expect(
      within(card)
        .getByRole('button', { name: /Show less/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(seen.map((request) => request.path)).toContain('/api/summaries/s17');
    await waitFor(() => expect(cards()).toHaveLength(11));

    await userEvent.click(within(opened).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'The summary you opened' })).toBeNull();
    expect(cards()).toHaveLength(10);
  });

  it('says so when the summary no longer exists, and the list still shows', async () => {
    fakeApi(summaries(3));
    renderHistory('/history?summary=gone');
    const opened = await screen.findByRole('region', { name: 'The summary you opened' });
    const alert = await within(opened).findByRole('alert');
    expect(alert.textContent).toBe('This summary no longer exists.');
    await waitFor(() => expect(cards()).toHaveLength(3));
  });
});

describe('HistoryPage', () => {
  it('shows Your Summaries and a skeleton on first load, then 10 cards a page', async () => {
    const { seen } = fakeApi(summaries(23));
    renderHistory();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Summaries' })).toBeVisible();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Loading your summaries');
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(screen.queryByText('Loading your summaries')).toBeNull();
    expect(seen[0]?.path).toBe('/api/summaries?page=1&limit=10');
    expect(statusLine().textContent).toBe('Showing page 1 of 3 · 23 summaries in total');
  });

  it('a card: badge, relative date, preview, words, compression and time', async () => {
    fakeApi([
      makeSummary({
        id: 'a',
        summarizedContent: 'x'.repeat(200),
        originalWordCount: 1234,
        compressionRatio: 81,
        processingTime: 950,
        createdAt: daysAgo(0),
      }),
      makeSummary({
        id: 'b',
        isFallback: true,
        fallbackReason: 'rate_limited',
        summarizedContent: '',
        originalWordCount: null,
        processingTime: null,
        createdAt: daysAgo(1),
      }),
      makeSummary({ id: 'c', createdAt: daysAgo(3) }),
      makeSummary({ id: 'd', createdAt: '2025-11-03T12:00:00.000Z' }),
    ]);
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(4));
    const [first, second, third, fourth] = cards() as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText('AI Generated')).toBeVisible();
    expect(within(first).getByText('Today')).toBeVisible();
    expect(within(first).getByText(`${'x'.repeat(150)}...`)).toBeVisible();
    expect(within(first).getByText('1,234 words')).toBeVisible();
    expect(within(first).getByText('81% compressed')).toBeVisible();
    expect(within(first).getByText('950ms')).toBeVisible();

    expect(within(second).getByText('Quick Summary')).toBeVisible();
    const why =
      "The AI service is busy, so Brevity made a quick summary from the document's key sentences.";
    expect(within(second).getByText('Quick Summary').getAttribute('title')).toBe(why);
    expect(within(second).getByText(`(${why})`).className).toBe('ui-sr-only');
    expect(within(first).getByText('AI Generated').getAttribute('title')).toBeNull();
    expect(within(second).getByText('Yesterday')).toBeVisible();
    expect(within(second).getByText('No preview available')).toBeVisible();
    expect(within(second).getByText('N/A words')).toBeVisible();
    expect(within(second).queryByText(/ms$/)).toBeNull();

    expect(within(third).getByText('3 days ago')).toBeVisible();
    expect(within(fourth).getByText('Nov 3, 2025')).toBeVisible();
  });

  it('expands a card to the original, the summary and the model', async () => {
    fakeApi([
      makeSummary({ id: 'a', originalContent: 'The whole original text.', aiModel: null }),
      makeSummary({ id: 'b', summarizedContent: '  ', aiModel: 'gemini-2.0-flash' }),
    ]);
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards() as [HTMLElement, HTMLElement];

    const expand = within(first).getByRole('button', { name: /Show more/ });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    // The card's title quotes the pasted text's first words too (issue 26): the region is looked in.
    const original = within(first).getByRole('region', { name: 'Original content' });
    expect(within(original).getByText('The whole original text.')).toBeVisible();
    expect(within(first).getByText('Gemini 1.5 Flash')).toBeVisible();
    await userEvent.click(expand);
    expect(within(first).queryByRole('region', { name: 'Original content' })).toBeNull();

    await userEvent.click(within(second).getByRole('button', { name: /Show more/ }));
    expect(within(second).getByText('Summary not available')).toBeVisible();
    expect(within(second).getByText('gemini-2.0-flash')).toBeVisible();
  });

  it('copies a summary and reads Copied! for 2 seconds', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakeApi([makeSummary({ summarizedContent: 'Copy this summary' })]);
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(1));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith('Copy this summary');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeVisible();
  });

  it('shows the empty state with a Create Summary button to /summarize', async () => {
    fakeApi([]);
    renderHistory();
    expect(await screen.findByRole('heading', { name: 'No summaries yet' })).toBeVisible();
    expect(screen.queryByText(/^Showing page/)).toBeNull();
    const links = screen.getAllByRole('link', { name: 'Create Summary' });
    expect(links.every((link) => link.getAttribute('href') === '/summarize')).toBe(true);
    await userEvent.click(links[links.length - 1] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Summarize page' })).toBeVisible();
  });

  it('pages with the pager and keeps the page in the URL', async () => {
    const { seen } = fakeApi(summaries(45));
    const { router } = renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(10));
    const pager = screen.getByRole('navigation', { name: 'History pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '5']);
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(statusLine().textContent).toContain('Showing page 2 of 5'));
    expect(router.state.location.search).toBe('?page=2');
    expect(seen.at(-1)?.path).toBe('/api/summaries?page=2&limit=10');
    expect(screen.getByText('Summary number 11')).toBeVisible();

    await userEvent.click(within(pager).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=5');

    // Back goes to the previous page of the history.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(statusLine().textContent).toContain('Showing page 2 of 5'));
  });

  it('opens at the page in the URL, and a page past the end shows the last one', async () => {
    const { seen } = fakeApi(summaries(15));
    const { router } = renderHistory('/history?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(seen.map((request) => request.path)).toContain('/api/summaries?page=9&limit=10');
    expect(statusLine().textContent).toContain('Showing page 2 of 2');
  });

  it('deletes after confirmation and refetches the page', async () => {
    const { store, seen } = fakeApi(summaries(12));
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(10));
    const first = cards()[0] as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: /Delete/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this summary?' });
    expect(within(dialog).getByText('This action cannot be undone')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(store).toHaveLength(11));
    expect(
      seen.some((request) => request.method === 'DELETE' && request.path === '/api/summaries/s1'),
    ).toBe(true);
    await waitFor(() =>
      expect(statusLine().textContent).toBe('Showing page 1 of 2 · 11 summaries in total'),
    );
    expect(screen.queryByText('Summary number 1')).toBeNull();
    expect(screen.getByText('Summary number 11')).toBeVisible();
  });

  it('Cancel keeps the summary', async () => {
    const { fetchMock } = fakeApi(summaries(1));
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(cards()).toHaveLength(1);
  });

  it('deleting the last summary of a page goes to the previous page', async () => {
    fakeApi(summaries(11));
    const { router } = renderHistory('/history?page=2');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(statusLine().textContent).toBe('Showing page 1 of 1 · 10 summaries in total');
  });

  it('a failed delete shows the error and keeps the card', async () => {
    fakeApi(summaries(2), { failDelete: true });
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await userEvent.click(
      within(cards()[0] as HTMLElement).getByRole('button', { name: /Delete/ }),
    );
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error! Failed to delete the summary. Please try again.',
    );
    expect(cards()).toHaveLength(2);
  });

  it('a failed list shows the message and retries', async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? jsonResponse({ success: false, code: 'INTERNAL', message: '' }, 500)
        : jsonResponse(ok(makeSummaryPage(summaries(1)))),
    );
    renderHistory();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch summaries');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});
