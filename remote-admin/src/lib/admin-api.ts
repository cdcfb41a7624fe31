// The admin remote's calls to the staff API (API.md "Routes": /api/admin/...), in one place.
import { FALLBACK_MESSAGES, api, request } from 'common/api-client';
import type { SuccessBody } from 'common/api-client';
import type { Role } from 'common/roles';
import type { StaffSummary } from 'common/staff-summary';
import { getStaffSummaries } from 'common/staff-summaries-api';
import type { User } from 'common/user';

/** GET /api/admin/users `data`: every user and their statistics. */
export type AdminUsers = SuccessBody<Awaited<ReturnType<typeof api.admin.users.$get>>>['data'];

/** `{ totalUsers, totalCredits, roleDistribution: { user, editor, reviewer, admin } }`. */
export type AdminStatistics = AdminUsers['statistics'];

/** SPEC.md §9: the admin page lists at most 50 summaries. */
export const ADMIN_SUMMARIES_LIMIT = 50;

/** GET /api/admin/users: every user with the statistics. */
export async function getUsers(): Promise<AdminUsers> {
  const body = await request(
    () => api.admin.users.$get({ query: {} }),
    FALLBACK_MESSAGES.fetchUsers,
  );
  return body.data;
}

/** PUT /api/admin/users/:id/recharge with a whole number of credits; the updated user. */
export async function rechargeUser(id: string, credits: number): Promise<User> {
  const body = await request(
    () => api.admin.users[':id'].recharge.$put({ param: { id }, json: { credits } }),
    FALLBACK_MESSAGES.addCredits,
  );
  return body.data.user;
}

/** PUT /api/admin/users/:id/role; the updated user. */
export async function changeUserRole(id: string, role: Role): Promise<User> {
  const body = await request(
    () => api.admin.users[':id'].role.$put({ param: { id }, json: { role } }),
    FALLBACK_MESSAGES.changeRole,
  );
  return body.data.user;
}

/** DELETE /api/admin/users/:id (their summaries go with them). */
export async function deleteUser(id: string): Promise<void> {
  await request(
    () => api.admin.users[':id'].$delete({ param: { id } }),
    FALLBACK_MESSAGES.deleteUser,
  );
}

/** GET /api/admin/summaries?limit=50: everyone's summaries, newest first, with their authors. */
export function getAllSummaries(): Promise<StaffSummary[]> {
  return getStaffSummaries(ADMIN_SUMMARIES_LIMIT);
}
