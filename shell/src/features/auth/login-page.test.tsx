import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { getPortalConfig, resetPortalConfig } from 'common/portal-config';
import { setError } from 'common/session';
import { jsonResponse, makeUser, renderWithProviders, stubFetch } from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { LoginPage } from './login-page';
import { loginRedirectTarget } from './login-redirect';

const demo = { email: 'demo@brevity.test', password: 'demo-pass' };

function api(overrides: Partial<Record<string, (request: SeenRequest) => Response>> = {}) {
  return stubFetch((request) => {
    const handler = overrides[request.path];
    if (handler) return handler(request);
    if (request.path === '/api/config')
      return jsonResponse({ success: true, data: { demo: null } });
    return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

function renderLogin(state?: unknown) {
  return renderWithProviders({
    initialEntry: { pathname: '/login', state },
    routes: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <h1>Register page</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
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
  resetPortalConfig();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('LoginPage', () => {
  it('shows Welcome Back, the form and a link to /register', () => {
    api();
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
  });

  it('validates on submit, focuses the first invalid field, and clears a field error on edit', async () => {
    const fetchMock = api();
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText('Email');
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);

    await userEvent.type(email, 'not-an-email');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/login'))).toBe(false);
  });

  it("shows the server's error above the form and clears it when a field is edited", async () => {
    api({
      '/api/auth/login': () =>
        jsonResponse(
          { success: false, code: 'UNAUTHORIZED', message: 'Invalid email or password' },
          401,
        ),
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    expect(
      alert.compareDocumentPosition(screen.getByLabelText('Email')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signs in and opens /dashboard', async () => {
    const user = makeUser();
    const fetchMock = api({
      '/api/auth/login': () => jsonResponse({ success: true, token: 'jwt', user }),
    });
    const { store } = renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(store.getState().session).toMatchObject({ isAuthenticated: true, user });
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/login');
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });
  });

  it('returns to the page the guard remembered', async () => {
    api({
      '/api/auth/login': () => jsonResponse({ success: true, token: 'jwt', user: makeUser() }),
    });
    const { router } = renderLogin({ from: '/history?page=2' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'History page' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/history?page=2',
    );
  });

  it('advertises the demo account and fills it in', async () => {
    api({ '/api/config': () => jsonResponse({ success: true, data: { demo } }) });
    renderLogin();
    expect(await screen.findByText('Try the demo account')).toBeVisible();
    expect(screen.getByText(demo.email)).toBeVisible();
    expect(screen.getByText(demo.password)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Fill in the demo account' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(demo.email);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(demo.password);
  });

  it('hides the demo hint when the server advertises none', async () => {
    api();
    renderLogin();
    // The page's own request has answered (the config request is shared) and React has rendered.
    await act(async () => {
      await getPortalConfig();
    });
    expect(screen.queryByText('Try the demo account')).toBeNull();
  });

  it('clears the auth error when the page is left', async () => {
    api();
    const { store, router } = renderLogin();
    store.dispatch(setError('Login failed'));
    expect(await screen.findByRole('alert')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(store.getState().session.error).toBeNull();
  });
});

describe('loginRedirectTarget', () => {
  it('accepts same-site paths only', () => {
    expect(loginRedirectTarget({ from: '/history?page=2' })).toBe('/history?page=2');
    expect(loginRedirectTarget(null)).toBe('/dashboard');
    expect(loginRedirectTarget({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(loginRedirectTarget({ from: '//evil.example' })).toBe('/dashboard');
    expect(loginRedirectTarget({ from: '/login' })).toBe('/dashboard');
    expect(loginRedirectTarget({ from: '/register?x=1' })).toBe('/dashboard');
    expect(loginRedirectTarget({ from: 42 })).toBe('/dashboard');
  });
});
