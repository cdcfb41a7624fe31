import { FALLBACK_MESSAGES } from 'common/api-client';
import type { ListedSummary } from 'common/staff-summary';
import { useLoad } from 'common/use-load';
import { ErrorAlert } from 'common/ui/alert';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import { Dialog } from 'common/ui/dialog';
import { Spinner } from 'common/ui/spinner';
import { When } from 'common/ui/when';
import { getReviewHistory } from '../../lib/reviewer-api';
import { reviewStatusLabel, reviewStatusVariant } from '../../lib/review-status';

/** SPEC.md /reviewer: the overlay's empty history. */
export const NO_REVIEW_HISTORY = 'No review history yet';

function HistoryContent({ summaryId }: { summaryId: string }) {
  const load = useLoad(
    summaryId,
    (signal) => getReviewHistory(summaryId, signal),
    FALLBACK_MESSAGES.fetchReviewHistory,
  );

  if (load.status === 'loading') {
    return (
      <div className="reviewer-history__loading">
        <Spinner label="Loading review history" showLabel />
      </div>
    );
  }
  if (load.status === 'failed') {
    return <ErrorAlert message={load.message} />;
  }
  const history = load.data;
  return (
    <div className="reviewer-history">
      <dl className="reviewer-history__current">
        <div>
          <dt>Current status</dt>
          <dd>
            <Badge variant={reviewStatusVariant(history.currentStatus)}>
              {reviewStatusLabel(history.currentStatus)}
            </Badge>
          </dd>
        </div>
        <div>
          <dt>Reviewed by</dt>
          <dd>
            {history.reviewedBy ? (
              <>
                {history.reviewedBy.name}
                {history.reviewedAt ? (
                  <>
                    {' · '}
                    <When value={history.reviewedAt} />
                  </>
                ) : null}
              </>
            ) : (
              'Not reviewed yet'
            )}
          </dd>
        </div>
        <div className="reviewer-history__comments">
          <dt>Current comments</dt>
          <dd>{history.currentComments?.trim() || 'No comments'}</dd>
        </div>
      </dl>
      <section aria-labelledby="review-history-list">
        <h3 id="review-history-list" className="reviewer-history__heading">
          History
        </h3>
        {history.history.length === 0 ? (
          <p className="ui-muted">{NO_REVIEW_HISTORY}</p>
        ) : (
          <ol className="reviewer-history__list">
            {history.history.map((entry, index) => (
              <li key={`${entry.timestamp}-${index}`} className="reviewer-history__entry">
                <div className="reviewer-history__entry-top">
                  <Badge variant={reviewStatusVariant(entry.action)}>
                    {reviewStatusLabel(entry.action)}
                  </Badge>
                  <span className="reviewer-history__reviewer">
                    {entry.reviewer?.name ?? 'Unknown reviewer'}
                  </span>
                  <When className="ui-muted" value={entry.timestamp} />
                </div>
                {entry.comments?.trim() ? (
                  <p className="reviewer-history__entry-comments">{entry.comments}</p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

export interface ReviewHistoryDialogProps {
  /** The summary whose history shows; null keeps the overlay closed. */
  summary: ListedSummary | null;
  onClose: () => void;
}

/**
 * Complete Review History (SPEC.md /reviewer): a full-screen modal dialog with the current
 * status, reviewer, date and comments, then every review, oldest first. Focus moves in on
 * open and back to the History button on close; Esc closes it.
 */
export function ReviewHistoryDialog({ summary, onClose }: ReviewHistoryDialogProps) {
  return (
    <Dialog
      open={summary !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Complete Review History"
      description={summary?.user ? `A summary by ${summary.user.name}.` : undefined}
      size="lg"
      className="reviewer-history-dialog"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {summary ? <HistoryContent key={summary.id} summaryId={summary.id} /> : null}
    </Dialog>
  );
}
