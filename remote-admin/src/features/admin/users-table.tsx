import { roleBadgeVariant, roleLabel } from 'common/roles';
import { Badge } from 'common/ui/badge';
import { Button, ButtonLink } from 'common/ui/button';
import { CoinsIcon, FileTextIcon, ShieldIcon, TrashIcon } from 'common/ui/icons';
import type { User } from 'common/user';
import { When } from 'common/ui/when';
import { AdminTable } from './admin-table';

export interface UsersTableProps {
  users: readonly User[];
  /** The signed-in admin: their row has no Delete (SPEC.md /admin). */
  currentUserId: string | undefined;
  onAddCredits: (user: User) => void;
  onChangeRole: (user: User) => void;
  onDelete: (user: User) => void;
}

/**
 * Name, Email, Role, Credits, Created and Actions of a page of users (nothing when there are
 * none). Below 1,024 px each row becomes a stacked card (admin-page.css), every cell labelled
 * by its column.
 */
export function UsersTable({
  users,
  currentUserId,
  onAddCredits,
  onChangeRole,
  onDelete,
}: UsersTableProps) {
  if (users.length === 0) return null;
  return (
    <AdminTable label="Users" columns={['Name', 'Email', 'Role', 'Credits', 'Created', 'Actions']}>
      {users.map((user) => {
        const isSelf = user.id === currentUserId;
        return (
          <tr key={user.id}>
            <th scope="row" className="admin-users-table__name" title={user.name}>
              {user.name}
              {isSelf ? (
                <Badge variant="outline" className="admin-users-table__you">
                  You
                </Badge>
              ) : null}
            </th>
            <td data-label="Email" className="admin-users-table__email" title={user.email}>
              {user.email}
            </td>
            <td data-label="Role">
              <Badge variant={roleBadgeVariant(user.role)}>{roleLabel(user.role)}</Badge>
            </td>
            <td data-label="Credits" className="admin-users-table__credits">
              {user.credits}
            </td>
            <td data-label="Created" className="admin-users-table__nowrap">
              <When value={user.createdAt} />
            </td>
            <td data-label="Actions" className="admin-users-table__nowrap">
              <div className="admin-users-table__actions">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Credits for ${user.name}`}
                  title={`Credits for ${user.name}`}
                  onClick={() => onAddCredits(user)}
                >
                  <CoinsIcon />
                  <span className="admin-users-table__action-label">Credits</span>
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Role for ${user.name}`}
                  title={`Role for ${user.name}`}
                  onClick={() => onChangeRole(user)}
                >
                  <ShieldIcon />
                  <span className="admin-users-table__action-label">Role</span>
                </Button>
                <ButtonLink
                  variant="ghost"
                  size="sm"
                  to={`?tab=summaries&userId=${encodeURIComponent(user.id)}`}
                  aria-label={`Summaries by ${user.name}`}
                  title={`Summaries by ${user.name}`}
                >
                  <FileTextIcon />
                  <span className="admin-users-table__action-label">Summaries</span>
                </ButtonLink>
                {isSelf ? null : (
                  // Secondary until confirmed: the confirmation's button is the red one.
                  <Button
                    variant="outline"
                    danger
                    size="sm"
                    aria-label={`Delete ${user.name}`}
                    title={`Delete ${user.name}`}
                    onClick={() => onDelete(user)}
                  >
                    <TrashIcon />
                    <span className="admin-users-table__action-label">Delete</span>
                  </Button>
                )}
              </div>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
