import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { createApiThunk } from 'common/api-thunk';
import type { LoadStatus } from 'common/load-status';
import { ROLES } from 'common/roles';
import type { Role } from 'common/roles';
import { deleteStaffSummary, updateStaffSummary } from 'common/staff-summaries-api';
import type { StaffSummary } from 'common/staff-summary';
import type { User } from 'common/user';
import {
  changeUserRole,
  deleteUser,
  getAllSummaries,
  getUsers,
  rechargeUser,
} from '../../lib/admin-api';
import type { AdminStatistics } from '../../lib/admin-api';

/** What the admin page's stat cards, users tab and summaries tab share. */
export interface AdminState {
  users: User[];
  statistics: AdminStatistics | null;
  usersStatus: LoadStatus;
  usersError: string | null;
  summaries: StaffSummary[];
  summariesStatus: LoadStatus;
  summariesError: string | null;
}

export const initialAdminState: AdminState = {
  users: [],
  statistics: null,
  usersStatus: 'idle',
  usersError: null,
  summaries: [],
  summariesStatus: 'idle',
  summariesError: null,
};

type WithAdmin = { admin?: AdminState };

/** The admin state; its initial value until the slice has seen its first action. */
export const selectAdmin = (state: WithAdmin): AdminState => state.admin ?? initialAdminState;

const notLoading = (key: 'usersStatus' | 'summariesStatus') => (_: unknown, state: WithAdmin) =>
  selectAdmin(state)[key] !== 'loading';

export const fetchAdminUsers = createApiThunk<
  Awaited<ReturnType<typeof getUsers>>,
  void,
  WithAdmin
>('admin/fetchUsers', FALLBACK_MESSAGES.fetchUsers, getUsers, {
  condition: notLoading('usersStatus'),
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

export const fetchAdminSummaries = createApiThunk<StaffSummary[], void, WithAdmin>(
  'admin/fetchSummaries',
  FALLBACK_MESSAGES.fetchSummaries,
  () => getAllSummaries(),
  { condition: notLoading('summariesStatus') },
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

/** The statistics of a complete user list, kept in step after each change. */
export function statisticsOf(users: readonly User[]): AdminStatistics {
  const roleDistribution = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<
    Role,
    number
  >;
  let totalCredits = 0;
  for (const user of users) {
    totalCredits += user.credits;
    roleDistribution[user.role] += 1;
  }
  return { totalUsers: users.length, totalCredits, roleDistribution };
}

function replaceUser(state: AdminState, user: User): void {
  state.users = state.users.map((current) => (current.id === user.id ? user : current));
  state.statistics = statisticsOf(state.users);
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
        state.statistics = payload.statistics;
      })
      .addCase(fetchAdminUsers.rejected, (state, { payload }) => {
        state.usersStatus = 'failed';
        state.usersError = payload?.message ?? FALLBACK_MESSAGES.fetchUsers;
      })
      .addCase(addCredits.fulfilled, (state, { payload }) => replaceUser(state, payload))
      .addCase(changeRole.fulfilled, (state, { payload }) => replaceUser(state, payload))
      .addCase(removeUser.fulfilled, (state, { meta }) => {
        state.users = state.users.filter((user) => user.id !== meta.arg);
        state.statistics = statisticsOf(state.users);
        // API.md: a deleted user's summaries go with them.
        state.summaries = state.summaries.filter((summary) => summary.user?.id !== meta.arg);
      })
      .addCase(fetchAdminSummaries.pending, (state) => {
        state.summariesStatus = 'loading';
        state.summariesError = null;
      })
      .addCase(fetchAdminSummaries.fulfilled, (state, { payload }) => {
        state.summariesStatus = 'succeeded';
        state.summaries = payload;
      })
      .addCase(fetchAdminSummaries.rejected, (state, { payload }) => {
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
      });
  },
});

declare module 'common/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof adminSlice> {}
}
