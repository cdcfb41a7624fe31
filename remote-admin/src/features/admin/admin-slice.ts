import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { createApiThunk } from 'common/api-thunk';
import type { LoadStatus } from 'common/load-status';
import type { Role } from 'common/roles';
import { deleteStaffSummary, updateStaffSummary } from 'common/staff-summaries-api';
import type { ListPagination } from 'common/staff-summaries-api';
import type { StaffSummary, StaffSummaryPage } from 'common/staff-summary';
import type { User } from 'common/user';
import {
  changeUserRole,
  deleteUser,
  getAllSummaries,
  getUsers,
  rechargeUser,
} from '../../lib/admin-api';
import type { AdminListQuery, AdminStatistics, AdminUsers } from '../../lib/admin-api';

/** What the admin page's stat cards, users tab and summaries tab share. */
export interface AdminState {
  /** The users page shown (the URL's page, search and role). */
  users: User[];
  usersPagination: ListPagination | null;
  /** Every user's statistics, whatever the page shows. */
  statistics: AdminStatistics | null;
  usersStatus: LoadStatus;
  usersError: string | null;
  /** The summaries page shown (the URL's page, search, status and author). */
  summaries: StaffSummary[];
  summariesPagination: ListPagination | null;
  summariesStatus: LoadStatus;
  summariesError: string | null;
  /** Every summary on the server, for the Total Summaries card. */
  summariesTotal: number | null;
}

export const initialAdminState: AdminState = {
  users: [],
  usersPagination: null,
  statistics: null,
  usersStatus: 'idle',
  usersError: null,
  summaries: [],
  summariesPagination: null,
  summariesStatus: 'idle',
  summariesError: null,
  summariesTotal: null,
};

type WithAdmin = { admin?: AdminState };

/** The admin state; its initial value until the slice has seen its first action. */
export const selectAdmin = (state: WithAdmin): AdminState => state.admin ?? initialAdminState;

/** One page of users for the table; a newer request aborts the one before (dispatch().abort()). */
export const fetchAdminUsers = createApiThunk<AdminUsers, AdminListQuery, WithAdmin>(
  'admin/fetchUsers',
  FALLBACK_MESSAGES.fetchUsers,
  getUsers,
);

/**
 * The stat cards' figures: every user's statistics and the count of every summary, read from
 * the first one-row page of each list (API.md "Additions": the totals count every row).
 */
export const fetchAdminOverview = createApiThunk<
  { statistics: AdminStatistics; summariesTotal: number },
  void,
  WithAdmin
>('admin/fetchOverview', FALLBACK_MESSAGES.fetchUsers, async () => {
  const [users, summaries] = await Promise.all([
    getUsers({ page: '1', limit: '1' }),
    getAllSummaries({ page: '1', limit: '1' }),
  ]);
  return { statistics: users.statistics, summariesTotal: summaries.pagination.total };
});

export const addCredits = createApiThunk(
  'admin/addCredits',
  FALLBACK_MESSAGES.addCredits,
  ({ userId, credits }: { userId: string; credits: number }) => rechargeUser(userId, credits),
);

export const changeRole = createApiThunk(
  'admin/changeRole',
  FALLBACK_MESSAGES.changeRole,
  ({ userId, role }: { userId: string; role: Role }) => changeUserRole(userId, role),
);

export const removeUser = createApiThunk(
  'admin/removeUser',
  FALLBACK_MESSAGES.deleteUser,
  (userId: string) => deleteUser(userId),
);

/** One page of everyone's summaries; a newer request aborts the one before. */
export const fetchAdminSummaries = createApiThunk<StaffSummaryPage, AdminListQuery, WithAdmin>(
  'admin/fetchSummaries',
  FALLBACK_MESSAGES.fetchSummaries,
  getAllSummaries,
);

export const editSummary = createApiThunk(
  'admin/editSummary',
  FALLBACK_MESSAGES.updateSummary,
  ({ id, summarizedContent }: { id: string; summarizedContent: string }) =>
    updateStaffSummary(id, summarizedContent),
);

