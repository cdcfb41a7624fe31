import { Hono } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { validate } from '../../lib/validation';
import { requireAuth } from '../../middleware/auth';
import { markReadSchema, notificationsQuerySchema } from './notifications.schemas';
import { getNotifications, markRead } from './notifications.service';

/** /api/notifications: the signed-in user's own notifications. */
export const notificationsRoutes = new Hono<AuthEnv>()
  .use(requireAuth)
  .get('/', validate('query', notificationsQuerySchema), async (c) => {
    const page = await getNotifications(c.var.deps, c.var.user.id, c.req.valid('query'));
    return c.json(successEnvelope(page), 200);
  })
  .post('/read', validate('json', markReadSchema), async (c) => {
    const unread = await markRead(c.var.deps, c.var.user.id, c.req.valid('json').ids);
    return c.json(successEnvelope({ unread }), 200);
  });
