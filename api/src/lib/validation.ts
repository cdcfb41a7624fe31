import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { z } from 'zod';
import { AppError } from './app-error';
import type { FieldError } from './app-error';

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** Turns zod issues into API.md's `errors` list, one entry per field (its first issue). */
export function toFieldErrors(issues: readonly IssueLike[], fallbackField = 'body'): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || fallbackField;
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}

/** The 400 VALIDATION_ERROR for a list of zod issues; its message is the first error's. */
export function validationError(issues: readonly IssueLike[], fallbackField = 'body'): AppError {
  const errors = toFieldErrors(issues, fallbackField);
  const message = errors[0]?.message ?? 'The request is not valid';
  return new AppError(400, 'VALIDATION_ERROR', message, errors);
}

/**
 * `zValidator` with the API.md failure envelope: a broken rule becomes
 * 400 VALIDATION_ERROR with `errors: [{ field, message }]`. Routes use it in chained
 * definitions so `hc<AppType>` knows each route's input:
 *
 * ```ts
 * .post('/', validate('json', createSummarySchema), async (c) => { const input = c.req.valid('json'); ... })
 * ```
 */
export function validate<Schema extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success)
      throw validationError(result.error.issues, target === 'json' ? 'body' : target);
  });
}

/**
 * Optional text, trimmed: missing, null, empty or blank all mean none (null). Otherwise
 * `problemOf` names the first rule the trimmed text breaks (null when it keeps them all), and
 * that is the field's one message.
 */
export function optionalTrimmedText(
  typeMessage: string,
  problemOf: (trimmed: string) => string | null,
) {
  return z
    .string({ error: typeMessage })
    .nullish()
    .transform((value, context) => {
      const trimmed = value?.trim() ?? '';
      if (trimmed === '') return null;
      const problem = problemOf(trimmed);
      if (problem === null) return trimmed;
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    });
}

/** The error of a body that is not a JSON object: `z.object(fields, jsonObjectBody)`. */
export const jsonObjectBody = { error: 'The request body must be a JSON object' } as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a well-formed uuid (any case), the shape of every id the API hands out. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * Checks the path parameter `name` at the edge: a malformed id names nothing, so it is the
 * route's own 404 (`notFound`), never a database error. Put it after the route's other
 * `validate(...)` steps, so a bad body is still the 400 it was.
 */
export function uuidParam(name: string, notFound: () => AppError): MiddlewareHandler {
  return async (c, next) => {
    if (!isUuid(c.req.param(name) ?? '')) throw notFound();
    await next();
  };
}

export const MAX_PAGE_LIMIT = 100;
export const PAGE_MESSAGE = 'Page must be a whole number of 1 or more';
/** The 400 message of a `limit` outside 1..`max`. */
export function limitMessage(max: number = MAX_PAGE_LIMIT): string {
  return `Limit must be a whole number from 1 to ${max}`;
}

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

/**
 * `page` (a whole number from 1, default 1) and `limit` (1..`maxLimit`, default `defaultLimit`)
 * as query fields of a zod object: API.md's rules for every list route.
 */
export function pageQueryFields(defaultLimit: number, maxLimit: number = MAX_PAGE_LIMIT) {
  return {
    page: wholeNumber(PAGE_MESSAGE, 1, Number.MAX_SAFE_INTEGER, 1),
    limit: wholeNumber(limitMessage(maxLimit), 1, maxLimit, defaultLimit),
  };
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
