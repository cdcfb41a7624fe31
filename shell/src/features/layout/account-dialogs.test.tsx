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
import type { SeenRequest } from 'common/testing';
import { Toaster } from 'common/ui/toast';
import { Navbar } from './navbar';

/* The account menu's Change password and Sign out of all devices (issue 24 item 9). */

function renderNavbar() {
  const user = makeUser({ name: 'Ada Lovelace' });
  storeSession(user, 'old-token');
  const view = renderWithProviders({
    initialEntry: '/dashboard',
    routes: [
      {
        path: '/dashboard',
        element: (
          <>
            <Navbar />
            <Toaster />
            <h1>Dashboard page</h1>
          </>
        ),
      },
      { path: '/login', element: <h1>Login page</h1> },
    ],
  });
  return { ...view, user };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

async function openChangePassword() {
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  return screen.findByRole('dialog', { name: 'Change password' });
}

describe('Change password', () => {
  it('checks both fields, shows each error by its field, and sends nothing until they pass', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    renderNavbar();
    const dialog = await openChangePassword();
    await userEvent.type(within(dialog).getByLabelText('New password'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is required',
    );
    expect(within(dialog).getByLabelText('New password')).toHaveAccessibleDescription(
      /New password must be at least 6 characters/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends PUT /api/auth/password, stores the fresh token and says so in a toast', async () => {
    const seen: SeenRequest[] = [];
    const { user } = renderNavbar();
    stubFetch((request) => {
      seen.push(request);
      return jsonResponse({ success: true, data: { token: 'fresh-token', user } });
    });
    const dialog = await openChangePassword();
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'old-secret');
    await userEvent.type(within(dialog).getByLabelText('New password'), 'new-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/api/auth/password' });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(JSON.parse(String(seen[0]?.body))).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
  });

  it("shows the server's error under the field it names", async () => {
    stubFetch(() =>
      jsonResponse(
        {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Current password is incorrect',
          errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
        },
        400,
      ),
    );
    renderNavbar();
    const dialog = await openChangePassword();
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'wrong-one');
    await userEvent.type(within(dialog).getByLabelText('New password'), 'new-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeVisible();
    expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    );
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('old-token');
  });
});

describe('Sign out of all devices', () => {
  it('asks first, then calls logout-all and signs out locally', async () => {
    const seen: SeenRequest[] = [];
    stubFetch((request) => {
      seen.push(request);
      return jsonResponse({ success: true, data: null });
    });
    const { store } = renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out of all devices?' });
    expect(seen).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
    expect(seen).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/auth/logout-all' }),
    ]);
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('does nothing when cancelled', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, data: null }));
    const { store } = renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out of all devices?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().session.isAuthenticated).toBe(true);
  });
});
