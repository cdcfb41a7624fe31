import type { MiddlewareHandler } from 'hono';
import { FILE_TOO_LARGE_MESSAGE } from '../../documents/document-error';
import type { AuthEnv } from '../../app-env';
import { MULTIPART_OVERHEAD_BYTES } from '../../middleware/body-limit';
import { readMultipartForm } from '../../lib/multipart-form';
import { MAX_FILE_BYTES } from '../../lib/product-constants';
import type { validate } from '../../lib/validation';
import { validationError } from '../../lib/validation';
import { uploadSummarySchema } from './summaries.schemas';
import { assertCanPay } from './summaries.service';

/**
 * The text fields an upload may carry beside its `file`: today's options, and the round-3
 * `language` and `includeHidden` (API.md "Additions, round 3").
 */
export const UPLOAD_TEXT_FIELDS = [
  'customPrompt',
  'length',
  'format',
  'language',
  'includeHidden',
] as const;

/** Most bytes of one text field: far above a 500-character prompt, so the schema says why. */
export const MAX_UPLOAD_FIELD_BYTES = 16 * 1024;

/** The middleware `validate('form', uploadSummarySchema)` is, so `hc<AppType>` keeps its types. */
type UploadFormValidator = ReturnType<typeof validate<typeof uploadSummarySchema, 'form'>>;

/**
 * 402 INSUFFICIENT_CREDITS for a user with no credit, before a byte of the upload is read: put it
 * after the router's requireAuth and before `uploadForm` on the routes that charge.
 */
export const requireSummaryCredit: MiddlewareHandler<AuthEnv> = async (c, next) => {
  assertCanPay({ user: c.get('user'), requestId: c.get('requestId') });
  await next();
};

/**
 * The upload's form, read as it streams in (readMultipartForm): one `file` and the fields of
 * UPLOAD_TEXT_FIELDS, each once, refused at the first limit crossed, then checked by
 * uploadSummarySchema (400 VALIDATION_ERROR) and handed to the route as `c.req.valid('form')`.
 * Typed as the zod validator it replaces, so the front ends' client sees the same input.
 */
export function uploadForm(): UploadFormValidator {
  const middleware: MiddlewareHandler = async (c, next) => {
    const fields = await readMultipartForm(c.req.raw, {
      fileField: 'file',
      textFields: UPLOAD_TEXT_FIELDS,
      maxFileBytes: MAX_FILE_BYTES,
      maxFieldBytes: MAX_UPLOAD_FIELD_BYTES,
      maxBodyBytes: MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES,
      tooLargeMessage: FILE_TOO_LARGE_MESSAGE,
    });
    const parsed = uploadSummarySchema.safeParse(fields);
    if (!parsed.success) throw validationError(parsed.error.issues, 'form');
    c.req.addValidatedData('form', parsed.data);
    await next();
  };
  return middleware as UploadFormValidator;
}
