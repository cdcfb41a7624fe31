import type { InferResponseType } from 'hono/client';
import { api, request } from 'common/api-client';

/** `data` of GET /api/notifications (API.md "Additions"), from the api's types. */
type NotificationsData = InferResponseType<typeof api.notifications.$get, 200>['data'];

/** One notification. */
export type AppNotification = NotificationsData['notifications'][number];

/** The newest notifications and the count of unread ones. */
export type NotificationsPage = Pick<NotificationsData, 'notifications' | 'unread'>;

export const NOTIFICATIONS_FALLBACK = 'Failed to load notifications';
const MARK_READ_FALLBACK = 'Failed to mark notifications read';

/** GET /api/notifications: the newest `limit` notifications and the count of unread ones. */
export async function getNotifications(limit = 10): Promise<NotificationsPage> {
  const body = await request(
    () => api.notifications.$get({ query: { page: '1', limit: String(limit) } }),
    NOTIFICATIONS_FALLBACK,
  );
  return { notifications: body.data.notifications, unread: body.data.unread };
}

/** POST /api/notifications/read: marks these (all when left out) read; returns the unread count. */
export async function markNotificationsRead(ids?: string[]): Promise<number> {
  const body = await request(
    () => api.notifications.read.$post({ json: ids ? { ids } : {} }),
    MARK_READ_FALLBACK,
  );
  return body.data.unread;
}

/**
 * Where a notification leads: the summary's history, the credits page, or the dashboard; an
 * admin's `request` notification (a user asked for credits) to the admin's Credit requests tab.
 */
export function notificationTarget(notification: AppNotification, role?: string): string {
  switch (notification.kind) {
    case 'review':
      return notification.summaryId
        ? `/history?summary=${encodeURIComponent(notification.summaryId)}`
        : '/history';
    case 'request':
      return role === 'admin' ? '/admin?tab=credit-requests' : '/credits';
    case 'credits':
      return '/credits';
    default:
      return '/dashboard';
  }
}
