import { useEffect, useState } from 'react';
import { ApiError } from 'common/api-client';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Skeleton } from 'common/ui/skeleton';
import { XIcon } from 'common/ui/icons';
import { getSummaryById } from '../../lib/summaries/summaries-api';
import type { Summary } from '../../lib/summaries/summary';
import { HistorySummaryCard } from './history-summary-card';

export const OPENED_SUMMARY_GONE = 'This summary no longer exists.';

type OpenedState =
  | { status: 'loading' }
  | { status: 'loaded'; summary: Summary }
  | { status: 'failed'; message: string };

/** An answer and the request (`id:reloads`) it answers: an older answer reads as loading. */
interface Answer {
  key: string;
  state: OpenedState;
}

interface OpenedSummaryProps {
  /** `?summary=<id>`: the summary a link (credit history, a notification) points at. */
  id: string;
  /** Bumped by the page after a change (a delete) so the card asks again. */
  reloads: number;
  deletingId: string | null;
  onDelete: (summary: Summary) => void;
  onClose: () => void;
}

/** /history?summary=<id>: that summary, expanded, above the list, until the person closes it. */
export function OpenedSummary({ id, reloads, deletingId, onDelete, onClose }: OpenedSummaryProps) {
  const key = `${id}:${reloads}`;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const state: OpenedState = answer && answer.key === key ? answer.state : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const setState = (next: OpenedState) => setAnswer({ key, state: next });
    getSummaryById(id, controller.signal).then(
      (summary) => setState({ status: 'loaded', summary }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const gone = error instanceof ApiError && error.status === 404;
        const message = gone
          ? OPENED_SUMMARY_GONE
          : error instanceof Error
            ? error.message
            : String(error);
        setState({ status: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [id, key]);

  return (
    <section className="ru-history-opened" aria-labelledby="history-opened-heading">
      <div className="ru-history-opened__bar">
        <h2 id="history-opened-heading" className="ru-history-opened__title">
          The summary you opened
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <XIcon />
          Close
        </Button>
      </div>
      {state.status === 'loading' ? (
        <div className="ru-history-card" aria-busy="true">
          <span role="status" className="ui-sr-only">
            Loading the summary
          </span>
          <Skeleton style={{ width: '100%' }} />
          <Skeleton style={{ width: '85%' }} />
        </div>
      ) : state.status === 'failed' ? (
        <ErrorAlert message={state.message} />
      ) : (
        <HistorySummaryCard
          summary={state.summary}
          deleting={deletingId === state.summary.id}
          onDelete={onDelete}
          defaultExpanded
        />
      )}
    </section>
  );
}
