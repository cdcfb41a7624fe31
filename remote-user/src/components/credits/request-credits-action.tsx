import { useEffect, useState } from 'react';
import { useServerChanges } from 'common/live-updates';
import { formatWhen } from 'common/date-format';
import { Button } from 'common/ui/button';
import { ClockIcon, CoinsIcon } from 'common/ui/icons';
import { showToast } from 'common/ui/toast';
import { getCreditRequests, postCreditRequest } from '../../lib/credits/credits-api';
import type { CreditRequest } from '../../lib/credits/credits-api';
import { CreditRequestDialog } from './credit-request-dialog';
import './request-credits-action.css';

type RequestState =
  { status: 'loading' } | { status: 'ready'; open: CreditRequest | null } | { status: 'failed' };

/**
 * `Request credits`, which opens the request dialog, or `Request pending` while an earlier
 * request waits for an administrator's answer (one open request at a time).
 */
/** When a request was made, inside a sentence: "today", "3 days ago", "on Nov 20, 2026". */
function askedWhen(createdAt: string): string {
  const when = formatWhen(createdAt);
  if (when === 'Today' || when === 'Yesterday') return when.toLowerCase();
  return when.endsWith(' ago') ? when : `on ${when}`;
}

export function RequestCreditsAction({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const [state, setState] = useState<RequestState>({ status: 'loading' });
  const [dialogOpen, setDialogOpen] = useState(false);
  // An answered request (a notification, the tab coming back) is looked up again.
  const serverChanges = useServerChanges();

  useEffect(() => {
    const controller = new AbortController();
    getCreditRequests(controller.signal)
      .then((requests) =>
        setState({
          status: 'ready',
          open: requests.find((request) => request.status === 'open') ?? null,
        }),
      )
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Unknown: offer the button; the server answers 409 if a request is already open.
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [serverChanges]);

  if (state.status === 'loading') return null;
  if (state.status === 'ready' && state.open) {
    return (
      // One line of the state it is in, not a badge: what was asked, and what happens next.
      <p className="ru-credits__pending">
        <ClockIcon />
        <span>
          <strong>Request pending</strong>
          {`: ${state.open.credits} credits asked ${askedWhen(state.open.createdAt)}. An administrator will answer; the bell tells you when.`}
        </span>
      </p>
    );
  }

  const send = async (credits: number, reason: string) => {
    const request = await postCreditRequest(credits, reason);
    setDialogOpen(false);
    setState({ status: 'ready', open: request });
    showToast('Your request was sent to an administrator.', { variant: 'success' });
  };

  return (
    <>
      <Button size={size} variant="outline" onClick={() => setDialogOpen(true)}>
        <CoinsIcon />
        Request credits
      </Button>
      {dialogOpen ? (
        <CreditRequestDialog open onClose={() => setDialogOpen(false)} onSubmit={send} />
      ) : null}
    </>
  );
}
