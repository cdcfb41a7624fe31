import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
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
