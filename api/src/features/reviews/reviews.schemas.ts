import { z } from 'zod';
import type { ReviewAction } from '../../db/schema';
import {
  jsonObjectBody,
  optionalTrimmedText,
  pageQueryFields,
  searchQueryField,
} from '../../lib/validation';
import { countCodePoints, hasInvalidCharacters } from '../../lib/summary-text';

/*
 * The request rules of the review routes, with SPEC.md's exact messages where it gives one.
 * Each field reports one message: the first rule it breaks.
 */

/** Most summaries one review listing may hold, and its default (SPEC.md §9). */
export const MAX_REVIEW_LIST_SIZE = 100;
/** A review's comments: at most this many characters (code points, after trimming). */
export const MAX_REVIEW_COMMENTS_CHARS = 2_000;

export const REJECTION_REASON_MESSAGE = 'Please provide a reason for rejection';
export const REVIEW_ACTION_MESSAGE =
  'Please choose a review action: approved, rejected or needs_revision';
export const REVIEW_COMMENTS_TOO_LONG_MESSAGE = `Comments must be at most ${MAX_REVIEW_COMMENTS_CHARS.toLocaleString('en-US')} characters`;
export const REVIEW_COMMENTS_INVALID_MESSAGE = 'Comments contain invalid characters';
const STATUS_MESSAGE = 'Status must be pending or all';

const actions = [
  'approved',
  'rejected',
  'needs_revision',
] as const satisfies readonly ReviewAction[];

/**
 * GET /api/reviews/pending: status pending (default) or all; page ≥ 1 (default 1); limit
 * 1..100 (default 100); q, words of the original or the summary (empty means none).
 */
const reviewListPage = pageQueryFields(MAX_REVIEW_LIST_SIZE, MAX_REVIEW_LIST_SIZE);

export const reviewListQuerySchema = z.object({
  page: reviewListPage.page,
  q: searchQueryField(),
  status: z
    .enum(['pending', 'all'], { error: STATUS_MESSAGE })
    .optional()
    .transform((status) => status ?? 'pending'),
  limit: reviewListPage.limit,
});

/** Optional, trimmed, at most 2,000 characters; missing, null, empty or blank all mean none (null). */
const comments = optionalTrimmedText('Comments must be text', (text) => {
  if (hasInvalidCharacters(text)) return REVIEW_COMMENTS_INVALID_MESSAGE;
  if (countCodePoints(text) > MAX_REVIEW_COMMENTS_CHARS) return REVIEW_COMMENTS_TOO_LONG_MESSAGE;
  return null;
});

/** POST /api/reviews/:id/submit: the action, and comments (required to reject). */
export const submitReviewSchema = z
  .object({ action: z.enum(actions, { error: REVIEW_ACTION_MESSAGE }), comments }, jsonObjectBody)
  .refine((review) => review.action !== 'rejected' || review.comments !== null, {
    error: REJECTION_REASON_MESSAGE,
    path: ['comments'],
  });

export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;
export type SubmitReviewInput = z.infer<typeof submitReviewSchema>;
