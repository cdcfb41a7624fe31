import { useId, useState } from 'react';
import { formatDateTime } from 'common/text';
import { useLoad } from 'common/use-load';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { RefreshIcon } from 'common/ui/icons';
import { Pager } from 'common/ui/pager';
import { Skeleton } from 'common/ui/skeleton';
import { ADMIN_CREDIT_MESSAGES, getAuditEvents } from '../../lib/credit-requests-api';
import type { AuditEvent } from '../../lib/credit-requests-api';
import { AdminTable } from './admin-table';

export const AUDIT_PAGE_SIZE = 25;

/** The actions the filter offers, as a person reads them. */
export const AUDIT_ACTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'user.credits_added', label: 'Credits added' },
  { value: 'user.role_changed', label: 'Role changed' },
  { value: 'user.deleted', label: 'User deleted' },
  { value: 'summary.edited', label: 'Summary edited' },
  { value: 'summary.deleted', label: 'Summary deleted' },
  { value: 'summary.reviewed', label: 'Summary reviewed' },
  { value: 'credit_request.approved', label: 'Credit request approved' },
  { value: 'credit_request.denied', label: 'Credit request denied' },
  { value: 'user.seeded', label: 'Account seeded' },
];

function actionLabel(action: string): string {
  return AUDIT_ACTIONS.find((item) => item.value === action)?.label ?? action;
}

function detail(details: Record<string, unknown>, key: string): string | null {
  const value = details[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** What the event did, in a few words, from its details. */
export function describeAuditEvent(event: AuditEvent): string {
  const { details } = event;
  switch (event.action) {
    case 'user.credits_added':
      return `+${detail(details, 'credits') ?? '?'} credits, balance ${detail(details, 'balanceAfter') ?? '?'}`;
    case 'user.role_changed':
      return `${detail(details, 'from') ?? '?'} → ${detail(details, 'to') ?? '?'}`;
    case 'summary.reviewed':
      return (detail(details, 'action') ?? '').replace('_', ' ');
    case 'credit_request.approved':
      return `${detail(details, 'credits') ?? '?'} credits (asked ${detail(details, 'asked') ?? '?'})`;
    case 'credit_request.denied':
      return `${detail(details, 'asked') ?? '?'} credits asked${detail(details, 'note') ? `: ${detail(details, 'note') ?? ''}` : ''}`;
    case 'user.deleted':
      return `${detail(details, 'summaries') ?? '0'} summaries removed`;
    default:
      return '';
  }
}

function target(event: AuditEvent): string {
  const kind = event.targetType === 'summary' ? 'Summary' : 'User';
  if (event.targetName) {
    return event.targetType === 'summary' ? `Summary by ${event.targetName}` : event.targetName;
  }
  return event.targetId ? `${kind} (deleted or unknown)` : kind;
}

/** The `Audit log` tab: who did what to whom and when, newest first, filterable by action. */
export function AuditLogPanel() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [reload, setReload] = useState(0);
  const state = useLoad(
    `${page}:${action}:${reload}`,
    (signal) => getAuditEvents(page, AUDIT_PAGE_SIZE, action || null, signal),
    ADMIN_CREDIT_MESSAGES.audit,
  );
  const headingId = `audit${useId()}`;
  const filterId = `audit-filter${useId()}`;

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={state.status === 'loading'}
      className="ui-list-panel"
    >
      <div className="ui-list-panel__header">
        <div>
          <h2 id={headingId} className="ui-list-panel__title">
            Audit log
          </h2>
          <p className="ui-list-panel__description">Who did what to whom, and when.</p>
        </div>
        <div className="admin-audit__controls">
          <label htmlFor={filterId} className="ui-label">
            Action
          </label>
          <select
            id={filterId}
            className="ui-input admin-audit__filter"
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
          <Button variant="outline" size="sm" onClick={() => setReload((value) => value + 1)}>
            <RefreshIcon />
            Refresh
          </Button>
        </div>
      </div>
      {state.status === 'failed' ? (
        <ErrorAlert message={state.message} />
      ) : state.status === 'loading' ? (
        <div className="ui-list-panel__skeletons">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="ui-list-panel__skeleton" />
          ))}
        </div>
      ) : state.data.events.length === 0 ? (
        <p className="ui-muted">Nothing recorded{action ? ' for this action' : ''} yet.</p>
      ) : (
        <>
          <AdminTable label="Audit events" columns={['When', 'Who', 'Action', 'Whom', 'Details']}>
            {state.data.events.map((event) => (
              <tr key={event.id}>
                <td>
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                </td>
                <td>{event.actor?.name ?? 'System'}</td>
                <td>{actionLabel(event.action)}</td>
                <td>{target(event)}</td>
                <td>{describeAuditEvent(event)}</td>
              </tr>
            ))}
          </AdminTable>
          <Pager
            label="Audit log pages"
            page={page}
            totalPages={state.data.pagination.totalPages}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}
