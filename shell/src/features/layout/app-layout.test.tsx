import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import { AppLayout } from './app-layout';

function renderLayout(initialEntry: string | { pathname: string; state?: unknown } = '/dashboard') {
  storeSession(makeUser({ credits: 2 }));
  return renderWithProviders({
    initialEntry,
    routes: [
      {
        element: <AppLayout />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
          { path: '/history', element: <h1>History page</h1> },
        ],
      },
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

describe('AppLayout', () => {
  it('renders the navbar and the page in a main landmark with a skip link', async () => {
    stubFetch(() => jsonResponse({ success: true, data: makeUser({ credits: 2 }) }));
    renderLayout();
    const main = screen.getByRole('main');
    expect(main.id).toBe('main-content');
    expect(main.textContent).toContain('Dashboard page');
    expect(screen.getByRole('banner')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(document.activeElement).toBe(main);
  });

  it("refreshes the user's data when a protected page opens", async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ success: true, data: makeUser({ credits: 8 }) }),
    );
    const { store, router } = renderLayout();
    await waitFor(() => expect(store.getState().session.user?.credits).toBe(8));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/me');
    await router.navigate('/history');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('shows Access Denied after a role redirect, then clears the flag from history', async () => {
    stubFetch(() => jsonResponse({ success: true, data: makeUser() }));
    const { router } = renderLayout({ pathname: '/dashboard', state: { accessDenied: true } });
    const dialog = await screen.findByRole('alertdialog', { name: 'Access Denied' });
    expect(dialog.textContent).toContain("You don't have permission to access this page.");
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByRole('alertdialog', { name: 'Access Denied' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows no dialog on an ordinary visit', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, data: makeUser() }));
    renderLayout();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
