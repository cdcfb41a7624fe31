import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { TOKEN_STORAGE_KEY } from 'common/session-storage';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { User } from 'common/user';
import { Navbar } from './navbar';

function renderNavbar(user: User | null, path = '/dashboard') {
  if (user) storeSession(user);
  const page = (name: string) => (
    <>
      <Navbar />
      <h1>{name}</h1>
    </>
  );
  return renderWithProviders({
    initialEntry: path,
    routes: [
      { path: '/dashboard', element: page('Dashboard page') },
      { path: '/history', element: page('History page') },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/register', element: <h1>Register page</h1> },
    ],
  });
}

const mainLinks = () =>
  within(screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement)
    .getAllByRole('link')
    .map((link) => link.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('Navbar', () => {
  it("shows a user's pages, credits, name, role badge and Logout", () => {
    renderNavbar(makeUser({ name: 'Ada Lovelace', credits: 5 }));
    expect(mainLinks()).toEqual(['Dashboard', 'Create Summary', 'History', 'Credits']);
    expect(screen.getByText('Ada Lovelace')).toBeVisible();
    expect(screen.getAllByText('5')[0]?.parentElement?.textContent).toBe('5 credits');
    expect(screen.getByText('User').className).toContain('ui-badge--outline');
    expect(screen.getByRole('button', { name: 'Refresh credits' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('adds the staff areas by role', () => {
    renderNavbar(makeUser({ role: 'admin' }));
    expect(mainLinks()).toEqual([
      'Dashboard',
      'Create Summary',
      'History',
      'Admin Panel',
      'Manage Content',
      'Review Content',
    ]);
    expect(screen.getByText('Admin').className).toContain('ui-badge--destructive');
    cleanup();
    localStorage.clear();
    renderNavbar(makeUser({ role: 'reviewer' }));
    expect(mainLinks()).toEqual(['Dashboard', 'Create Summary', 'History', 'Review Content']);
  });

  it('marks the current page with aria-current', () => {
    renderNavbar(makeUser(), '/history');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).hasAttribute('aria-current')).toBe(
      false,
    );
  });

  it('refreshes the credits, spinning meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderNavbar(makeUser({ credits: 1 }));
    const refresh = screen.getByRole('button', { name: 'Refresh credits' });
    await userEvent.click(refresh);
    expect(refresh.getAttribute('aria-busy')).toBe('true');
    expect(refresh.querySelector('.ui-spin')).not.toBeNull();
    answer(jsonResponse({ success: true, data: makeUser({ credits: 9 }) }));
    expect(await screen.findAllByText('9')).not.toHaveLength(0);
    expect(refresh.hasAttribute('aria-busy')).toBe(false);
  });

  it('logs out locally and opens /login', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const { store } = renderNavbar(makeUser());
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeVisible();
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the same items in a side menu that closes on Esc and on navigation', async () => {
    renderNavbar(makeUser({ role: 'editor', name: 'Edith' }));
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(menuButton);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Create Summary', 'History', 'Manage Content']);
    expect(within(menu).getByText('Edith')).toBeVisible();
    expect(within(menu).getByRole('button', { name: 'Refresh credits' })).toBeVisible();
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    await userEvent.click(menuButton);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'History' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'History page' })).toBeVisible();
  });

  it('shows Login and Get Started to a signed-out visitor', () => {
    renderNavbar(null);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});
