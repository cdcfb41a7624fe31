import type { Summary } from '../../lib/summaries/summary';

type ReviewStatus = Summary['reviewStatus'];

/** The review status as the author reads it (issue 11). */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  needs_revision: 'Needs revision',
};
