import { z } from 'zod';
import { jsonObjectBody, optionalTrimmedText, pageQueryFields } from '../../lib/validation';
import { MAX_RECHARGE_CREDITS } from '../../lib/product-constants';
import { countCodePoints, hasInvalidCharacters } from '../../lib/summary-text';

/*
 * The request rules of the credits routes (issue 11). Each field reports one message: the
 * first rule it breaks.
 */

export const MIN_REQUEST_CREDITS = 1;
export const MAX_REQUEST_CREDITS = 1_000;
/** A request's reason and an administrator's note: at most this many characters. */
export const MAX_REQUEST_TEXT_CHARS = 500;
export const DEFAULT_HISTORY_LIMIT = 20;
export const DEFAULT_REQUESTS_LIMIT = 50;

export const REQUEST_CREDITS_MESSAGE = `Credits must be a whole number from ${MIN_REQUEST_CREDITS} to ${MAX_REQUEST_CREDITS.toLocaleString('en-US')}`;
export const REASON_TOO_LONG_MESSAGE = `Reason must be at most ${MAX_REQUEST_TEXT_CHARS} characters`;
export const NOTE_TOO_LONG_MESSAGE = `Note must be at most ${MAX_REQUEST_TEXT_CHARS} characters`;
export const DECISION_MESSAGE = 'Please choose a decision: approved or denied';
export const GRANT_CREDITS_MESSAGE = `Credits must be a whole number from 1 to ${MAX_RECHARGE_CREDITS.toLocaleString('en-US')}`;
const REQUEST_STATUS_MESSAGE = 'Status must be open or all';

/** Optional text, trimmed, at most 500 characters; missing, null, empty or blank mean none (null). */
function optionalText(label: string, tooLong: string) {
  return optionalTrimmedText(`${label} must be text`, (text) => {
    if (hasInvalidCharacters(text)) return `${label} contains invalid characters`;
    if (countCodePoints(text) > MAX_REQUEST_TEXT_CHARS) return tooLong;
    return null;
  });
}

function wholeCredits(message: string, max: number) {
  return z.number({ error: message }).int(message).min(1, message).max(max, message);
}

/** GET /api/credits/history: page, limit 1..100 (default 20). */
export const creditHistoryQuerySchema = z.object(pageQueryFields(DEFAULT_HISTORY_LIMIT));

/** POST /api/credits/requests: credits 1..1,000 and an optional reason of at most 500 characters. */
export const createCreditRequestSchema = z.object(
  {
    credits: wholeCredits(REQUEST_CREDITS_MESSAGE, MAX_REQUEST_CREDITS),
    reason: optionalText('Reason', REASON_TOO_LONG_MESSAGE),
  },
  jsonObjectBody,
);

/** GET /api/admin/credit-requests: status open (default) or all, page, limit (default 50). */
export const adminCreditRequestsQuerySchema = z.object({
  status: z
    .enum(['open', 'all'], { error: REQUEST_STATUS_MESSAGE })
    .optional()
    .transform((status) => status ?? 'open'),
  ...pageQueryFields(DEFAULT_REQUESTS_LIMIT),
});

/** PUT /api/admin/credit-requests/:id: the decision, the credits to add (default as asked), a note. */
export const decideCreditRequestSchema = z.object(
  {
    decision: z.enum(['approved', 'denied'], { error: DECISION_MESSAGE }),
    credits: wholeCredits(GRANT_CREDITS_MESSAGE, MAX_RECHARGE_CREDITS).optional(),
    note: optionalText('Note', NOTE_TOO_LONG_MESSAGE),
  },
  jsonObjectBody,
);

export type CreditHistoryQuery = z.infer<typeof creditHistoryQuerySchema>;
export type CreateCreditRequestInput = z.infer<typeof createCreditRequestSchema>;
export type AdminCreditRequestsQuery = z.infer<typeof adminCreditRequestsQuerySchema>;
export type DecideCreditRequestInput = z.infer<typeof decideCreditRequestSchema>;
