import type { DbExecutor } from '../db/database';
import type { Role } from '../db/schema';
import { findUserById, lockUserRole } from '../db/users.repository';
import { AppError } from '../lib/app-error';

/** The 401 of a signed-in user who no longer exists (deleted during their own request). */
export function sessionGone(): AppError {
  return new AppError(401, 'UNAUTHORIZED', 'Your session is not valid. Please sign in again.');
}

/**
 * Inside a writing transaction: lets the write go on only if the acting user still has one
 * of `roles`, share-locking their row so a concurrent role change waits until this commits.
 * `requireRole` checked the role when the request began; this closes the window between
 * that and the write. 401 when the user is gone, 403 when the role was taken away.
 */
export async function assertActingRole(
  trx: DbExecutor,
  actorId: string,
  roles: readonly Role[],
): Promise<void> {
  const role = await lockUserRole(trx, actorId);
  if (role === undefined) throw sessionGone();
  if (!roles.includes(role)) {
    throw new AppError(403, 'FORBIDDEN', "You don't have permission to perform this action");
  }
}

/**
 * Why a conditional debit took nothing: the user was deleted during their own request (401,
 * as for any stale session) or is short of credits (`insufficient`).
 */
export async function refusedDebit(
  trx: DbExecutor,
  userId: string,
  insufficient: () => AppError,
): Promise<AppError> {
  return (await findUserById(trx, userId)) ? insufficient() : sessionGone();
}
