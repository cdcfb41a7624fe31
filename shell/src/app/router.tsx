import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Spinner } from 'common/ui/spinner';
import { LandingPage } from '../features/landing/landing-page';
import { RedirectIfSignedIn, RequireAuth, RequireRole } from './guards';
import { RemotePage } from './remote-page';

// Only the landing page ships in the first chunk; everything a visitor may never open
// (the forms, the signed-in layout) loads when its route is opened.
const LoginPage = lazy(() =>
  import('../features/auth/login-page').then((module) => ({ default: module.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/register-page').then((module) => ({ default: module.RegisterPage })),
);
const AppLayout = lazy(() =>
  import('../features/layout/app-layout').then((module) => ({ default: module.AppLayout })),
);

function Deferred({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="ui-page-loading">
          <Spinner label="Loading page" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RedirectIfSignedIn />,
      children: [
        { path: '/', element: <LandingPage /> },
        { path: '/login', element: <Deferred><LoginPage /></Deferred> },
        { path: '/register', element: <Deferred><RegisterPage /></Deferred> },
        // Any unknown path shows the landing page (SPEC.md §2).
        { path: '*', element: <LandingPage /> },
      ],
    },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <Deferred><AppLayout /></Deferred>,
          children: [
            { path: '/dashboard', element: <RemotePage remote="user" module="DashboardPage" /> },
            { path: '/summarize', element: <RemotePage remote="user" module="SummarizePage" /> },
            { path: '/history', element: <RemotePage remote="user" module="HistoryPage" /> },
            {
              element: <RequireRole area="admin" />,
              children: [{ path: '/admin', element: <RemotePage remote="admin" module="AdminPage" /> }],
            },
            {
              element: <RequireRole area="editor" />,
              children: [{ path: '/editor', element: <RemotePage remote="editor" module="EditorPage" /> }],
            },
            {
              element: <RequireRole area="reviewer" />,
              children: [
                { path: '/reviewer', element: <RemotePage remote="reviewer" module="ReviewerPage" /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
