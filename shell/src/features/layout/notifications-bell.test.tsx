import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { refreshUser } from 'common/session';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { NotificationsBell, bellLabel } from './notifications-bell';

const review = {
  id: 'n1',
  kind: 'review',
  message: 'Rex Reviewer rejected your summary: Cite the source.',
  summaryId: 's1',
  createdAt: '2026-11-20T10:00:00.000Z',
  readAt: null,
};
const credits = {
  id: 'n2',
  kind: 'credits',
  message: 'An administrator added 10 credits. Your balance is now 15.',
  summaryId: null,
  createdAt: '2026-11-19T10:00:00.000Z',
  readAt: '2026-11-19T11:00:00.000Z',
};

function stubApi(seen: SeenRequest[], unread = 1) {
  return stubFetch((request) => {
    seen.push(request);
    if (request.path === '/api/auth/me') return jsonResponse({ success: true, data: makeUser() });
    if (request.path.startsWith('/api/notifications?')) {
      return jsonResponse({ success: true, data: { notifications: [review, credits], unread } });
    }
    if (request.path === '/api/notifications/read') {
      return jsonResponse({ success: true, data: { unread: 0 } });
    }
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
}

function renderBell() {
  storeSession(makeUser());
  return renderWithProviders({
    initialEntry: '/dashboard',
    routes: [
      { path: '/dashboard', element: <NotificationsBell /> },
      { path: '/history', element: <h1>History page</h1> },
      { path: '/credits', element: <h1>Credits page</h1> },
    ],
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('NotificationsBell', () => {
  it('names the unread count', () => {
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  it('loads when a refresh of the user data ends, not on its own', async () => {
    const seen: SeenRequest[] = [];
    stubApi(seen, 1);
    const { store } = renderBell();
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
    expect(seen).toHaveLength(0);
    await act(() => store.dispatch(refreshUser()));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    expect(seen.map((request) => request.path)).toEqual([
      '/api/auth/me',
      '/api/notifications?page=1&limit=10',
    ]);
  });

  it('opens a panel of the newest, marks the unread read, and closes on Esc', async () => {
    const seen: SeenRequest[] = [];
    stubApi(seen, 1);
    renderBell();
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/history?summary=s1',
      '/credits',
    ]);
    expect(links[0]?.textContent).toContain('Cite the source.');
    expect(within(links[0] as HTMLElement).getByText('New')).toBeVisible();
    expect(within(links[1] as HTMLElement).queryByText('New')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBe(bell);
    const read = seen.find((request) => request.path === '/api/notifications/read');
    expect(JSON.parse(String(read?.body))).toEqual({ ids: ['n1'] });

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('follows a notification to what it is about', async () => {
    stubApi([], 0);
    const { router } = renderBell();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(within(panel).getByRole('link', { name: /administrator added/ }));
    expect(router.state.location.pathname).toBe('/credits');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Credits page');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('polls no faster than once a minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const seen: SeenRequest[] = [];
    stubApi(seen, 0);
    renderBell();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(seen).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(seen.map((request) => request.path)).toEqual(['/api/notifications?page=1&limit=10']);
  });
});
