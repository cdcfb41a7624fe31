import { appendAuditEvent } from '../../db/audit-events.repository';
import { grantCredits } from '../../db/credit-ledger.repository';
import { ROLES } from '../../db/schema';
import type { Role } from '../../db/schema';
import { findUserById } from '../../db/users.repository';
import type { UserRecord } from '../../db/user-record';
import { assertActingRole } from '../../domain/acting-user';
import { AppError } from '../../lib/app-error';
import { BALANCE_TOO_HIGH_MESSAGE } from '../../lib/product-constants';
import { appendNotification } from '../../db/notifications.repository';
import { creditsAddedMessage, roleChangedMessage } from '../../domain/notification-messages';
import type { AppDeps } from '../../app-env';
import { pageOffset } from '../../lib/page-query';
import type { AdminUsersQuery } from './admin.schemas';
import {
  countUsers,
  countUsersByRole,
  deleteUserById,
  findUserForUpdate,
  listUsersNewestFirst,
  lockAdmins,
  updateUserRole,
} from './admin-users.repository';

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const SELF_DELETE_MESSAGE = 'You cannot delete your own account';
export const LAST_ADMIN_DEMOTE_MESSAGE =
  'The last admin cannot be demoted. Make another user an admin first.';
export const LAST_ADMIN_DELETE_MESSAGE =
  'The last admin cannot be deleted. Make another user an admin first.';
export { BALANCE_TOO_HIGH_MESSAGE };
const NO_LONGER_ADMIN_MESSAGE = "You don't have permission to perform this action";

/** GET /api/admin/users `statistics`. */
export interface AdminUserStatistics {
  totalUsers: number;
  totalCredits: number;
  roleDistribution: Record<Role, number>;
}

export interface UsersWithStatistics {
  users: UserRecord[];
  statistics: AdminUserStatistics;
  /** How many users the filter matches. */
  total: number;
  page: number;
  limit: number;
}

export interface RoleChange {
  user: UserRecord;
  /** False when the user already had the role: nothing was written. */
  changed: boolean;
}

export function userNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', USER_NOT_FOUND_MESSAGE);
}

/**
 * One page of the users the query's search and role match, newest first, with the totals of
 * the admin page's stat cards, which count every user whatever the filter.
 */
export async function listUsersWithStatistics(
  deps: AppDeps,
  query: AdminUsersQuery,
): Promise<UsersWithStatistics> {
  const filter = { q: query.q, role: query.role };
  const offset = pageOffset(query.page, query.limit);
  const [byRole, total] = await Promise.all([
    countUsersByRole(deps.db),
    countUsers(deps.db, filter),
  ]);
  // Past the last page there is nothing to read (and a huge page number never reaches SQL).
  const users =
    offset < total
      ? await listUsersNewestFirst(deps.db, filter, { offset, limit: query.limit })
      : [];
  const roleDistribution = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<
    Role,
    number
  >;
  let totalUsers = 0;
  let totalCredits = 0;
  for (const row of byRole) {
    roleDistribution[row.role] = row.users;
    totalUsers += row.users;
    totalCredits += row.credits;
  }
  return {
    users,
    statistics: { totalUsers, totalCredits, roleDistribution },
    total,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Adds `credits` to the user's balance, with its ledger row (reason `recharge`, the admin as
 * actor) and an audit row, in one transaction. 404 for an unknown user.
 */
export async function rechargeUser(
  deps: AppDeps,
  actor: UserRecord,
  id: string,
  credits: number,
): Promise<UserRecord> {
  return deps.db.transaction().execute(async (trx) => {
    await assertActingRole(trx, actor.id, ['admin']);
    const moved = await grantCredits(trx, {
      userId: id,
      amount: credits,
      reason: 'recharge',
      actorId: actor.id,
    });
    if (!moved) {
      if (!(await findUserById(trx, id))) throw userNotFound();
      throw new AppError(400, 'VALIDATION_ERROR', BALANCE_TOO_HIGH_MESSAGE, [
        { field: 'credits', message: BALANCE_TOO_HIGH_MESSAGE },
      ]);
    }
    const { user } = moved;
    await appendAuditEvent(trx, {
      actorId: actor.id,
      action: 'user.credits_added',
      targetType: 'user',
      targetId: user.id,
      details: { credits, balanceAfter: user.credits },
    });
    await appendNotification(trx, {
      userId: user.id,
      kind: 'credits',
      message: creditsAddedMessage(credits, user.credits),
    });
    return user;
  });
}

/**
 * Gives the user `role`, effective on their next request without signing them out (decision
 * 0011), and tells them with a notification. The same role again
 * writes nothing. 409 when it would leave no admin: the admins are locked first (see
 * lockAdmins), so two concurrent demotions of the last two admins cannot both succeed.
 * 403 when the acting admin lost the role meanwhile.
 */
export async function changeUserRole(
  deps: AppDeps,
  actor: UserRecord,
  id: string,
  role: Role,
): Promise<RoleChange> {
  return deps.db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx);
    if (!admins.has(actor.id)) throw new AppError(403, 'FORBIDDEN', NO_LONGER_ADMIN_MESSAGE);
    const user = await findUserForUpdate(trx, id);
    if (!user) throw userNotFound();
    if (user.role === role) return { user, changed: false };
    if (user.role === 'admin' && admins.size <= 1) {
      throw new AppError(409, 'CONFLICT', LAST_ADMIN_DEMOTE_MESSAGE);
    }
    const updated = await updateUserRole(trx, id, role);
    await appendAuditEvent(trx, {
      actorId: actor.id,
      action: 'user.role_changed',
      targetType: 'user',
      targetId: id,
      details: { from: user.role, to: role },
    });
    await appendNotification(trx, {
      userId: id,
      kind: 'role',
      message: roleChangedMessage(user.role, role),
    });
    return { user: updated, changed: true };
  });
}

/**
 * Deletes another user; their summaries go with them. 400 for oneself, 404 for an unknown
 * user, 409 when it would leave no admin, 403 when the acting admin lost the role meanwhile.
 */
export async function deleteUser(deps: AppDeps, actor: UserRecord, id: string): Promise<void> {
  if (id.toLowerCase() === actor.id.toLowerCase()) {
    throw new AppError(400, 'VALIDATION_ERROR', SELF_DELETE_MESSAGE);
  }
  await deps.db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx);
    if (!admins.has(actor.id)) throw new AppError(403, 'FORBIDDEN', NO_LONGER_ADMIN_MESSAGE);
    const user = await findUserForUpdate(trx, id);
    if (!user) throw userNotFound();
    if (user.role === 'admin' && admins.size <= 1) {
      throw new AppError(409, 'CONFLICT', LAST_ADMIN_DELETE_MESSAGE);
    }
    const summaries = await deleteUserById(trx, id);
    if (summaries === undefined) throw userNotFound();
    await appendAuditEvent(trx, {
      actorId: actor.id,
      action: 'user.deleted',
      targetType: 'user',
      targetId: id,
      details: { role: user.role, credits: user.credits, summaries },
    });
  });
}
