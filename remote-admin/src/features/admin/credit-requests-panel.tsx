import { useCallback, useEffect, useRef, useState } from 'react';
import { ListPanel } from 'common/components/list-panel';
import { errorMessage } from 'common/error-message';
import { When } from 'common/ui/when';
import type { LoadStatus } from 'common/load-status';
import { Button } from 'common/ui/button';
import { EmptyState } from 'common/ui/empty-state';
import { CheckIcon, CoinsIcon, XIcon } from 'common/ui/icons';
import { showToast } from 'common/ui/toast';
import {
  ADMIN_CREDIT_MESSAGES,
  decideCreditRequest,
  getOpenCreditRequests,
} from '../../lib/credit-requests-api';
import type { AdminCreditRequest, CreditDecision } from '../../lib/credit-requests-api';
import { AdminTable } from './admin-table';
import { CreditDecisionDialog } from './credit-decision-dialog';

export interface CreditRequestsState {
  status: LoadStatus;
  error: string | null;
  requests: AdminCreditRequest[];
  /** Open requests counted by the server (the tab's badge). */
  open: number;
  load: () => void;
  /** Answers one request; rejects with the failure; reloads the list either way. */
  decide: (request: AdminCreditRequest, decision: CreditDecision) => Promise<void>;
}

/** The open credit requests, shared by the tab's count badge and the panel. */
export function useCreditRequests(): CreditRequestsState {
  const [status, setStatus] = useState<LoadStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [requests, setRequests] = useState<AdminCreditRequest[]>([]);
  const [open, setOpen] = useState(0);

  const load = useCallback(() => {
    setStatus('loading');
    getOpenCreditRequests()
      .then((page) => {
        setRequests(page.requests);
        setOpen(page.open);
        setStatus('succeeded');
        setError(null);
      })
      .catch((failure: unknown) => {
        setError(errorMessage(failure, ADMIN_CREDIT_MESSAGES.requests));
        setStatus('failed');
      });
  }, []);

  const decide = useCallback(
    async (request: AdminCreditRequest, decision: CreditDecision) => {
      try {
        await decideCreditRequest(request.id, decision);
      } finally {
        load();
      }
    },
    [load],
  );

  return { status, error, requests, open, load, decide };
}

/** The `Credit requests` tab: open requests with Approve (amount editable) and Deny (a note). */
export function CreditRequestsPanel({ state }: { state: CreditRequestsState }) {
  const [target, setTarget] = useState<{
    request: AdminCreditRequest;
    decision: 'approved' | 'denied';
  } | null>(null);
  /** Marks the panel's place: the rows and the heading are looked up around it. */
  const panelMarker = useRef<HTMLSpanElement>(null);
  /** The request just answered and its row: focus goes to the next row once it has left. */
  const answered = useRef<{ id: string; index: number } | null>(null);

  const submit = async (request: AdminCreditRequest, decision: CreditDecision) => {
    const index = state.requests.findIndex(({ id }) => id === request.id);
    await state.decide(request, decision);
    answered.current = { id: request.id, index };
    setTarget(null);
    showToast(
      decision.decision === 'approved'
        ? `Added ${decision.credits} credits to ${request.user.name}.`
        : `Denied the request of ${request.user.name}.`,
      { variant: 'success' },
    );
  };

  // The answered row leaves with the reload, taking the focus the dialog gave back to its
  // Approve button: it goes to the next row's Approve, or to the heading when none is left.
  const { requests, status } = state;
  useEffect(() => {
    const done = answered.current;
    if (!done || status !== 'succeeded' || requests.some(({ id }) => id === done.id)) return;
    answered.current = null;
    const root = panelMarker.current?.closest('section');
    if (!root) return;
    const rows = root.querySelectorAll<HTMLTableRowElement>('tbody tr');
    const row = rows[Math.min(done.index, rows.length - 1)];
    const next = row?.querySelector<HTMLElement>('button[aria-label^="Approve"]');
    if (next) {
      next.focus();
      return;
    }
    const heading = root.querySelector<HTMLElement>('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [requests, status]);

  return (
    <ListPanel
      title="Credit requests"
      description="Users out of credits ask for more here. Approving adds the credits at once."
      status={state.status}
      error={state.error}
      isEmpty={state.requests.length === 0}
      empty={
        <EmptyState
          icon={<CoinsIcon size={28} />}
          title="No open requests"
          description="New credit requests show here."
        />
      }
      onLoad={state.load}
    >
      <span ref={panelMarker} hidden />
      {state.requests.length > 0 ? (
        <AdminTable
          label="Open credit requests"
          columns={['User', 'Amount', 'Reason', 'Date', 'Actions']}
        >
          {state.requests.map((request) => (
            <tr key={request.id}>
              <th
                scope="row"
                className="admin-users-table__name admin-requests__user"
                title={request.user.name}
              >
                {request.user.name}
                <span className="admin-requests__email" title={request.user.email}>
                  {request.user.email}
                </span>
              </th>
              <td data-label="Amount" className="admin-users-table__credits">
                {request.credits}
              </td>
              <td data-label="Reason" className="admin-requests__reason">
                {request.reason ? (
                  <span className="admin-requests__reason-text" title={request.reason}>
                    {request.reason}
                  </span>
                ) : (
                  '—'
                )}
              </td>
              <td data-label="Date" className="admin-users-table__nowrap">
                <When value={request.createdAt} />
              </td>
              <td data-label="Actions" className="admin-users-table__nowrap">
                <div className="admin-users-table__actions">
                  <Button
                    size="sm"
                    aria-label={`Approve the request of ${request.user.name}`}
                    onClick={() => setTarget({ request, decision: 'approved' })}
                  >
                    <CheckIcon />
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Deny the request of ${request.user.name}`}
                    onClick={() => setTarget({ request, decision: 'denied' })}
                  >
                    <XIcon />
                    Deny
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      {target ? (
        <CreditDecisionDialog
          key={`${target.request.id}-${target.decision}`}
          target={target}
          onClose={() => setTarget(null)}
          onSubmit={submit}
        />
      ) : null}
    </ListPanel>
  );
}
