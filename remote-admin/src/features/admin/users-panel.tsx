import { useState } from 'react';
import { OutcomeDialog } from 'common/components/outcome-dialog';
import type { Outcome } from 'common/components/outcome-dialog';
import { ListControls, ListFilter, ListSearch } from 'common/components/list-controls';
import { PagedListPanel } from 'common/components/paged-list-panel';
import { usePagedListLoader } from 'common/list-params';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { errorMessage } from 'common/error-message';
import { ROLES, roleLabel } from 'common/roles';
import type { Role } from 'common/roles';
import { selectUser, updateUser } from 'common/session';
import { useAppDispatch, useAppSelector } from 'common/store';
import { ConfirmDialog } from 'common/ui/confirm-dialog';
import { EmptyState } from 'common/ui/empty-state';
import { UsersIcon } from 'common/ui/icons';
import type { User } from 'common/user';
import { AddCreditsDialog } from './add-credits-dialog';
import {
  addCredits,
  changeRole,
  fetchAdminOverview,
  fetchAdminUsers,
  removeUser,
  selectAdmin,
} from './admin-slice';
import { useAdminView } from './admin-view';
import { ADMIN_USERS_LIMIT } from '../../lib/admin-api';
import { ChangeRoleDialog } from './change-role-dialog';
import { RoleDistributionCard } from './role-distribution-card';
import { UsersTable } from './users-table';

/** The one dialog of the users tab (SPEC.md §4: one modal at a time). */
type UsersDialog =
  | { kind: 'credits'; user: User }
  | { kind: 'role'; user: User }
  | { kind: 'delete'; user: User }
  | Outcome;

function dialogUser(dialog: UsersDialog | null, kind: 'credits' | 'role' | 'delete') {
  return dialog?.kind === kind ? dialog.user : null;
}

/** The Users Management tab: the users table, the role distribution and their dialogs. */
export function UsersPanel() {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const { users, usersPagination, statistics, usersStatus, usersError } =
    useAppSelector(selectAdmin);
  const view = useAdminView();
  const reload = usePagedListLoader({
    view,
    query: view.query(ADMIN_USERS_LIMIT, ['role']),
    load: (query) => dispatch(fetchAdminUsers(query)),
    totalPages: usersPagination?.totalPages,
    loaded: usersStatus === 'succeeded',
  });
  const [dialog, setDialog] = useState<UsersDialog | null>(null);
  const close = () => setDialog(null);

  /** The admin's own session follows a change to their own account. */
  const syncSelf = (user: User) => {
    if (user.id === me?.id) dispatch(updateUser({ credits: user.credits, role: user.role }));
  };

  const submitCredits = async (user: User, credits: number) => {
    const updated = await dispatch(addCredits({ userId: user.id, credits })).unwrap();
    syncSelf(updated);
    setDialog({
      kind: 'success',
      title: 'Credits Added!',
      description: `${credits} credits added to ${updated.name}. New balance: ${updated.credits}.`,
    });
  };

  const submitRole = async (user: User, role: Role) => {
    const updated = await dispatch(changeRole({ userId: user.id, role })).unwrap();
    syncSelf(updated);
    setDialog({
      kind: 'success',
      title: 'Role Changed!',
      description: `${updated.name} is now ${roleLabel(updated.role)}.`,
    });
  };

  const confirmDelete = async (user: User) => {
    try {
      await dispatch(removeUser(user.id)).unwrap();
      setDialog({ kind: 'success', title: 'Deleted!', description: `${user.name} was deleted.` });
      // Their summaries went with them: the Total Summaries card counts again, the page refills.
      void dispatch(fetchAdminOverview());
      reload();
    } catch (error) {
      setDialog({ kind: 'error', message: errorMessage(error, FALLBACK_MESSAGES.deleteUser) });
    }
  };

  const creditsUser = dialogUser(dialog, 'credits');
  const roleUser = dialogUser(dialog, 'role');
  const deleteTarget = dialogUser(dialog, 'delete');
  return (
    <div className="admin-users">
      <PagedListPanel
        title="Users Management"
        description="Add credits, change roles and remove accounts."
        status={usersStatus}
        error={usersError}
        count={users.length}
        pagination={usersPagination}
        view={view}
        noun={['user', 'users']}
        pagesLabel="Users pages"
        empty={
          <EmptyState
            icon={<UsersIcon size={22} />}
            title="No users found"
            description={
              view.q || view.filters.role ? 'No user matches this search and role.' : undefined
            }
          />
        }
        onLoad={reload}
        controls={
          <ListControls>
            <ListSearch
              label="Search users"
              placeholder="Name or email"
              value={view.q}
              onSearch={view.setQuery}
            />
            <ListFilter
              label="Role"
              anyLabel="All roles"
              value={view.filters.role}
              options={ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
              onChange={(role) => view.setFilter('role', role)}
            />
          </ListControls>
        }
      >
        <UsersTable
          users={users}
          currentUserId={me?.id}
          onAddCredits={(user) => setDialog({ kind: 'credits', user })}
          onChangeRole={(user) => setDialog({ kind: 'role', user })}
          onDelete={(user) => setDialog({ kind: 'delete', user })}
        />
      </PagedListPanel>
      <RoleDistributionCard statistics={statistics} />
      {/* A fresh form for each user: the amount starts at 10 and the role unselected. */}
      <AddCreditsDialog
        key={`credits-${creditsUser?.id ?? ''}`}
        user={creditsUser}
        onClose={close}
        onSubmit={submitCredits}
      />
      <ChangeRoleDialog
        key={`role-${roleUser?.id ?? ''}`}
        user={roleUser}
        onClose={close}
        onSubmit={submitRole}
      />
      <ConfirmDialog
        open={deleteTarget !== null}
        onOpenChange={(open) => {
          if (!open) setDialog((current) => (current?.kind === 'delete' ? null : current));
        }}
        title={deleteTarget ? `Delete ${deleteTarget.name} and their summaries?` : ''}
        onConfirm={() => {
          if (deleteTarget) void confirmDelete(deleteTarget);
        }}
      />
      <OutcomeDialog
        outcome={dialog?.kind === 'success' || dialog?.kind === 'error' ? dialog : null}
        onClose={close}
      />
    </div>
  );
}