export const removeSummary = createApiThunk(
  'admin/removeSummary',
  FALLBACK_MESSAGES.deleteSummary,
  (id: string) => deleteStaffSummary(id),
);

/**
 * The statistics after one user changed (or went, `after` null): the page holds only some
 * users, so the totals move by the difference instead of being counted again.
 */
export function statisticsAfter(
  statistics: AdminStatistics,
  before: User,
  after: User | null,
): AdminStatistics {
  const roleDistribution = { ...statistics.roleDistribution };
  roleDistribution[before.role] = Math.max(0, roleDistribution[before.role] - 1);
  if (after) roleDistribution[after.role] += 1;
  return {
    totalUsers: statistics.totalUsers - (after ? 0 : 1),
    totalCredits: statistics.totalCredits - before.credits + (after?.credits ?? 0),
    roleDistribution,
  };
}

function replaceUser(state: AdminState, user: User): void {
  const before = state.users.find((current) => current.id === user.id);
  if (before && state.statistics)
    state.statistics = statisticsAfter(state.statistics, before, user);
  state.users = state.users.map((current) => (current.id === user.id ? user : current));
  // The author badges on the summaries tab follow a role change.
  for (const summary of state.summaries) {
    if (summary.user?.id === user.id) summary.user.role = user.role;
  }
}

export const adminSlice = createSlice({
  name: 'admin',
  initialState: initialAdminState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchAdminUsers.pending, (state) => {
        state.usersStatus = 'loading';
        state.usersError = null;
      })
      .addCase(fetchAdminUsers.fulfilled, (state, { payload }) => {
        state.usersStatus = 'succeeded';
        state.users = payload.users;
        state.usersPagination = payload.pagination;
        state.statistics = payload.statistics;
      })
      .addCase(fetchAdminUsers.rejected, (state, { payload, meta }) => {
        // A request aborted by a newer one (another page or search) leaves the newer in charge.
        if (meta.aborted) return;
        state.usersStatus = 'failed';
        state.usersError = payload?.message ?? FALLBACK_MESSAGES.fetchUsers;
      })
      .addCase(fetchAdminOverview.fulfilled, (state, { payload }) => {
        state.statistics = payload.statistics;
        state.summariesTotal = payload.summariesTotal;
      })
      .addCase(addCredits.fulfilled, (state, { payload }) => replaceUser(state, payload))
      .addCase(changeRole.fulfilled, (state, { payload }) => replaceUser(state, payload))
      .addCase(removeUser.fulfilled, (state, { meta }) => {
        const before = state.users.find((user) => user.id === meta.arg);
        if (before && state.statistics) {
          state.statistics = statisticsAfter(state.statistics, before, null);
        }
        state.users = state.users.filter((user) => user.id !== meta.arg);
        if (state.usersPagination) state.usersPagination.total -= 1;
        // API.md: a deleted user's summaries go with them; the next load counts them again.
        state.summaries = state.summaries.filter((summary) => summary.user?.id !== meta.arg);
      })
      .addCase(fetchAdminSummaries.pending, (state) => {
        state.summariesStatus = 'loading';
        state.summariesError = null;
      })
      .addCase(fetchAdminSummaries.fulfilled, (state, { payload }) => {
        state.summariesStatus = 'succeeded';
        state.summaries = payload.summaries;
        state.summariesPagination = payload.pagination;
      })
      .addCase(fetchAdminSummaries.rejected, (state, { payload, meta }) => {
        if (meta.aborted) return;
        state.summariesStatus = 'failed';
        state.summariesError = payload?.message ?? FALLBACK_MESSAGES.fetchSummaries;
      })
      .addCase(editSummary.fulfilled, (state, { payload }) => {
        state.summaries = state.summaries.map((summary) =>
          summary.id === payload.id ? { ...summary, ...payload } : summary,
        );
      })
      .addCase(removeSummary.fulfilled, (state, { meta }) => {
        state.summaries = state.summaries.filter((summary) => summary.id !== meta.arg);
        if (state.summariesPagination) state.summariesPagination.total -= 1;
        if (state.summariesTotal !== null) state.summariesTotal -= 1;
      });
  },
});

declare module 'common/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof adminSlice> {}
}
