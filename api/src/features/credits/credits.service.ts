import { appendAuditEvent } from '../../db/audit-events.repository';
import {
  countCreditHistory,
  grantCredits,
  listCreditHistory,
} from '../../db/credit-ledger.repository';
import type { CreditHistoryRow } from '../../db/credit-ledger.repository';
import { listAdminIds } from '../../db/users.repository';
import type { CreditReason, CreditRequestRow, CreditRequestStatus } from '../../db/schema';
import type { UserRecord } from '../../db/user-record';
import { assertActingRole } from '../../domain/acting-user';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import { pageWindow, toPaginationDto } from '../../lib/page-query';
import { BALANCE_TOO_HIGH_MESSAGE } from '../../lib/product-constants';
import type { PaginationDto } from '../../lib/page-query';
import { appendNotification } from '../../db/notifications.repository';
import {
  creditRequestedMessage,
  requestApprovedMessage,
  requestDeniedMessage,
} from '../../domain/notification-messages';
import {
  closeOpenRequest,
  findRequest,
  insertOpenRequest,
  listOwnRequests,
  listRequests,
} from './credit-requests.repository';
import type { CreditRequestRecord } from './credit-requests.repository';
import type {
  AdminCreditRequestsQuery,
  CreateCreditRequestInput,
  CreditHistoryQuery,
  DecideCreditRequestInput,
} from './credits.schemas';

export const OPEN_REQUEST_MESSAGE =
  'You already have a credit request waiting for an answer. You can ask again once it is answered.';
export const REQUEST_NOT_FOUND_MESSAGE = 'Credit request not found';

/** The 409 of a decision on a request someone already answered: who, and how. */
export function alreadyDecidedMessage(status: CreditRequestStatus, by: string | null): string {
  const how = status === 'approved' ? 'approved' : 'denied';
  return by === null
    ? `This request was already ${how}. Nothing was changed.`
    : `This request was already ${how} by ${by}. Nothing was changed.`;
}

/** One ledger row as GET /api/credits/history shows it. */
export interface CreditHistoryEntryDto {
  id: string;
  amount: number;
  reason: CreditReason;
  balanceAfter: number;
  summaryId: string | null;
  /** The first characters of the summary it paid for, while that summary exists. */
  summaryPreview: string | null;
  note: string | null;
  createdAt: string;
}

export interface CreditRequestDto {
  id: string;
  credits: number;
  reason: string | null;
  status: CreditRequestStatus;
  grantedCredits: number | null;
  note: string | null;
  decidedAt: string | null;
  createdAt: string;
}

export interface AdminCreditRequestDto extends CreditRequestDto {
  user: { id: string; name: string; email: string; credits: number };
  decidedBy: { id: string; name: string } | null;
}

function toHistoryEntryDto(row: CreditHistoryRow): CreditHistoryEntryDto {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    balanceAfter: row.balance_after,
    summaryId: row.summary_id,
    summaryPreview: row.summary_preview,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}

export function toCreditRequestDto(row: CreditRequestRow): CreditRequestDto {
  return {
    id: row.id,
    credits: row.credits,
    reason: row.reason,
    status: row.status,
    grantedCredits: row.granted_credits,
    note: row.note,
    decidedAt: row.decided_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

function toAdminCreditRequestDto(row: CreditRequestRecord): AdminCreditRequestDto {
  return {
    ...toCreditRequestDto(row),
    user: {
      id: row.user_id,
      name: row.user_name,
      email: row.user_email,
      credits: row.user_credits,
    },
    decidedBy:
      row.decided_by !== null && row.decided_by_name !== null
        ? { id: row.decided_by, name: row.decided_by_name }
        : null,
  };
}

export function requestNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', REQUEST_NOT_FOUND_MESSAGE);
}

/** One page of the user's credit movements, newest first. */
export async function getCreditHistory(
  deps: AppDeps,
  userId: string,
  query: CreditHistoryQuery,
): Promise<{ entries: CreditHistoryEntryDto[]; pagination: PaginationDto }> {
  const [rows, total] = await Promise.all([
    listCreditHistory(deps.db, userId, pageWindow(query)),
    countCreditHistory(deps.db, userId),
  ]);
  return {
    entries: rows.map(toHistoryEntryDto),
    pagination: toPaginationDto(query.page, query.limit, total),
  };
}

/**
 * Opens a credit request; 409 while the user has another one open. In the same transaction
 * every other admin gets a notification of it (kind `request`), so none is told of a request
 * that does not exist.
 */
export async function createCreditRequest(
  deps: AppDeps,
  user: UserRecord,
  input: CreateCreditRequestInput,
): Promise<CreditRequestDto> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertOpenRequest(trx, {
      userId: user.id,
      credits: input.credits,
      reason: input.reason,
    });
    if (!row) throw new AppError(409, 'CONFLICT', OPEN_REQUEST_MESSAGE);
    const message = creditRequestedMessage(user.name, row.credits, row.reason);
    for (const adminId of await listAdminIds(trx, user.id)) {
      await appendNotification(trx, { userId: adminId, kind: 'request', message });
    }
    return toCreditRequestDto(row);
  });
}

