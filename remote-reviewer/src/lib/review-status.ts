import type { BadgeVariant } from 'common/badge-variant';

/** SPEC.md §4 "Review status". */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'needs_revision'] as const;

export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a reviewer may decide (POST /api/reviews/:id/submit `action`). */
export type ReviewAction = Exclude<ReviewStatus, 'pending'>;

/** SPEC.md §5 "Reject review". */
export const REJECT_REASON_REQUIRED = 'Please provide a reason for rejection';

/** A summary's review status as shown: an unknown value displays as pending (SPEC.md §4). */
export function reviewStatusOf(value: unknown): ReviewStatus {
  return (REVIEW_STATUSES as readonly unknown[]).includes(value)
    ? (value as ReviewStatus)
    : 'pending';
}

const labels: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  needs_revision: 'Needs revision',
};

const variants: Record<ReviewStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  needs_revision: 'secondary',
};

export function reviewStatusLabel(value: unknown): string {
  return labels[reviewStatusOf(value)];
}

export function reviewStatusVariant(value: unknown): BadgeVariant {
  return variants[reviewStatusOf(value)];
}

/** The review buttons of a pending summary, in order. */
export const REVIEW_ACTIONS: ReadonlyArray<{ action: ReviewAction; label: string }> = [
  { action: 'approved', label: 'Approve' },
  { action: 'rejected', label: 'Reject' },
  { action: 'needs_revision', label: 'Request revision' },
];

/** Validates a review's comments (SPEC.md §5): required to reject, optional otherwise. */
export function reviewCommentsError(action: ReviewAction, comments: string): string | undefined {
  return action === 'rejected' && comments.trim() === '' ? REJECT_REASON_REQUIRED : undefined;
}
