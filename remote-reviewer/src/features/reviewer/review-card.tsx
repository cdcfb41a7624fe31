import type { ListedSummary } from 'common/staff-summary';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import { HistoryIcon } from 'common/ui/icons';
import { SummaryCard } from 'common/ui/summary-card';
import { When } from 'common/ui/when';
import { REVIEW_ACTIONS, reviewStatusLabel, reviewStatusVariant } from '../../lib/review-status';
import type { ReviewAction } from '../../lib/review-status';

export interface ReviewCardProps {
  summary: ListedSummary;
  /** Offer Approve, Reject and Request revision. */
  reviewable: boolean;
  onReview: (summary: ListedSummary, action: ReviewAction) => void;
  onShowHistory: (summary: ListedSummary) => void;
}

const actionVariants = {
  approved: 'default',
  rejected: 'destructive',
  needs_revision: 'outline',
} as const;

/** A summary under review: its status, the last review's comments, the review actions. */
export function ReviewCard({ summary, reviewable, onReview, onShowHistory }: ReviewCardProps) {
  return (
    <SummaryCard
      summary={summary}
      badges={
        <>
          <Badge variant={reviewStatusVariant(summary.reviewStatus)}>
            {reviewStatusLabel(summary.reviewStatus)}
          </Badge>
          {/* What a reviewer must catch (issue 28), seen in the queue before opening a card. */}
          {summary.hiddenText.length > 0 ? <Badge variant="warning">Hidden text</Badge> : null}
          {summary.instructionLike.length > 0 ? (
            <Badge variant="warning">Text addressed to an AI</Badge>
          ) : null}
        </>
      }
      actions={
        <>
          <Button variant="ghost" size="sm" onClick={() => onShowHistory(summary)}>
            <HistoryIcon />
            History
          </Button>
          {reviewable
            ? REVIEW_ACTIONS.map(({ action, label }) => (
                <Button
                  key={action}
                  size="sm"
                  variant={actionVariants[action]}
                  onClick={() => onReview(summary, action)}
                >
                  {label}
                </Button>
              ))
            : null}
        </>
      }
    >
      {summary.reviewedBy || summary.reviewComments ? (
        <div className="reviewer-card__review">
          {summary.reviewedBy ? (
            <p className="ui-muted">
              Reviewed by {summary.reviewedBy.name}
              {summary.reviewedAt ? (
                <>
                  {' · '}
                  <When value={summary.reviewedAt} />
                </>
              ) : null}
            </p>
          ) : null}
          {summary.reviewComments ? <p>{summary.reviewComments}</p> : null}
        </div>
      ) : null}
    </SummaryCard>
  );
}