export async function getOwnCreditRequests(
  deps: AppDeps,
  userId: string,
): Promise<CreditRequestDto[]> {
  return (await listOwnRequests(deps.db, userId)).map(toCreditRequestDto);
}

/** GET /api/admin/credit-requests: one page, newest first, and the count of open requests. */
export async function getCreditRequestsForAdmin(
  deps: AppDeps,
  query: AdminCreditRequestsQuery,
): Promise<{ requests: AdminCreditRequestDto[]; open: number; pagination: PaginationDto }> {
  const page = await listRequests(deps.db, query.status, pageWindow(query));
  return {
    requests: page.requests.map(toAdminCreditRequestDto),
    open: page.open,
    pagination: toPaginationDto(query.page, query.limit, page.total),
  };
}

/**
 * Answers an open request, in one transaction: the request closed (once: a concurrent second
 * decision gets 409), and when approved the credits, their ledger row (reason `request`); then
 * the user's notification and an audit row. 404 for an unknown request.
 */
export async function decideCreditRequest(
  deps: AppDeps,
  admin: UserRecord,
  id: string,
  input: DecideCreditRequestInput,
): Promise<AdminCreditRequestDto> {
  return deps.db.transaction().execute(async (trx) => {
    await assertActingRole(trx, admin.id, ['admin']);
    const approved = input.decision === 'approved';
    const existing = await findRequest(trx, id);
    if (!existing) throw requestNotFound();
    const granted = approved ? (input.credits ?? existing.credits) : null;
    const closed = await closeOpenRequest(trx, {
      id,
      status: input.decision,
      grantedCredits: granted,
      note: input.note,
      decidedBy: admin.id,
    });
    if (!closed) {
      const now = await findRequest(trx, id);
      if (!now) throw requestNotFound();
      if (now.status === 'open') throw new AppError(409, 'CONFLICT', OPEN_REQUEST_MESSAGE);
      throw new AppError(409, 'CONFLICT', alreadyDecidedMessage(now.status, now.decided_by_name));
    }
    let message: string;
    if (granted !== null) {
      const moved = await grantCredits(trx, {
        userId: closed.user_id,
        amount: granted,
        reason: 'request',
        actorId: admin.id,
        note: input.note,
      });
      if (!moved) {
        throw new AppError(400, 'VALIDATION_ERROR', BALANCE_TOO_HIGH_MESSAGE, [
          { field: 'credits', message: BALANCE_TOO_HIGH_MESSAGE },
        ]);
      }
      message = requestApprovedMessage(closed.credits, granted, input.note);
    } else {
      message = requestDeniedMessage(closed.credits, input.note);
    }
    await appendNotification(trx, { userId: closed.user_id, kind: 'request', message });
    await appendAuditEvent(trx, {
      actorId: admin.id,
      action: approved ? 'credit_request.approved' : 'credit_request.denied',
      targetType: 'user',
      targetId: closed.user_id,
      details: {
        requestId: closed.id,
        asked: closed.credits,
        ...(granted !== null ? { credits: granted } : {}),
        ...(input.note !== null ? { note: input.note } : {}),
      },
    });
    const result = await findRequest(trx, id);
    if (!result) throw requestNotFound();
    return toAdminCreditRequestDto(result);
  });
}
