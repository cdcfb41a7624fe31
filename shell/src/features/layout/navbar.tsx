import { Suspense, lazy, useState } from 'react';
import type { ComponentType } from 'react';
import { Link, NavLink, useNavigate } from 'common/router';
import { navItemsFor, roleBadgeVariant, roleLabel } from 'common/roles';
import { logout, refreshUser, selectSession } from 'common/session';
import { useAppDispatch, useAppSelector } from 'common/store';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import {
  ClipboardCheckIcon,
  CoinsIcon,
  FileTextIcon,
  HistoryIcon,
  LayoutIcon,
  LogOutIcon,
  MenuIcon,
  PencilIcon,
  RefreshIcon,
  ShieldIcon,
} from 'common/ui/icons';
import type { IconProps } from 'common/ui/icons';
import { Sheet } from 'common/ui/sheet';
import type { User } from 'common/user';
import { BrandLink } from '../../components/brand-link';
import { SignedOutLinks } from '../../components/signed-out-links';
import { NotificationsBell } from './notifications-bell';

// The account dialogs load when first opened: every signed-in page shows the navbar, few open them.
const ChangePasswordDialog = lazy(() =>
  import('./account-dialogs').then((module) => ({ default: module.ChangePasswordDialog })),
);
const SignOutEverywhereDialog = lazy(() =>
  import('./account-dialogs').then((module) => ({ default: module.SignOutEverywhereDialog })),
);

const navIcons: Record<string, ComponentType<IconProps>> = {
  '/dashboard': LayoutIcon,
  '/summarize': FileTextIcon,
  '/history': HistoryIcon,
  '/credits': CoinsIcon,
  '/admin': ShieldIcon,
  '/editor': PencilIcon,
  '/reviewer': ClipboardCheckIcon,
};

function NavLinks({ role, onNavigate }: { role: string; onNavigate?: () => void }) {
  return (
    <ul className="shell-nav__list">
      {navItemsFor(role).map(({ to, label }) => {
        const Icon = navIcons[to];
        return (
          <li key={to}>
            <NavLink to={to} end className="shell-nav__link" onClick={onNavigate}>
              {Icon ? <Icon /> : null}
              {label}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The credit chip, a warning at 1 credit or none. In the top bar it links to the Credits page;
 * in the side menu (`linked={false}`) it is plain text, the menu listing only pages.
 */
function Credits({ credits, linked = true }: { credits: number; linked?: boolean }) {
  const low = credits <= 1;
  const className = low
    ? 'shell-credits__amount shell-credits__amount--low'
    : 'shell-credits__amount';
  const content = (
    <>
      <CoinsIcon />
      <span>
        <strong>{credits}</strong> {credits === 1 ? 'credit' : 'credits'}
      </span>
    </>
  );
  if (!linked) {
    return (
      <span className={className} aria-live="polite">
        {content}
      </span>
    );
  }
  return (
    <Link
      to="/credits"
      className={className}
      aria-live="polite"
      title={low ? 'Running low on credits: see your credits' : 'See your credits'}
    >
      {content}
    </Link>
  );
}

function RefreshCreditsButton({ busy, onRefresh }: { busy: boolean; onRefresh: () => void }) {
  return (
    <button
      type="button"
      className="shell-credits__refresh"
      aria-label="Refresh credits"
      aria-busy={busy || undefined}
      onClick={onRefresh}
    >
      <RefreshIcon className={busy ? 'ui-spin' : undefined} />
    </button>
  );
}

function UserSummary({ user }: { user: User }) {
  return (
    <span className="shell-user">
      <span className="shell-user__name" title={user.name}>
        {user.name}
      </span>
      <Badge variant={roleBadgeVariant(user.role)}>{roleLabel(user.role)}</Badge>
    </span>
  );
}

/** What a signed-out visitor sees: Login and Get Started. */
function PublicNavbar() {
  return (
    <header className="site-header--sticky shell-navbar">
      <div className="site-header__bar shell-navbar__top">
        <BrandLink />
        <SignedOutLinks className="shell-navbar__public" />
      </div>
    </header>
  );
}

/**
 * The top bar (SPEC.md "Navigation bar"): the role's pages, credits with a refresh button, the
 * name, a role badge, Change password, Sign out of all devices and Logout; under 1,024 px the
 * pages and account move into a side menu.
 * Logout ends the session locally and opens /login, where a 401 also lands.
 */
export function Navbar() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user, isAuthenticated, refreshLoading } = useAppSelector(selectSession);
  const [menuOpen, setMenuOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [everywhereOpen, setEverywhereOpen] = useState(false);
  // Mounted from their first opening on, so a dialog closes (and gives focus back) as it opened.
  const [accountDialogsUsed, setAccountDialogsUsed] = useState(false);

  if (!isAuthenticated || !user) return <PublicNavbar />;

  const refresh = () => void dispatch(refreshUser());
  const signOut = () => {
    setMenuOpen(false);
    dispatch(logout());
    void navigate('/login', { replace: true });
  };
  const openPassword = () => {
    setMenuOpen(false);
    setAccountDialogsUsed(true);
    setPasswordOpen(true);
  };
  const openEverywhere = () => {
    setMenuOpen(false);
    setAccountDialogsUsed(true);
    setEverywhereOpen(true);
  };

  // The bar with its account actions (Change password, Sign out of all devices) fits only from
  // 1,024 px (app-layout.css), whatever the role's pages; below that the pages and the account
  // live in the side menu, like every list on a phone.
  return (
    <header className="site-header--sticky shell-navbar shell-navbar--wide">
      <div className="site-header__bar shell-navbar__top">
        <BrandLink to="/dashboard" label="Brevity dashboard" />
        <NotificationsBell />
        <div className="shell-navbar__account">
          <span className="shell-credits">
            <Credits credits={user.credits} />
            <RefreshCreditsButton busy={refreshLoading} onRefresh={refresh} />
          </span>
          <UserSummary user={user} />
          <Button variant="ghost" size="sm" onClick={openPassword}>
            Change password
          </Button>
          <Button variant="ghost" size="sm" onClick={openEverywhere}>
            Sign out of all devices
          </Button>
          <Button variant="ghost" size="sm" onClick={signOut}>
            <LogOutIcon />
            Logout
          </Button>
        </div>
        <div className="shell-navbar__compact">
          <span className="shell-credits shell-credits--compact">
            <Credits credits={user.credits} />
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon size={20} />
          </Button>
        </div>
      </div>
      <nav aria-label="Main" className="shell-nav">
        <NavLinks role={user.role} />
      </nav>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen} title="Menu" className="shell-menu">
        <div className="shell-menu__account">
          <UserSummary user={user} />
          <span className="shell-credits">
            <Credits credits={user.credits} linked={false} />
            <RefreshCreditsButton busy={refreshLoading} onRefresh={refresh} />
          </span>
        </div>
        <nav aria-label="Main" className="shell-nav shell-nav--vertical">
          <NavLinks role={user.role} onNavigate={() => setMenuOpen(false)} />
        </nav>
        <Button variant="ghost" block onClick={openPassword}>
          Change password
        </Button>
        <Button variant="ghost" block onClick={openEverywhere}>
          Sign out of all devices
        </Button>
        <Button variant="outline" block className="shell-menu__logout" onClick={signOut}>
          <LogOutIcon />
          Logout
        </Button>
      </Sheet>
      {accountDialogsUsed && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
          <SignOutEverywhereDialog open={everywhereOpen} onOpenChange={setEverywhereOpen} />
        </Suspense>
      )}
    </header>
  );
}
