import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { canAccess } from '../roles';
import type { StaffArea } from '../roles';
import { selectSession } from '../session';
import { useAppSelector } from '../store';

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
