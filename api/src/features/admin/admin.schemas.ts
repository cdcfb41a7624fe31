import { z } from 'zod';
import type { ReviewStatus, Role } from '../../db/schema';
import {
  filterField,
  isUuid,
  jsonObjectBody,
  pageQueryFields,
  searchQueryField,
} from '../../lib/validation';
import { MAX_CHARS, MAX_RECHARGE_CREDITS } from '../../lib/product-constants';
import { countCodePoints, hasInvalidCharacters } from '../../lib/summary-text';

/*
 * The request rules of API.md "Limits" for the admin and content routes, with SPEC.md's
 * exact messages. Each field reports one message: the first rule it breaks.
 */

export { MAX_RECHARGE_CREDITS };
/** Most summaries one admin list page may hold. */
export const MAX_ADMIN_PAGE_SIZE = 100;
/** Summaries per page when the query names no limit (SPEC.md §9: the admin page lists 50). */
export const DEFAULT_ADMIN_PAGE_SIZE = 50;

export const INVALID_CREDITS_MESSAGE = 'Please enter a valid positive number';
/** A fraction of a credit (2.5): refused, not cut to 2 (issue 26). */
export const WHOLE_CREDITS_MESSAGE = 'Credits must be a whole number, such as 2 or 3';
export const SELECT_ROLE_MESSAGE = 'Please select a role';
export const SUMMARY_CONTENT_REQUIRED_MESSAGE = 'Summary content is required';
export const SUMMARY_CONTENT_INVALID_MESSAGE = 'Summary content contains invalid characters';
const SUMMARY_CONTENT_NOT_TEXT_MESSAGE = 'Summary content must be text';

/** `Summary content exceeds maximum 50,000 characters (current: N)` with N a plain integer. */
export function summaryContentTooLongMessage(current: number): string {
  return `Summary content exceeds maximum ${MAX_CHARS.toLocaleString('en-US')} characters (current: ${current})`;
}

const roles = ['user', 'editor', 'reviewer', 'admin'] as const satisfies readonly Role[];

/** PUT /api/admin/users/:id/recharge: a whole number of credits, 1..1,000,000 (a fraction: its own message). */
export const rechargeSchema = z.object(
  {
    credits: z
      .number({ error: INVALID_CREDITS_MESSAGE })
      .min(1, INVALID_CREDITS_MESSAGE)
      .int(WHOLE_CREDITS_MESSAGE)
      .max(MAX_RECHARGE_CREDITS, INVALID_CREDITS_MESSAGE),
  },
  jsonObjectBody,
);

/** PUT /api/admin/users/:id/role: one of the four roles. */
export const changeRoleSchema = z.object(
  { role: z.enum(roles, { error: SELECT_ROLE_MESSAGE }) },
  jsonObjectBody,
);

const reviewStatuses = [
  'pending',
  'approved',
  'rejected',
  'needs_revision',
] as const satisfies readonly ReviewStatus[];

export const ROLE_FILTER_MESSAGE = `Role must be one of: ${roles.join(', ')}`;
export const STATUS_FILTER_MESSAGE = `Status must be one of: ${reviewStatuses.join(', ')}`;
export const USER_ID_FILTER_MESSAGE = 'userId must be a user id';

/**
 * GET /api/admin/users: page ≥ 1 (default 1), limit 1..100 (default 50), q (words of the name
 * or email; empty means none), role (one of the four; empty means any).
 */
export const adminUsersQuerySchema = z.object({
  ...pageQueryFields(DEFAULT_ADMIN_PAGE_SIZE, MAX_ADMIN_PAGE_SIZE),
  q: searchQueryField(),
  role: filterField(roles, ROLE_FILTER_MESSAGE),
});

/**
 * GET /api/admin/summaries: page ≥ 1 (default 1), limit 1..100 (default 50), q (words of the
 * original or the summary), status (review status), userId (the author); empty means none.
 */
export const adminSummariesQuerySchema = z.object({
  ...pageQueryFields(DEFAULT_ADMIN_PAGE_SIZE, MAX_ADMIN_PAGE_SIZE),
  q: searchQueryField(),
  status: filterField(reviewStatuses, STATUS_FILTER_MESSAGE),
  userId: z
    .string({ error: USER_ID_FILTER_MESSAGE })
    .trim()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return undefined;
      if (!isUuid(value)) {
        context.addIssue({ code: 'custom', message: USER_ID_FILTER_MESSAGE });
        return z.NEVER;
      }
      return value.toLowerCase();
    }),
});

/** PUT /api/admin/summaries/:id: the new summary text, trimmed, 1..50,000 code points. */
export const editSummarySchema = z.object(
  {
    summarizedContent: z
      .string({
        error: (issue) =>
          issue.input == null ? SUMMARY_CONTENT_REQUIRED_MESSAGE : SUMMARY_CONTENT_NOT_TEXT_MESSAGE,
      })
      .trim()
      .transform((text, context) => {
        let problem: string | null = null;
        if (text === '') problem = SUMMARY_CONTENT_REQUIRED_MESSAGE;
        else if (hasInvalidCharacters(text)) problem = SUMMARY_CONTENT_INVALID_MESSAGE;
        else {
          const length = countCodePoints(text);
          if (length > MAX_CHARS) problem = summaryContentTooLongMessage(length);
        }
        if (problem === null) return text;
        context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }),
  },
  jsonObjectBody,
);

export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
export type AdminSummariesQuery = z.infer<typeof adminSummariesQuerySchema>;
