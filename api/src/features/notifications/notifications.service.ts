import type { NotificationKind, NotificationRow } from '../../db/schema';
import type { AppDeps } from '../../app-env';
import { pageWindow, toPaginationDto } from '../../lib/page-query';
import type { PaginationDto } from '../../lib/page-query';
import {
  countNotifications,
  listNotifications,
  markNotificationsRead,
} from '../../db/notifications.repository';
import type { NotificationsQuery } from './notifications.schemas';

/** One notification as GET /api/notifications shows it. */
export interface NotificationDto {
  id: string;
  kind: NotificationKind;
  message: string;
  summaryId: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationsPageDto {
  notifications: NotificationDto[];
  unread: number;
  pagination: PaginationDto;
}

function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    summaryId: row.summary_id,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  };
}

/** One page of the user's notifications, newest first, with the count of unread ones. */
export async function getNotifications(
  deps: AppDeps,
  userId: string,
  query: NotificationsQuery,
): Promise<NotificationsPageDto> {
  const [rows, counts] = await Promise.all([
    listNotifications(deps.db, userId, pageWindow(query)),
    countNotifications(deps.db, userId),
  ]);
  return {
    notifications: rows.map(toNotificationDto),
    unread: counts.unread,
    pagination: toPaginationDto(query.page, query.limit, counts.total),
  };
}

/** Marks the user's notifications of `ids` (all when absent) read; returns how many stay unread. */
export async function markRead(
  deps: AppDeps,
  userId: string,
  ids: readonly string[] | undefined,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    await markNotificationsRead(trx, userId, ids);
    return (await countNotifications(trx, userId)).unread;
  });
}
