import type { ReactNode } from 'react';
import { Navigate } from 'common/router';
import { canAccess } from 'common/roles';
import type { StaffArea } from 'common/roles';
import { selectSession } from 'common/session';
import { useAppSelector } from 'common/store';

/**
 * A staff remote's own guard: the shell already keeps other roles out, but a remote can be
 * mounted elsewhere (its dev harness, another host), so it checks the role again.
 */
export function AreaGuard({ area, children }: { area: StaffArea; children: ReactNode }) {
  const role = useAppSelector((state) => selectSession(state).user?.role);
  if (!role || !canAccess(role, area)) {
    return <Navigate to="/dashboard" replace state={{ accessDenied: true }} />;
  }
  return children;
}
