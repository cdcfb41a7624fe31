import { StrictMode, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'common/router';
import { configureApi } from 'common/api-client';
import { login, logout, selectSession } from 'common/session';
import { createAppStore, useAppDispatch, useAppSelector } from 'common/store';

interface HarnessRoute {
  path: string;
  element: ReactNode;
}

/** The smallest sign-in a remote's team needs to work on its screens alone. */
function HarnessSignIn({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { isAuthenticated, user, error } = useAppSelector(selectSession);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (isAuthenticated) {
    return (
      <>
        <header className="ui-harness-bar">
          Dev harness · {user?.name} ({user?.role}){' '}
          <button type="button" onClick={() => dispatch(logout())}>
            Sign out
          </button>
        </header>
        {children}
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void dispatch(login({ email, password }));
  };
  return (
    <form className="ui-harness-bar" onSubmit={submit}>
      <label>
        Email <input value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label>
        Password{' '}
        <input
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="submit">Sign in</button>
      {error ? <p role="alert">{error}</p> : null}
    </form>
  );
}

/**
 * Mounts a remote's pages on their own, with a store, a router and the API client, so
 * `pnpm --filter remote-x dev` runs without the shell. Never part of the portal's bundles.
 */
export function mountDevHarness(routes: HarnessRoute[]): void {
  const store = createAppStore();
  configureApi({
    baseUrl: process.env.API_URL ?? '',
    onUnauthorized: () => store.dispatch(logout()),
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <Routes>
            {routes.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={<HarnessSignIn>{route.element}</HarnessSignIn>}
              />
            ))}
            <Route
              // Staff guards send other roles to /dashboard, which belongs to another remote.
              path="/dashboard"
              element={
                <HarnessSignIn>
                  <p className="ui-page">
                    This account may not open {routes.map((route) => route.path).join(', ')}.
                  </p>
                </HarnessSignIn>
              }
            />
            <Route path="*" element={<Navigate to={routes[0]?.path ?? '/'} replace />} />
          </Routes>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
