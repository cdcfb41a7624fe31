import { Hono } from 'hono';
import type { AuthEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { toPaginationDto } from '../../lib/page-query';
import { toUserResponse } from '../../domain/user-response';
import { uuidParam, validate } from '../../lib/validation';
import { requireAuth, requireRole } from '../../middleware/auth';
import { adminUsersQuerySchema, changeRoleSchema, rechargeSchema } from './admin.schemas';
import {
  changeUserRole,
  deleteUser,
  listUsersWithStatistics,
  rechargeUser,
  userNotFound,
} from './admin-users.service';

/** /api/admin/users: admins manage accounts (credits, roles, deletion). */
export const adminUsersRoutes = new Hono<AuthEnv>()
  .use(requireAuth, requireRole('admin'))
  .get('/', validate('query', adminUsersQuerySchema), async (c) => {
    const list = await listUsersWithStatistics(c.var.deps, c.req.valid('query'));
    return c.json(
      successEnvelope({
        users: list.users.map(toUserResponse),
        statistics: list.statistics,
        pagination: toPaginationDto(list.page, list.limit, list.total),
      }),
      200,
    );
  })
  .put(
    '/:id/recharge',
    validate('json', rechargeSchema),
    uuidParam('id', userNotFound),
    async (c) => {
      const user = await rechargeUser(
        c.var.deps,
        c.var.user,
        c.req.param('id'),
        c.req.valid('json').credits,
      );
      return c.json(
        successEnvelope({ user: toUserResponse(user) }, 'Credits added successfully'),
        200,
      );
    },
  )
  .put(
    '/:id/role',
    validate('json', changeRoleSchema),
    uuidParam('id', userNotFound),
    async (c) => {
      const { user, changed } = await changeUserRole(
        c.var.deps,
        c.var.user,
        c.req.param('id'),
        c.req.valid('json').role,
      );
      return c.json(
        successEnvelope(
          { user: toUserResponse(user) },
          changed ? 'Role updated successfully' : 'The user already has this role',
        ),
        200,
      );
    },
  )
  .delete('/:id', uuidParam('id', userNotFound), async (c) => {
    const id = c.req.param('id');
    await deleteUser(c.var.deps, c.var.user, id);
    return c.json(successEnvelope({ id }, 'User deleted successfully'), 200);
  });
