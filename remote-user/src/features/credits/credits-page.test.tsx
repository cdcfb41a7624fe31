import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatWhen } from 'common/date-format';
import { configureApi } from 'common/api-client';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import type { User } from 'common/user';
import { CreditsPage } from './credits-page';
import { describeEntry, firstWords, formatAmount } from './credit-history';

const entry = (overrides: Record<string, unknown>) => ({
  id: String(overrides.reason),
  amount: 1,
  balanceAfter: 1,
  summaryId: null,
  summaryPreview: null,
  note: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const entries = [
  entry({ reason: 'request', amount: 10, balanceAfter: 10, note: 'Good luck' }),
  entry({
    reason: 'summary',
    amount: -1,
    balanceAfter: 0,
    summaryId: 's1',
    summaryPreview: 'Storms arrive from the west in autumn and the supply boats wait',
  }),
  entry({ reason: 'refund', amount: 1, balanceAfter: 1 }),
  entry({ reason: 'recharge', amount: 4, balanceAfter: 5 }),
  entry({ reason: 'signup', amount: 5, balanceAfter: 5 }),
];

function stubApi(seen: SeenRequest[], options: { requests?: unknown[]; totalPages?: number } = {}) {
  return stubFetch((request) => {
    seen.push(request);
    if (request.path.startsWith('/api/credits/history')) {
      return jsonResponse({
        success: true,
        data: {
          entries,
          pagination: { currentPage: 1, totalPages: options.totalPages ?? 1, total: 5 },
        },
      });
    }
    if (request.method === 'GET' && request.path === '/api/credits/requests') {
      return jsonResponse({ success: true, data: { requests: options.requests ?? [] } });
    }
    if (request.method === 'POST' && request.path === '/api/credits/requests') {
      const body = JSON.parse(String(request.body)) as { credits: number; reason: string };
      return jsonResponse(
        {
          success: true,
          data: {
            request: {
              id: 'r1',
              credits: body.credits,
              reason: body.reason,
              status: 'open',
              createdAt: '2026-11-22T10:00:00.000Z',
            },
          },
        },
        201,
      );
    }
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
}

function renderPage(user: User) {
  storeSession(user);
  return renderWithProviders({
    initialEntry: '/credits',
    routes: [
      { path: '/credits', element: <CreditsPage /> },
      { path: '/history', element: <h1>History page</h1> },
    ],
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

describe('credit history words', () => {
  it('says what each movement was', () => {
    expect(entries.map((item) => describeEntry(item as never))).toEqual([
      'Request approved',
      'Summary: Storms arrive from the west in autumn and…',
      'Refund: the job failed',
      'Added by an administrator',
      'Welcome credits',
    ]);
    expect(describeEntry(entry({ reason: 'summary', amount: -1 }) as never)).toBe(
      'Summary: since deleted',
    );
    expect(firstWords('  one two  ')).toBe('one two');
    expect(formatAmount(10)).toBe('+10');
    expect(formatAmount(-1)).toBe('\u22121');
  });
});

describe('CreditsPage', () => {
  it('shows the balance and the history: date, words, amount and balance after', async () => {
    stubApi([]);
    renderPage(makeUser({ credits: 10 }));
    expect(screen.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      formatWhen('2026-11-20T10:00:00.000Z'),
      'Request approvedGood luck',
      '+10',
      '10',
    ]);
    // The one date format: the full moment is the date's title.
    expect(cells[0]?.querySelector('time')?.getAttribute('title')).toBe(
      'November 20, 2026 at 10:00 AM',
    );
    const link = within(rows[1] as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe('/history?summary=s1');
    expect(screen.queryByText('1 credit left')).toBeNull();
  });

  it('warns at 1 credit', async () => {
    stubApi([]);
    renderPage(makeUser({ credits: 1 }));
    const warning = screen.getByText('1 credit left').closest('.ui-alert__body') as HTMLElement;
    expect(warning.textContent).toBe('1 credit leftYour next summary uses your last credit.');
    await screen.findByRole('table');
  });

  it('at 0 sends a credit request from the dialog, then shows Request pending', async () => {
    const seen: SeenRequest[] = [];
    stubApi(seen);
    renderPage(makeUser({ credits: 0 }));
    expect(screen.getByText('No credits left')).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Request credits' }));
    const dialog = screen.getByRole('dialog', { name: 'Request credits' });
    const amount = within(dialog).getByLabelText('Credits');
    expect((amount as HTMLInputElement).value).toBe('10');

    await userEvent.clear(amount);
    await userEvent.type(amount, '1001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Please enter a whole number from 1 to 1,000')).toBeVisible();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, '25');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Exam week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request pending')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = seen.find((request) => request.method === 'POST');
    expect(JSON.parse(String(post?.body))).toEqual({ credits: 25, reason: 'Exam week' });
  });

  it('shows Request pending instead of the button while a request is open', async () => {
    stubApi([], {
      requests: [
        { id: 'r0', credits: 5, reason: null, status: 'open', createdAt: '2026-11-21T10:00:00Z' },
      ],
    });
    renderPage(makeUser({ credits: 0 }));
    expect(await screen.findByText('Request pending')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request credits' })).toBeNull();
  });

  it('pages through the history', async () => {
    const seen: SeenRequest[] = [];
    stubApi(seen, { totalPages: 2 });
    renderPage(makeUser());
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('table');
    expect(seen.map((request) => request.path)).toContain('/api/credits/history?page=2&limit=20');
  });
});
