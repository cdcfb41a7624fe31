import { useId, useState } from 'react';
import type { BadgeVariant } from 'common/badge-variant';
import { When } from 'common/ui/when';
import { useLoad } from 'common/use-load';
import { ErrorAlert } from 'common/ui/alert';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import { RefreshIcon } from 'common/ui/icons';
import { Label } from 'common/ui/label';
import { Textarea } from 'common/ui/textarea';
import type { Summary } from '../../lib/summaries/summary';
import {
  REVIEW_HISTORY_FALLBACK,
  getSummaryReviews,
} from '../../lib/summaries/summary-reviews-api';
import { useSummaryRegeneration } from '../use-summary-regeneration';
import { REVIEW_STATUS_LABELS } from './review-status';
import './summary-review.css';

type ReviewStatus = Summary['reviewStatus'];

export { REVIEW_STATUS_LABELS };

const STATUS_VARIANTS: Record<ReviewStatus, BadgeVariant> = {
  pending: 'outline',
  approved: 'default',
  rejected: 'destructive',
  needs_revision: 'secondary',
};

/** The custom prompt's limit (API.md "Limits"). */
const MAX_PROMPT_CHARS = 500;

function ReviewHistory({
  summaryId,
  reviewedAt,
}: {
  summaryId: string;
  reviewedAt: string | null;
}) {
  const state = useLoad(
    `${summaryId}:${reviewedAt ?? ''}`,
    (signal) => getSummaryReviews(summaryId, signal),
    REVIEW_HISTORY_FALLBACK,
  );
  const headingId = `review-history${useId()}`;

  return (
    <section aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
      <h3 id={headingId} className="ru-details-title">
        Review history
      </h3>
      {state.status === 'loading' ? (
        <p className="ui-muted">Loading the review history…</p>
      ) : state.status === 'failed' ? (
        <p className="ui-muted" role="alert">
          {state.message}
        </p>
      ) : state.data.length === 0 ? (
        <p className="ui-muted">No reviews yet.</p>
      ) : (
        <ol className="ru-review__history">
          {[...state.data].reverse().map((entry) => (
            <li key={`${entry.timestamp}-${entry.action}`} className="ru-review__entry">
              <span className="ru-review__entry-head">
                <Badge variant={STATUS_VARIANTS[entry.action]}>
                  {REVIEW_STATUS_LABELS[entry.action]}
                </Badge>
                <span>{entry.reviewer.name}</span>
                <When className="ui-muted" value={entry.timestamp} />
              </span>
              {entry.comments ? <p className="ru-review__comment">{entry.comments}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export interface SummaryReviewProps {
  summary: Summary;
  /** Show every decision (an expanded history card). */
  showHistory?: boolean;
  /** Regenerated from the comment: the new version, for the card to show. */
  onChanged?: (summary: Summary) => void;
}

/**
 * What reviewers said about the author's summary: the status badge, the latest comment and its
 * reviewer, `Review history` when asked, and, for a summary rejected or sent back, a free
 * regeneration prefilled with the reviewer's comment as the custom prompt.
 */
export function SummaryReview({ summary, showHistory = false, onChanged }: SummaryReviewProps) {
  const status: ReviewStatus =
    summary.reviewStatus in REVIEW_STATUS_LABELS ? summary.reviewStatus : 'pending';
  const [formOpen, setFormOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const {
    regenerate: regenerateSummary,
    busy,
    error: failure,
    clearError,
  } = useSummaryRegeneration(onChanged);
  const promptId = `review-prompt${useId()}`;
  const canRegenerate = status === 'rejected' || status === 'needs_revision';

  const openForm = () => {
    setPrompt((summary.reviewComments ?? '').slice(0, MAX_PROMPT_CHARS));
    clearError();
    setFormOpen(true);
  };

  const regenerate = async () => {
    const trimmed = prompt.trim();
    const done = await regenerateSummary(
      summary,
      trimmed === '' ? null : trimmed,
      undefined,
      'Summary regenerated from the review',
    );
    if (done) setFormOpen(false);
  };

  return (
    <div className="ru-review">
      <div className="ru-review__status">
        <Badge variant={STATUS_VARIANTS[status]}>
          <span className="ui-sr-only">Review status: </span>
          {REVIEW_STATUS_LABELS[status]}
        </Badge>
        {summary.reviewedBy ? (
          <span className="ui-muted ru-review__by">by {summary.reviewedBy.name}</span>
        ) : null}
      </div>
      {/* With the history shown, the latest comment is its newest entry: said once. */}
      {summary.reviewComments && !showHistory ? (
        <blockquote className="ru-review__comment">
          <span className="ui-sr-only">Reviewer&apos;s comment: </span>
          {summary.reviewComments}
        </blockquote>
      ) : null}
      {canRegenerate && !formOpen ? (
        <Button variant="outline" size="sm" onClick={openForm}>
          <RefreshIcon />
          Regenerate
          <span className="ui-sr-only"> from the reviewer&apos;s comment</span>
        </Button>
      ) : null}
      {formOpen ? (
        <form
          className="ru-review__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void regenerate();
          }}
        >
          <ErrorAlert message={failure} />
          <Label htmlFor={promptId}>Custom prompt (optional)</Label>
          <Textarea
            id={promptId}
            rows={3}
            maxLength={MAX_PROMPT_CHARS}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
          />
          <div className="ru-review__actions">
            <Button variant="outline" size="sm" disabled={busy} onClick={() => setFormOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" loading={busy}>
              Regenerate
            </Button>
          </div>
        </form>
      ) : null}
      {showHistory ? (
        <ReviewHistory summaryId={summary.id} reviewedAt={summary.reviewedAt} />
      ) : null}
    </div>
  );
}
