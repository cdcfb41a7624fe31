import { useState } from 'react';
import { ListControls, ListFilter } from 'common/components/list-controls';
import { ListPanel } from 'common/components/list-panel';
import type { LoadStatus } from 'common/load-status';
import { When } from 'common/ui/when';
import { useLoad } from 'common/use-load';
import type { LoadState } from 'common/use-load';
import { Pager } from 'common/ui/pager';
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

/** A load's state as the list panel reads it. */
const LIST_STATUS: Record<LoadState<unknown>['status'], LoadStatus> = {
  loading: 'loading',
  ready: 'succeeded',
  failed: 'failed',
};

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
  const events = state.status === 'ready' ? state.data.events : [];

  return (
    <ListPanel
      title="Audit log"
      description="Who did what to whom, and when."
      status={LIST_STATUS[state.status]}
      error={state.status === 'failed' ? state.message : null}
      isEmpty={events.length === 0}
      empty={<p className="ui-muted">Nothing recorded{action ? ' for this action' : ''} yet.</p>}
      onLoad={() => setReload((value) => value + 1)}
      loadOnShow={false}
      controls={
        <ListControls>
          <ListFilter
            label="Action"
            anyLabel="All actions"
            value={action}
            options={AUDIT_ACTIONS}
            onChange={(next) => {
              setAction(next);
              setPage(1);
            }}
          />
        </ListControls>
      }
    >
      {state.status === 'ready' && events.length > 0 ? (
        <>
          <AdminTable label="Audit events" columns={['When', 'Who', 'Action', 'Whom', 'Details']}>
            {events.map((event) => (
              <tr key={event.id}>
                <td className="admin-users-table__nowrap">
                  <When value={event.createdAt} />
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
      ) : null}
    </ListPanel>
  );
}
