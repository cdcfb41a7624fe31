import { Navigate, Outlet, useLocation } from 'common/router';
import { useAppSelector } from 'common/store';
import { selectSession } from 'common/session';
import { canAccess } from 'common/roles';
import type { StaffArea } from 'common/roles';
import { Spinner } from 'common/ui/spinner';
import { loginRedirectTarget } from '../features/auth/login-redirect';

/** Where a signed-out visitor was going, so login can send them back there. */
export interface LoginRedirectState {
  from: string;
}

/** Signed-in routes: a spinner while auth loads, /login (remembering the origin) when signed out. */
export function RequireAuth() {
  const { isAuthenticated, loading } = useAppSelector(selectSession);
  const location = useLocation();
  if (loading && !isAuthenticated) {
    return (
      <div className="ui-page-loading">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  if (!isAuthenticated) {
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}${location.hash}`,
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** Landing, /login and /register send a signed-in user to /dashboard. */
export function RedirectIfSignedIn() {
  const { isAuthenticated } = useAppSelector(selectSession);
  const location = useLocation();
  // After signing in on /login, go straight to the page the visitor was sent away from.
  if (isAuthenticated) return <Navigate to={loginRedirectTarget(location.state)} replace />;
  return <Outlet />;
}

/**
 * Staff areas: a role that may not open the area goes to /dashboard with the access-denied
 * message, before the area's remote is ever registered or fetched.
 */
export function RequireRole({ area }: { area: StaffArea }) {
  const role = useAppSelector((state) => selectSession(state).user?.role);
  if (!role || !canAccess(role, area)) {
    return <Navigate to="/dashboard" replace state={{ accessDenied: true }} />;
  }
  return <Outlet />;
}
