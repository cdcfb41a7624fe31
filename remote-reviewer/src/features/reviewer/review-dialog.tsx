import { useRef, useState } from 'react';
import { FALLBACK_MESSAGES } from 'common/api-client';
import type { ListedSummary } from 'common/staff-summary';
import { FormDialog } from 'common/ui/form-dialog';
import { FormField } from 'common/ui/form-field';
import { Textarea } from 'common/ui/textarea';
import { useSubmission } from 'common/use-submission';
import { REVIEW_ACTIONS, reviewCommentsError } from '../../lib/review-status';
import type { ReviewAction } from '../../lib/review-status';

/** A decision a reviewer is about to submit on a summary. */
export interface ReviewTarget {
  summary: ListedSummary;
  action: ReviewAction;
}

export interface ReviewDialogProps {
  /** The review being written; null keeps the dialog closed. */
  target: ReviewTarget | null;
  onClose: () => void;
  /** Submits it; rejects with the failure, which the dialog shows in a red alert. */
  onSubmit: (target: ReviewTarget, comments: string) => Promise<void>;
}

const titles: Record<ReviewAction, string> = {
  approved: 'Approve summary',
  rejected: 'Reject summary',
  needs_revision: 'Request revision',
};

/**
 * The comments of a review (SPEC.md §5): a reason is required to reject, optional to approve
 * or to ask for a revision.
 */
export function ReviewDialog({ target, onClose, onSubmit }: ReviewDialogProps) {
  const [comments, setComments] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { submitting, failure, run } = useSubmission(FALLBACK_MESSAGES.submitReview);
  const commentsRef = useRef<HTMLTextAreaElement>(null);
  const required = target?.action === 'rejected';

  const submit = async () => {
    if (!target) return;
    const problem = reviewCommentsError(target.action, comments);
    if (problem) {
      setFieldError(problem);
      commentsRef.current?.focus();
      return;
    }
    await run(() => onSubmit(target, comments));
  };

  const author = target?.summary.user?.name;
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      title={target ? titles[target.action] : ''}
      description={author ? `A summary by ${author}.` : undefined}
      submitLabel={
        REVIEW_ACTIONS.find(({ action }) => action === target?.action)?.label ?? 'Submit'
      }
      submitVariant={required ? 'destructive' : 'default'}
      submitting={submitting}
      failure={failure}
      onSubmit={() => void submit()}
    >
      <FormField
        label={required ? 'Reason for rejection' : 'Comments (optional)'}
        hint={required ? 'The author sees this reason.' : undefined}
        error={fieldError}
      >
        {(control) => (
          <Textarea
            {...control}
            ref={commentsRef}
            required={required}
            aria-required={required || undefined}
            value={comments}
            onChange={(event) => {
              setComments(event.target.value);
              setFieldError(undefined);
            }}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
