import { useEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { announceServerChange, onServerChange } from 'common/live-updates';
import { Outlet, useLocation, useNavigate } from 'common/router';
import { refreshUser, selectIsAuthenticated } from 'common/session';
import { useAppDispatch, useAppSelector } from 'common/store';
import { Button } from 'common/ui/button';
import { Dialog } from 'common/ui/dialog';
import { ShieldIcon } from 'common/ui/icons';
import { Toaster } from 'common/ui/toast';
import { Navbar } from './navbar';
import { useFocusPageHeading } from './use-focus-page-heading';
import '../../components/site-header.css';
import './app-layout.css';

/** The role guards redirect to /dashboard with `{ accessDenied: true }` in the history state. */
function isAccessDenied(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'accessDenied' in state &&
    state.accessDenied === true
  );
}

/** A focus and a visibilitychange arriving together count as one return to the tab. */
const RETURN_QUIET_MS = 2_000;

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main-content');
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/**
 * The signed-in shell: navbar, the page in a main landmark (with a skip link), toasts, and the
 * Access Denied dialog. Each protected page refreshes the user's data (credits) when it opens.
 */
export function AppLayout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const accessDenied = isAccessDenied(location.state);
  const [deniedOpen, setDeniedOpen] = useState(false);
  const [seenDeniedKey, setSeenDeniedKey] = useState<string | null>(null);
  const main = useRef<HTMLElement>(null);
  // A new page takes focus to its h1, once here for every page of every remote.
  useFocusPageHeading(main, location.pathname, accessDenied || deniedOpen);

  // A new access-denied redirect opens the dialog (derived from navigation, during render).
  if (accessDenied && seenDeniedKey !== location.key) {
    setSeenDeniedKey(location.key);
    setDeniedOpen(true);
  }

  useEffect(() => {
    if (isAuthenticated) void dispatch(refreshUser());
  }, [dispatch, isAuthenticated, location.pathname]);

  // Anything that may have changed the person's data on the server (a notification arrived, the
  // tab came back into view) refreshes the user (credits, role); the screens that depend on the
  // rest reload through the same announcement (common/live-updates).
  useEffect(() => {
    if (!isAuthenticated) return;
    const stopListening = onServerChange(() => void dispatch(refreshUser()));
    let lastReturn = 0;
    const onReturn = () => {
      if (document.visibilityState !== 'visible') return;
      const now = Date.now();
      if (now - lastReturn < RETURN_QUIET_MS) return;
      lastReturn = now;
      announceServerChange();
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      stopListening();
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [dispatch, isAuthenticated]);

  // Clear the flag from history so reloading or going back does not show the dialog again.
  useEffect(() => {
    if (!accessDenied) return;
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: null,
    });
  }, [accessDenied, navigate, location.pathname, location.search, location.hash]);

  return (
    <div className="shell-app">
      <a href="#main-content" className="ui-skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <Navbar />
      <main ref={main} id="main-content" tabIndex={-1} className="shell-main">
        <Outlet />
      </main>
      <Toaster />
      <Dialog
        open={deniedOpen}
        onOpenChange={setDeniedOpen}
        role="alertdialog"
        size="sm"
        hideClose
        icon={<ShieldIcon size={24} />}
        className="shell-denied"
        title="Access Denied"
        description="You don't have permission to access this page."
        footer={
          <Button
            data-autofocus
            onClick={() => {
              setDeniedOpen(false);
              if (location.pathname !== '/dashboard') void navigate('/dashboard');
            }}
          >
            Go to Dashboard
          </Button>
        }
      />
    </div>
  );
}
