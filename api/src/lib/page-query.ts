import { z } from 'zod';

/*
 * `page` and `limit` of the list routes added in issue 11 (credits history, credit requests,
 * notifications, audit log), with API.md's rules: page ≥ 1, limit 1..100.
 */

export const MAX_PAGE_LIMIT = 100;
export const PAGE_MESSAGE = 'Page must be a whole number of 1 or more';
export const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`;

function wholeNumber(message: string, min: number, max: number, fallback: number) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,15}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message)
    .optional()
    .transform((value) => value ?? fallback);
}

/** `page` (default 1) and `limit` (default `defaultLimit`) as query fields of a zod object. */
export function pageQueryFields(defaultLimit: number) {
  return {
    page: wholeNumber(PAGE_MESSAGE, 1, Number.MAX_SAFE_INTEGER, 1),
    limit: wholeNumber(LIMIT_MESSAGE, 1, MAX_PAGE_LIMIT, defaultLimit),
  };
}

/** A list page's `pagination`: API.md's shape, with `total` the count of every matching row. */
export interface PaginationDto {
  currentPage: number;
  /** ceil(total / limit): 0 when there is nothing. */
  totalPages: number;
  total: number;
  limit: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export function toPaginationDto(page: number, limit: number, total: number): PaginationDto {
  const totalPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    totalPages,
    total,
    limit,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

/** The rows to skip for `page`. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** Most characters a search (`q`) may hold. */
export const MAX_SEARCH_LENGTH = 200;
export const SEARCH_LENGTH_MESSAGE = `Search must be at most ${MAX_SEARCH_LENGTH} characters`;
const SEARCH_TEXT_MESSAGE = 'Search must be text without control characters';

/** `q`: trimmed words to find; missing, empty or blank means no filter (undefined). */
export function searchQueryField() {
  return z
    .string({ error: SEARCH_TEXT_MESSAGE })
    .optional()
    .transform((value, context) => {
      const trimmed = value?.trim() ?? '';
      if (trimmed === '') return undefined;
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u.test(trimmed)) {
        context.addIssue({ code: 'custom', message: SEARCH_TEXT_MESSAGE });
        return z.NEVER;
      }
      if ([...trimmed].length > MAX_SEARCH_LENGTH) {
        context.addIssue({ code: 'custom', message: SEARCH_LENGTH_MESSAGE });
        return z.NEVER;
      }
      return trimmed;
    });
}

/**
 * An optional choice among `values` for a query filter: missing or empty means no filter
 * (undefined), anything else outside `values` breaks the rule with `message`.
 */
export function filterField<const Values extends readonly [string, ...string[]]>(
  values: Values,
  message: string,
) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(values, { error: message }).optional(),
  );
}
