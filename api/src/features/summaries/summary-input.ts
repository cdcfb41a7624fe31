import type { SummarySource } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/app-env';
import type { JobQueueName } from '../../lib/job-queue';
import { contentProblem } from '../../lib/summary-text';
import type { SummaryFormat, SummaryLength } from '../../summarizer/summarizer';
import { readUploadedDocument } from './document-errors';

/*
 * What a new summary starts from, and how that becomes the text it summarizes: the one place
 * the plain (POST /), streaming (/stream) and queued (/async, /upload/async) creations and
 * the upload (/upload) resolve their input. A new kind of source (a web page, a collection)
 * is a new member of SummaryInput and a case of resolveSummaryInput; the credit check, the
 * summarizer call and the transaction that stores and pays stay as they are.
 */

/** How the reader wants a summary written (API.md "Additions"; medium paragraph by default). */
export interface SummaryShape {
  length: SummaryLength;
  format: SummaryFormat;
}

/** The options of a new summary besides its source. */
export interface SummaryOptions extends SummaryShape {
  customPrompt: string | null;
}

/**
 * A new summary's input as the routes take it: pasted `text` (already checked by the zod
 * schema: trimmed, 50..50,000 characters) or an uploaded `file` (not yet read). The one
 * declaration of the kinds of input (`url` and `collection` come later).
 */
export type SummaryInput =
  | ({ kind: 'text'; text: string } & SummaryOptions)
  | ({ kind: 'file'; file: File } & SummaryOptions);
export type SummaryInputKind = SummaryInput['kind'];

/** The queue that runs each kind of input in the background (POST /async, /upload/async). */
export const SUMMARY_QUEUES: Record<SummaryInputKind, JobQueueName> = {
  text: 'text-summary',
  file: 'file-processing',
};

/** What a new summary is made from: validated text (trimmed, 50..50,000 characters). */
export interface SummarySourceText extends SummaryOptions {
  text: string;
  source: SummarySource;
  fileName: string | null;
}

/**
 * The text `input` is summarized from, resolved once. A file is read by the documents module
 * in a worker thread, its owner (`requesterId`) getting a fair share of the readers; a file of
 * the wrong kind or size, a malformed one or one without text (422 NO_TEXT) is refused before
 * anything is charged, and its text must meet the rules of pasted text (a 400 naming the field
 * `file`).
 */
export async function resolveSummaryInput(
  deps: Pick<AppDeps, 'fileExtractor'>,
  input: SummaryInput,
  requesterId?: string,
): Promise<SummarySourceText> {
  const options: SummaryOptions = {
    customPrompt: input.customPrompt,
    length: input.length,
    format: input.format,
  };
  switch (input.kind) {
    case 'text':
      return { ...options, text: input.text, source: 'text', fileName: null };
    case 'file': {
      const upload = await readUploadedDocument(deps, input.file, { owner: requesterId });
      const text = upload.text.trim();
      const problem = contentProblem(text);
      if (problem !== null) {
        throw new AppError(400, 'VALIDATION_ERROR', problem, [{ field: 'file', message: problem }]);
      }
      return { ...options, text, source: upload.source, fileName: upload.fileName };
    }
  }
}
