import { Hono } from 'hono';
import type { AuthEnv } from '../../app-env';
import { adminSummariesRoutes } from './admin-summaries.routes';
import { adminUsersRoutes } from './admin-users.routes';

/**
 * /api/admin: accounts (admin only) and everyone's summaries (editor and admin). Each part
 * checks its own role, so an editor reaches /summaries and gets 403 on /users.
 */
export const adminRoutes = new Hono<AuthEnv>()
  .route('/users', adminUsersRoutes)
  .route('/summaries', adminSummariesRoutes);
