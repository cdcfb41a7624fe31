import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { jsonResponse, makeUser, renderWithProviders, stubFetch } from 'common/testing';
import { RegisterPage } from './register-page';

function renderRegister() {
  return renderWithProviders({
    initialEntry: '/register',
    routes: [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
  });
}

async function fill(values: {
  name?: string;
  email?: string;
  password?: string;
  confirm?: string;
}) {
  if (values.name) await userEvent.type(screen.getByLabelText('Full name'), values.name);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm)
    await userEvent.type(screen.getByLabelText('Confirm password'), values.confirm);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('RegisterPage', () => {
  it('has the four fields, two password toggles and a link to /login', () => {
    renderRegister();
    expect(screen.getByLabelText('Full name')).toBeVisible();
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Confirm password').getAttribute('type')).toBe('password');
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('shows every rule of SPEC.md §5', async () => {
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of [
      'Name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(screen.getByText(message)).toBeVisible();
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));

    await fill({ name: ' A ', email: 'a@b', password: '12345', confirm: '1234' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Password must be at least 6 characters',
      'Passwords do not match',
    ]) {
      expect(screen.getByText(message)).toBeVisible();
    }
  });

  it('clears only the edited field’s error', async () => {
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Name is required')).toBeVisible();
  });

  it('registers with trimmed name and email and opens /dashboard', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ success: true, token: 'jwt', user: makeUser({ name: 'Grace' }) }, 201),
    );
    const { store } = renderRegister();
    await fill({
      name: '  Grace ',
      email: ' grace@example.com',
      password: 'secret1',
      confirm: 'secret1',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/auth/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      password: 'secret1',
    });
    expect(store.getState().session.isAuthenticated).toBe(true);
  });

  it("shows the server's error in a destructive alert, cleared on edit", async () => {
    stubFetch(() =>
      jsonResponse(
        { success: false, code: 'CONFLICT', message: 'Email is already registered' },
        409,
      ),
    );
    renderRegister();
    await fill({
      name: 'Grace',
      email: 'grace@example.com',
      password: 'secret1',
      confirm: 'secret1',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is already registered');
    await userEvent.type(screen.getByLabelText('Full name'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to "Registration failed" when the server says nothing', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    renderRegister();
    await fill({
      name: 'Grace',
      email: 'grace@example.com',
      password: 'secret1',
      confirm: 'secret1',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Registration failed');
  });
});
