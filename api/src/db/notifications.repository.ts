import { sql } from 'kysely';
import type { DbExecutor } from './database';
import type { NotificationKind, NotificationRow } from './schema';
import type { PageWindow } from '../lib/page-query';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  message: string;
  summaryId?: string | null;
}

/**
 * Tells a user that something happened to them. Call it in the same transaction as the event
 * it announces, so there is never a notification without its event, nor the reverse.
 */
export async function appendNotification(
  db: DbExecutor,
  notification: NewNotification,
): Promise<NotificationRow> {
  return db
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      kind: notification.kind,
      message: notification.message,
      summary_id: notification.summaryId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One page of a user's notifications, newest first. */
export function listNotifications(
  db: DbExecutor,
  userId: string,
  page: PageWindow,
): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countNotifications(
  db: DbExecutor,
  userId: string,
): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where read_at is null))::int`.as('unread'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: row.total, unread: row.unread };
}

/** Marks the user's unread notifications read: those of `ids`, or all when `ids` is undefined. */
export async function markNotificationsRead(
  db: DbExecutor,
  userId: string,
  ids: readonly string[] | undefined,
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== undefined) {
    if (ids.length === 0) return;
    query = query.where('id', 'in', ids);
  }
  await query.execute();
}
