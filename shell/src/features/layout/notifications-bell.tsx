import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from 'common/error-message';
import { announceServerChange } from 'common/live-updates';
import {
  NOTIFICATIONS_FALLBACK,
  getNotifications,
  markNotificationsRead,
  notificationTarget,
} from 'common/notifications-api';
import type { AppNotification, NotificationsPage } from 'common/notifications-api';
import { Link } from 'common/router';
import { selectSession } from 'common/session';
import { useAppSelector } from 'common/store';
import { BellIcon } from 'common/ui/icons';
import { Spinner } from 'common/ui/spinner';
import { When } from 'common/ui/when';
import './notifications-bell.css';

/** No polling faster than this (issue 11); navigation and the credits refresh also reload. */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** How many notifications the panel shows. */
const PANEL_SIZE = 10;

/** The bell's accessible name, with the unread count in it. */
export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications, none unread';
  return `Notifications, ${unread} unread`;
}

/**
 * The navbar's bell: the count of unread notifications, and a panel of the newest ones; opening
 * the panel marks them read. It reloads whenever the user's data is refreshed (each navigation
 * and the credits refresh button end one) and at most once a minute otherwise.
 */
export function NotificationsBell() {
  const { refreshLoading, user } = useAppSelector(selectSession);
  const [notifications, setNotifications] = useState<AppNotification[]>([]);
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The ids that were unread when the panel opened: they keep their "New" mark while it is open. */
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = `notifications${useId()}`;
  const userId = user?.id;
  /** The notifications loaded so far; null before the first load. */
  const seenIds = useRef<Set<string> | null>(null);

  // A notification that was not there at the last load means the server's state moved
  // (credits approved, a review): the user and the screens that show it refresh.
  const noteArrivals = useCallback((loaded: readonly AppNotification[] | undefined) => {
    if (!Array.isArray(loaded)) return;
    const seen = seenIds.current;
    const arrived =
      seen !== null && loaded.some((item) => item.readAt === null && !seen.has(item.id));
    seenIds.current = new Set([...(seen ?? []), ...loaded.map((item) => item.id)]);
    if (arrived) announceServerChange();
  }, []);

  const load = useCallback(
    (): Promise<NotificationsPage | null> =>
      getNotifications(PANEL_SIZE).then(
        (page) => {
          noteArrivals(page.notifications);
          setNotifications(page.notifications);
          setUnread(page.unread);
          setFailure(null);
          return page;
        },
        (error: unknown) => {
          setFailure(errorMessage(error, NOTIFICATIONS_FALLBACK));
          return null;
        },
      ),
    [noteArrivals],
  );

  // A refresh of the user's data ending (the layout starts one on each navigation, the credits
  // button another) reloads the bell too.
  const wasRefreshing = useRef(false);
  useEffect(() => {
    if (refreshLoading) {
      wasRefreshing.current = true;
      return;
    }
    if (!wasRefreshing.current || !userId) return;
    wasRefreshing.current = false;
    void load();
  }, [refreshLoading, userId, load]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, NOTIFICATIONS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // Esc and a click outside close the panel.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        close(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  const openPanel = async () => {
    setOpen(true);
    setLoading(true);
    const page = await load();
    setLoading(false);
    if (!page) return;
    const unreadIds = page.notifications
      .filter((item) => item.readAt === null)
      .map((item) => item.id);
    setFresh(new Set(unreadIds));
    if (unreadIds.length === 0) return;
    try {
      setUnread(await markNotificationsRead(unreadIds));
      const readAt = new Date().toISOString();
      setNotifications((items) =>
        items.map((item) => (unreadIds.includes(item.id) ? { ...item, readAt } : item)),
      );
    } catch {
      // Still unread on the server: the count stays, and the next open tries again.
    }
  };

  return (
    <div className="shell-bell">
      <button
        ref={buttonRef}
        type="button"
        className="shell-bell__button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : void openPanel())}
      >
        <BellIcon size={18} />
        {unread > 0 ? (
          <span className="shell-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          className="shell-bell__panel"
        >
          <h2 className="shell-bell__title">Notifications</h2>
          {loading && notifications.length === 0 ? (
            <Spinner label="Loading notifications" />
          ) : failure ? (
            <p role="alert" className="shell-bell__empty">
              {failure}
            </p>
          ) : notifications.length === 0 ? (
            <p className="shell-bell__empty">
              Nothing new. Reviews of your summaries and changes to your credits show here.
            </p>
          ) : (
            <ul className="shell-bell__list">
              {notifications.map((item) => (
                <li key={item.id}>
                  <Link
                    to={notificationTarget(item, user?.role)}
                    className="shell-bell__item"
                    onClick={() => close(false)}
                  >
                    {fresh.has(item.id) ? <span className="shell-bell__new">New</span> : null}
                    <span className="shell-bell__message">{item.message}</span>
                    <When className="shell-bell__date" value={item.createdAt} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
