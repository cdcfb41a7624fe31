import busboy from 'busboy';
import { once } from 'node:events';
import { AppError } from './app-error';

/** What a multipart form may hold: one file and a few named text fields, each once. */
export interface MultipartFormRules {
  /** The name of the one file part. */
  fileField: string;
  /** The text fields allowed beside it; any other name is refused. */
  textFields: readonly string[];
  /** Most bytes of the file (413 past it). */
  maxFileBytes: number;
  /** Most bytes of one text field (400 past it). */
  maxFieldBytes: number;
  /** Most bytes of the whole body, framing included (413 past it). */
  maxBodyBytes: number;
  /** The 413's message. */
  tooLargeMessage: string;
}

/** The parts of a form, as Hono's `parseBody` gives them: the file as a File, fields as text. */
export type MultipartFields = Record<string, string | File>;

/** Most bytes of one part's headers (busboy's own fixed limit; Node's for a request's headers). */
export const MAX_PART_HEADER_BYTES = 16 * 1024;

export const ONE_FILE_MESSAGE = 'Send exactly one file';

function formError(field: string, message: string): AppError {
  return new AppError(400, 'VALIDATION_ERROR', message, [{ field, message }]);
}

/** The chunks of a file in one array (of its own ArrayBuffer, as File takes in every build). */
function joined(chunks: Buffer[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** Why busboy refused the body, in words for the client. */
function malformed(error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  const message = /part header/i.test(reason)
    ? `A part's headers are malformed or longer than ${MAX_PART_HEADER_BYTES / 1024} KB`
    : `The multipart body is malformed: ${reason}`;
  return formError('body', message);
}

/**
 * Reads a `multipart/form-data` body as it streams in, with busboy, and refuses it with the first
 * limit it crosses, at once, without reading on: a second file part or any part past the allowed
 * ones (400, field `file` or the part's name), an unknown or repeated field (400 naming it), a
 * field over `maxFieldBytes` (400), a part's headers over 16 KB (400), the file or the body over
 * their limits (413). What is left of the body is left unread, the stream unlocked, for
 * settleUnreadBody to drain after the answer. A body with no multipart Content-Type gives no
 * fields (the schema then says what is missing).
 */
export async function readMultipartForm(
  request: Request,
  rules: MultipartFormRules,
): Promise<MultipartFields> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType.trim()) || request.body === null) return {};
  const allowed = new Set(rules.textFields);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: {
        files: 1,
        // The file's name may come as a text part (the schema then says no file was chosen).
        fields: rules.textFields.length + 1,
        // One more than a form can rightly hold: busboy reports reaching the count, not passing it.
        parts: rules.textFields.length + 2,
        fileSize: rules.maxFileBytes,
        fieldSize: rules.maxFieldBytes,
      },
    });
  } catch (error) {
    throw malformed(error);
  }

  const result: MultipartFields = {};
  let failure: AppError | undefined;
  const fail = (error: AppError) => {
    failure ??= error;
  };
  const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', rules.tooLargeMessage);
  const fileDone: Promise<void>[] = [];

  parser.on('file', (given, stream, info) => {
    const name = (given as string | undefined) ?? '(unnamed)';
    if (name !== rules.fileField || rules.fileField in result) {
      stream.resume();
      fail(
        name === rules.fileField || allowed.has(name)
          ? formError(name, ONE_FILE_MESSAGE)
          : formError(name, `Unknown field: ${name}`),
      );
      return;
    }
    const chunks: Buffer[] = [];
    // Set now, so a second file part is seen as one even before this one ends.
    result[name] = '';
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('limit', () => fail(tooLarge()));
    fileDone.push(
      once(stream, 'end').then(
        () => {
          result[name] = new File([joined(chunks)], info.filename ?? '', { type: info.mimeType });
        },
        (error: unknown) => fail(malformed(error)),
      ),
    );
  });
  parser.on('field', (given, value, info) => {
    // A part without a name (busboy gives undefined) is unknown too.
    const name = (given as string | undefined) ?? '(unnamed)';
    if (name === rules.fileField) {
      // A text part where the file should be: the schema says no file was chosen.
      if (name in result) fail(formError(name, ONE_FILE_MESSAGE));
      else result[name] = value;
    } else if (!allowed.has(name)) fail(formError(name, `Unknown field: ${name}`));
    else if (name in result) fail(formError(name, `The field ${name} was sent more than once`));
    else if (info.valueTruncated) {
      fail(formError(name, `The field ${name} must be at most ${rules.maxFieldBytes} bytes`));
    } else result[name] = value;
  });
  parser.on('filesLimit', () => fail(formError(rules.fileField, ONE_FILE_MESSAGE)));
  const tooManyParts = () =>
    fail(
      formError(
        'body',
        `The form may hold one file and the fields ${rules.textFields.join(', ')}, each once`,
      ),
    );
  parser.on('partsLimit', tooManyParts);
  parser.on('fieldsLimit', tooManyParts);
  parser.on('error', (error) => fail(malformed(error)));
  const closed = once(parser, 'close').catch(() => undefined);

  const reader = request.body.getReader();
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > rules.maxBodyBytes) fail(tooLarge());
      // busboy reports limits and broken headers while it parses what is written.
      else if (!parser.write(value) && !failure) await once(parser, 'drain').catch(() => undefined);
      if (failure) break;
    }
  } finally {
    // Unlocked, so the rest can be drained after the answer; never cancelled (that would reset
    // the connection while the client is still sending).
    reader.releaseLock();
  }
  if (failure) {
    parser.destroy();
    throw failure;
  }
  parser.end();
  await closed;
  await Promise.all(fileDone);
  if (failure) throw failure;
  return result;
}
