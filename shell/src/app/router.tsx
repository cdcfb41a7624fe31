import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'common/router';
import { Spinner } from 'common/ui/spinner';
import { LandingPage } from '../features/landing/landing-page';
import { RedirectIfSignedIn, RequireAuth, RequireRole } from './guards';

// Only the landing page ships in the first chunk; everything a visitor may never open
// (the forms, the signed-in layout, the remote loader) loads when its route is opened. The
// forms' chunks are named: their prerendered documents preload them (shell/build/prerender.mjs).
const LoginPage = lazy(() =>
  import(/* webpackChunkName: "login" */ '../features/auth/login-page').then((module) => ({
    default: module.LoginPage,
  })),
);
const RegisterPage = lazy(() =>
  import(/* webpackChunkName: "register" */ '../features/auth/register-page').then((module) => ({
    default: module.RegisterPage,
  })),
);
// The public page of a shared summary: shared.html preloads it.
const SharedSummaryPage = lazy(() =>
  import(/* webpackChunkName: "shared" */ '../features/shared/shared-summary-page').then(
    (module) => ({ default: module.SharedSummaryPage }),
  ),
);
// The signed-in layout and the remote loader share one chunk, which app.html preloads.
const AppLayout = lazy(() =>
  import(/* webpackChunkName: "app" */ '../features/layout/app-layout').then((module) => ({
    default: module.AppLayout,
  })),
);
const RemotePage = lazy(() =>
  import(/* webpackChunkName: "app" */ './remote-page').then((module) => ({
    default: module.RemotePage,
  })),
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

/** Every route of the portal (SPEC.md §2); remotes render inside the signed-in layout. */
export function AppRoutes() {
  return (
    <Routes>
      {/* A shared summary is for anyone with the link, signed in or not. */}
      <Route
        path="/s/:token"
        element={
          <Deferred>
            <SharedSummaryPage />
          </Deferred>
        }
      />
      <Route element={<RedirectIfSignedIn />}>
        <Route path="/" element={<LandingPage />} />
        <Route
          path="/login"
          element={
            <Deferred>
              <LoginPage />
            </Deferred>
          }
        />
        <Route
          path="/register"
          element={
            <Deferred>
              <RegisterPage />
            </Deferred>
          }
        />
        {/* Any unknown path shows the landing page. */}
        <Route path="*" element={<LandingPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route
          element={
            <Deferred>
              <AppLayout />
            </Deferred>
          }
        >
          <Route path="/dashboard" element={<RemotePage remote="user" module="DashboardPage" />} />
          <Route path="/summarize" element={<RemotePage remote="user" module="SummarizePage" />} />
          <Route path="/history" element={<RemotePage remote="user" module="HistoryPage" />} />
          <Route path="/credits" element={<RemotePage remote="user" module="CreditsPage" />} />
          <Route element={<RequireRole area="admin" />}>
            <Route path="/admin" element={<RemotePage remote="admin" module="AdminPage" />} />
          </Route>
          <Route element={<RequireRole area="editor" />}>
            <Route path="/editor" element={<RemotePage remote="editor" module="EditorPage" />} />
          </Route>
          <Route element={<RequireRole area="reviewer" />}>
            <Route
              path="/reviewer"
              element={<RemotePage remote="reviewer" module="ReviewerPage" />}
            />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
