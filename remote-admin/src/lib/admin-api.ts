// The admin remote's calls to the staff API (API.md "Routes": /api/admin/...), in one place.
import { FALLBACK_MESSAGES, api, request } from 'common/api-client';
import type { SuccessBody } from 'common/api-client';
import type { Role } from 'common/roles';
import { getStaffSummaries } from 'common/staff-summaries-api';
import type { StaffSummaryPage } from 'common/staff-summary';
import type { User } from 'common/user';

/** GET /api/admin/users `data`: a page of users, the statistics of every user, the pagination. */
export type AdminUsers = SuccessBody<Awaited<ReturnType<typeof api.admin.users.$get>>>['data'];

/** `{ totalUsers, totalCredits, roleDistribution: { user, editor, reviewer, admin } }`. */
export type AdminStatistics = AdminUsers['statistics'];

/** SPEC.md §9: the admin page lists 50 summaries a page; the users table as many. */
export const ADMIN_SUMMARIES_LIMIT = 50;
export const ADMIN_USERS_LIMIT = 50;

/** The admin lists' query (API.md "Additions"): page, limit, and q, role, status or userId. */
export type AdminListQuery = Record<string, string>;

/** GET /api/admin/users?page&limit&q&role: a page of users with everyone's statistics. */
export async function getUsers(query: AdminListQuery): Promise<AdminUsers> {
  const body = await request(() => api.admin.users.$get({ query }), FALLBACK_MESSAGES.fetchUsers);
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

/** GET /api/admin/summaries?page&limit&q&status&userId: everyone's, newest first, with authors. */
export function getAllSummaries(query: AdminListQuery): Promise<StaffSummaryPage> {
  return getStaffSummaries(query);
}
