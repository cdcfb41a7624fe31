import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLoading } from 'common/session';
import { createAppStore } from 'common/store';
import { makeUser, renderWithProviders, storeSession } from 'common/testing';
import { RedirectIfSignedIn, RequireAuth, RequireRole } from './guards';

/** Shows where the router ended up, and the state it was sent there with. */
function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} at {location.pathname} with {JSON.stringify(location.state)}
    </p>
  );
}

const routes = [
  { path: '/', element: <Where name="landing" /> },
  { path: '/login', element: <Where name="login" /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/dashboard', element: <Where name="dashboard" /> },
      { path: '/history', element: <Where name="history" /> },
      {
        element: <RequireRole area="admin" />,
        children: [{ path: '/admin', element: <Where name="admin" /> }],
      },
      {
        element: <RequireRole area="editor" />,
        children: [{ path: '/editor', element: <Where name="editor" /> }],
      },
    ],
  },
  {
    element: <RedirectIfSignedIn />,
    children: [{ path: '/register', element: <Where name="register" /> }],
  },
];

beforeEach(() => localStorage.clear());

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering where they were going', () => {
    renderWithProviders({ routes, initialEntry: '/history?page=2' });
    expect(screen.getByText(/^login at \/login/).textContent).toBe(
      'login at /login with {"from":"/history?page=2"}',
    );
  });

  it('shows a spinner while the session loads', () => {
    const store = createAppStore();
    store.dispatch(setLoading());
    renderWithProviders({ routes, initialEntry: '/dashboard', store });
    expect(screen.getByRole('status').textContent).toContain('Loading your account');
  });

  it('lets a signed-in user in', () => {
    storeSession(makeUser());
    const { router } = renderWithProviders({ routes, initialEntry: '/history?page=2' });
    expect(router.state.location.pathname).toBe('/history');
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText(/^history/).textContent).toBe('history at /history with null');
  });
});

describe('RequireRole', () => {
  it.each([
    ['user', '/admin'],
    ['user', '/editor'],
    ['editor', '/admin'],
    ['reviewer', '/editor'],
  ] as const)(
    'sends the role %s away from %s to /dashboard with the access-denied state',
    (role, path) => {
      storeSession(makeUser({ role }));
      renderWithProviders({ routes, initialEntry: path });
      expect(screen.getByText(/^dashboard/).textContent).toBe(
        'dashboard at /dashboard with {"accessDenied":true}',
      );
    },
  );

  it.each([
    ['admin', '/admin'],
    ['admin', '/editor'],
    ['editor', '/editor'],
  ] as const)('lets the role %s open %s', (role, path) => {
    storeSession(makeUser({ role }));
    const { router } = renderWithProviders({ routes, initialEntry: path });
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByText(new RegExp(`at ${path} `)).textContent).toBe(
      `${path.slice(1)} at ${path} with null`,
    );
  });
});

describe('RedirectIfSignedIn', () => {
  it('sends a signed-in user from /register to /dashboard', () => {
    storeSession(makeUser());
    const { router } = renderWithProviders({ routes, initialEntry: '/register' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText(/^dashboard/).textContent).toBe('dashboard at /dashboard with null');
    expect(screen.queryByText(/^register/)).toBeNull();
  });

  it('sends a user who just signed in back to the remembered page', () => {
    storeSession(makeUser());
    const { router } = renderWithProviders({
      routes,
      initialEntry: { pathname: '/register', state: { from: '/history?page=3' } },
    });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/history?page=3',
    );
    expect(screen.getByText(/^history/).textContent).toBe('history at /history with null');
  });

  it('shows the page to a signed-out visitor', () => {
    const { router } = renderWithProviders({ routes, initialEntry: '/register' });
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByText(/^register/).textContent).toBe('register at /register with null');
  });
});
