import { z } from 'zod';
import { jsonObjectBody, pageQueryFields } from '../../lib/validation';

/** Notifications per page when the query names no limit. */
export const DEFAULT_NOTIFICATIONS_LIMIT = 20;
const IDS_MESSAGE = 'ids must be a list of notification ids';

/** GET /api/notifications: page, limit 1..100 (default 20). */
export const notificationsQuerySchema = z.object(pageQueryFields(DEFAULT_NOTIFICATIONS_LIMIT));

/** POST /api/notifications/read: the ids to mark read, or none for all. */
export const markReadSchema = z.object(
  {
    ids: z
      .array(z.uuid({ error: IDS_MESSAGE }), { error: IDS_MESSAGE })
      .max(100, 'At most 100 ids at a time')
      .optional(),
  },
  jsonObjectBody,
);

export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;
