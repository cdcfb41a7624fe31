import type { CollectionSource, SummarySection, SummarySource } from '../../db/schema';
import { documentSections, shiftSections } from '../../lib/document-sections';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import type { JobQueueName } from '../../db/job-queue';
import { countCodePoints, documentContentProblem } from '../../lib/summary-text';
import { MAX_DOCUMENT_CHARS } from '../../lib/product-constants';
import type { DocumentText, ReadOptions } from '../../documents/document-reader';
import type { HiddenPassage } from '../../documents/hidden-text';
import { findInstructionLike } from '../../summarizer/text/instruction-like';
import type { InstructionLikePassage } from '../../summarizer/text/instruction-like';
import type { SummaryFormat, SummaryLength } from '../../summarizer/summarizer';
import { readDocument } from './document-errors';
import { detectSourceLanguages } from './summary-languages';
import type { DocumentLanguages } from './summary-languages';

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
  /**
   * The language asked for (ISO 639-1, API.md round 3 `language`); null or absent: the
   * document's own.
   */
  language?: string | null | undefined;
}

/** The options of a new summary besides its source. */
export interface SummaryOptions extends SummaryShape {
  customPrompt: string | null;
  /** Read text the document hides from its readers as part of it (issue 28); false by default. */
  includeHidden?: boolean | undefined;
}

/**
 * A new summary's input as the routes take it: pasted `text` (already checked by the zod
 * schema: trimmed, 50..50,000 characters), an uploaded `file` (not yet read) or a web address
 * `url` (checked for its form only: http or https, at most 2,048 characters). The one
 * declaration of the kinds of input (`collection` comes later).
 */
export type SummaryInput =
  | ({ kind: 'text'; text: string } & SummaryOptions)
  | ({ kind: 'file'; file: File } & SummaryOptions)
  | ({ kind: 'url'; url: string } & SummaryOptions);
export type SummaryInputKind = SummaryInput['kind'];

/** The queue that runs each kind of input in the background (POST /async, /upload/async). */
export const SUMMARY_QUEUES: Record<SummaryInputKind, JobQueueName> = {
  text: 'text-summary',
  file: 'file-processing',
  url: 'file-processing',
};

/** Where a summary's text was read from, beyond its kind (API.md round 3). */
export interface SourceDetails {
  /** For a web address: where the text came from after redirects. */
  sourceUrl: string | null;
  /** The page's or document's title, where one is known. */
  sourceTitle: string | null;
  /** Some of the text was read from images by OCR. */
  ocr: boolean;
  /** For PDFs and multi-page scans: where page 2, 3, … begin in the text. */
  pageBreaks: number[];
  /** The source's headings and the spans they head in the text (lib/document-sections.ts). */
  sections: SummarySection[];
}

/** Pasted text: none of the details. */
export const PASTED_SOURCE: SourceDetails = {
  sourceUrl: null,
  sourceTitle: null,
  ocr: false,
  pageBreaks: [],
  sections: [],
};

/** What a new summary is made from: validated text, and where it came from. */
export interface SummarySourceText extends SummaryOptions, SourceDetails, DocumentLanguages {
  text: string;
  source: SummarySource;
  fileName: string | null;
  /** For a collection (summary-collection.ts): its documents' spans in `text`. */
  sources?: CollectionSource[] | undefined;
  /** Text of the file or page its readers cannot see (issue 28); absent: none. */
  hiddenText?: HiddenPassage[] | undefined;
  /** Passages of `text` or of `hiddenText` that address an AI (issue 28); absent: none. */
  instructionLike?: InstructionLikePassage[] | undefined;
}

/**
 * The file name and the details of where `source`'s text was read from, as a summary stores
 * them and as a queued job carries them.
 */
export function documentOrigin(
  source: SummarySourceText,
): Pick<SummarySourceText, 'fileName' | keyof SourceDetails> {
  return {
    fileName: source.fileName,
    sourceUrl: source.sourceUrl,
    sourceTitle: source.sourceTitle,
    ocr: source.ocr,
    pageBreaks: source.pageBreaks,
    sections: source.sections,
  };
}

/** The summary's `source` of a document's format: its file kind, `image`, or `url` for a page. */
function sourceOf(document: DocumentText, from: 'file' | 'url'): SummarySource {
  if (from === 'url') return 'url';
  return document.format === 'html' ? 'url' : document.format;
}

