import { ApiError } from 'common/api-client';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Skeleton } from 'common/ui/skeleton';
import { XIcon } from 'common/ui/icons';
import { useLoad } from 'common/use-load';
import { getSummaryById } from 'common/own-summaries-api';
import type { Summary } from '../../lib/summaries/summary';
import { HistorySummaryCard } from './history-summary-card';

export const OPENED_SUMMARY_GONE = 'This summary no longer exists.';

/** What the card says when the summary could not be loaded. */
function openedFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return OPENED_SUMMARY_GONE;
  return error instanceof Error ? error.message : String(error);
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
  const state = useLoad(`${id}:${reloads}`, (signal) => getSummaryById(id, signal), openedFailure);

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
          summary={state.data}
          deleting={deletingId === state.data.id}
          onDelete={onDelete}
          defaultExpanded
        />
      )}
    </section>
  );
}
