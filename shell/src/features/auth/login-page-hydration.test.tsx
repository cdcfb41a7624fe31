import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
// The prerender's router: a static one on the "server", a memory one in the browser.
import { MemoryRouter, Route, Routes, StaticRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { resetPortalConfig } from 'common/portal-config';
import { jsonResponse, makeUser, stubFetch } from 'common/testing';
import { createAppStore } from 'common/store';
import { AppProviders } from '../../app/app-providers';
import { LoginPage } from './login-page';

const demo = { email: 'demo@brevity.test', password: 'demo-pass' };

function loginTree(router: 'static' | 'memory') {
  const routes = (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
    </Routes>
  );
  return (
    <StrictMode>
      <AppProviders store={createAppStore()}>
        {router === 'static' ? (
          <StaticRouter location="/login">{routes}</StaticRouter>
        ) : (
          <MemoryRouter initialEntries={['/login']}>{routes}</MemoryRouter>
        )}
      </AppProviders>
    </StrictMode>
  );
}

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  cleanup();
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  localStorage.clear();
  resetPortalConfig();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('LoginPage, prerendered and hydrated', () => {
  it('keeps what was typed before hydration through the renders that follow it, and signs in with it', async () => {
    const fetchMock = stubFetch((request) => {
      // The demo hint arrives after hydration and re-renders the form.
      if (request.path === '/api/config') return jsonResponse({ success: true, data: { demo } });
      if (request.path === '/api/auth/login') {
        return jsonResponse({ success: true, data: { token: 'jwt', user: makeUser() } });
      }
      return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
    });
    const container = document.createElement('div');
    container.innerHTML = renderToString(loginTree('static'));
    document.body.append(container);

    // Typed into the prerendered form while its script was still on the way.
    const email = container.querySelector<HTMLInputElement>('#login-email');
    const password = container.querySelector<HTMLInputElement>('#login-password');
    if (!email || !password) throw new Error('The prerendered form has no email or password');
    email.value = 'early@brevity.test';
    password.value = 'typed-early';

    await act(async () => {
      root = hydrateRoot(container, loginTree('memory'));
      await Promise.resolve();
    });
    // Hydrated (the button is enabled) and the demo hint shown: both re-rendered the inputs.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('disabled')).toBe(false),
    );
    await screen.findByText('Try the demo account');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('early@brevity.test');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('typed-early');

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { name: 'Dashboard page' });
    const login = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/login'));
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({
      email: 'early@brevity.test',
      password: 'typed-early',
    });
  });
});