/**
 * A document's text, trimmed, held to the rules of a document's text (50..500,000 characters,
 * no invalid characters): a 400 naming the field `file`, or a 413 for a web address past the
 * limit.
 */
function documentSourceText(
  document: DocumentText,
  from: 'file' | 'url',
): Pick<SummarySourceText, 'text' | keyof SourceDetails> {
  const text = document.text.trim();
  const problem = documentContentProblem(text);
  if (problem !== null) {
    if (from === 'url' && countCodePoints(text) > MAX_DOCUMENT_CHARS) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', problem);
    }
    throw new AppError(400, 'VALIDATION_ERROR', problem, [{ field: from, message: problem }]);
  }
  // The trim moves the page breaks by what was cut at the start.
  const cut = document.text.length - document.text.trimStart().length;
  return {
    text,
    sourceUrl: null,
    sourceTitle: document.title,
    ocr: document.ocr,
    pageBreaks: document.pageBreaks
      .map((offset) => offset - cut)
      .filter((offset) => offset > 0 && offset < text.length),
    sections: shiftSections(document.sections, cut, text.length),
  };
}

/**
 * The text `input` is summarized from, resolved once. A file or a web page is read by the
 * documents module (AppDeps.documents) in worker threads, its owner (`requesterId`) getting a
 * fair share of the readers, its progress told to `onProgress`; one that cannot be read is
 * refused (documentErrorResponse) before anything is charged, and its text must meet the rules
 * of a document's text, and hold at least one letter (422 NO_TEXT otherwise). The text's
 * language is detected here, once (summary-languages.ts).
 */
export async function resolveSummaryInput(
  deps: Pick<AppDeps, 'documents'>,
  input: SummaryInput,
  requesterId?: string,
  reading: Omit<ReadOptions, 'owner'> = {},
): Promise<SummarySourceText> {
  const source = await readSummaryInput(deps, input, requesterId, reading);
  // Digits, symbols or emoji alone say nothing a summary could tell, in any language.
  if (!/\p{L}/u.test(source.text)) throw new AppError(422, 'NO_TEXT', NO_WORDS_MESSAGE);
  const hiddenText = source.hiddenText ?? [];
  return {
    ...source,
    hiddenText,
    instructionLike: findInstructionLike(
      source.text,
      hiddenText.map((passage) => passage.text),
    ),
    ...(await detectSourceLanguages(source.text)),
  };
}

/** The refusal of a text without a single letter (issue 30's bad input). */
export const NO_WORDS_MESSAGE =
  'There are no words to summarize: the text holds only numbers, symbols or emoji';

/** The text of `input` and where it came from (resolveSummaryInput without the languages). */
async function readSummaryInput(
  deps: Pick<AppDeps, 'documents'>,
  input: SummaryInput,
  requesterId: string | undefined,
  reading: Omit<ReadOptions, 'owner'>,
): Promise<Omit<SummarySourceText, keyof DocumentLanguages>> {
  const options: SummaryOptions = {
    customPrompt: input.customPrompt,
    length: input.length,
    format: input.format,
    language: input.language ?? null,
  };
  const readOptions: ReadOptions = {
    ...reading,
    owner: requesterId,
    includeHidden: input.includeHidden === true,
  };
  switch (input.kind) {
    case 'text':
      return {
        ...options,
        ...PASTED_SOURCE,
        sections: documentSections(input.text),
        text: input.text,
        source: 'text',
        fileName: null,
      };
    case 'file': {
      const document = await readDocument(
        () => deps.documents.readFile(input.file, readOptions),
        'file',
      );
      return {
        ...options,
        ...documentSourceText(document, 'file'),
        source: sourceOf(document, 'file'),
        fileName: document.fileName,
        hiddenText: document.hiddenText,
      };
    }
    case 'url': {
      const document = await readDocument(
        () => deps.documents.readUrl(input.url, readOptions),
        'url',
      );
      return {
        ...options,
        ...documentSourceText(document, 'url'),
        sourceUrl: document.url,
        source: sourceOf(document, 'url'),
        fileName: null,
        hiddenText: document.hiddenText,
      };
    }
  }
}
