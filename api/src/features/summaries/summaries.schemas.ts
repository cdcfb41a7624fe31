import { z } from 'zod';
import {
  MAX_SEARCH_LENGTH,
  SEARCH_LENGTH_MESSAGE,
  jsonObjectBody,
  optionalTrimmedText,
  pageQueryFields,
  searchQueryField,
} from '../../lib/validation';
import {
  CONTENT_REQUIRED_MESSAGE,
  contentProblem,
  customPromptProblem,
} from '../../lib/summary-text';
import { SUMMARY_FORMATS, SUMMARY_LENGTHS } from '../../summarizer/summarizer';
import type { SummaryFormat, SummaryLength } from '../../summarizer/summarizer';
import type { SummaryInput } from './summary-input';
import { newSummaryLanguage, regeneratedSummaryLanguage } from './summary-language.schemas';

/*
 * The request rules of API.md "Limits" for summaries, with SPEC.md's exact messages.
 * Each field reports one message: the first rule it breaks.
 */

export const NO_FILE_MESSAGE = 'Please select a file first';
/** Most summaries one list page may hold. */
export const MAX_PAGE_SIZE = 100;
/** Summaries per page when the query names no limit (SPEC.md /history). */
export const DEFAULT_PAGE_SIZE = 10;

/** The text to summarize: required, trimmed, 50..50,000 code points, no NUL or lone surrogate. */
const content = z
  .string({
    error: (issue) => (issue.input == null ? CONTENT_REQUIRED_MESSAGE : 'Content must be text'),
  })
  .trim()
  .transform((text, context) => {
    const problem = contentProblem(text);
    if (problem === null) return text;
    context.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  });

/** Optional, trimmed, at most 500 characters; missing, null, empty or blank all mean none (null). */
const customPrompt = optionalTrimmedText('Custom prompt must be text', customPromptProblem);

export const LENGTH_MESSAGE = `Length must be one of: ${SUMMARY_LENGTHS.join(', ')}`;
export const FORMAT_MESSAGE = `Format must be one of: ${SUMMARY_FORMATS.join(', ')}`;
export const EXPORT_FORMAT_MESSAGE = 'Format must be one of: txt, md, docx';
export const EXPORT_CITATIONS_MESSAGE = 'Citations must be true or false';
export { MAX_SEARCH_LENGTH, SEARCH_LENGTH_MESSAGE };

/** Optional length; absent (or null) means none given. */
const length = z.enum(SUMMARY_LENGTHS, { error: LENGTH_MESSAGE }).nullish();
/** Optional format, as `length`. */
const format = z.enum(SUMMARY_FORMATS, { error: FORMAT_MESSAGE }).nullish();

/** A multipart field left empty (a form's unselected control) counts as absent. */
function formField<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema);
}

/** A web address to summarize: at most this many characters (API.md round 3). */
export const MAX_URL_CHARS = 2048;
export const URL_TOO_LONG_MESSAGE = `Page address must be at most ${MAX_URL_CHARS.toLocaleString('en-US')} characters`;
export const URL_INVALID_MESSAGE =
  'Page address must be a web address starting with http:// or https://';
export const CONTENT_OR_URL_MESSAGE = 'Send either content or url, not both';

/**
 * A web address: trimmed, at most 2,048 characters, an absolute URL. Whether Brevity may fetch
 * it (scheme, credentials, port, internal address) is the documents module's judgement: a 400
 * URL_NOT_ALLOWED, not a VALIDATION_ERROR.
 */
const url = z
  .string({ error: 'Page address must be text' })
  .trim()
  .min(1, { error: URL_INVALID_MESSAGE })
  .max(MAX_URL_CHARS, { error: URL_TOO_LONG_MESSAGE })
  .refine((value) => URL.canParse(value), { error: URL_INVALID_MESSAGE });

export const INCLUDE_HIDDEN_MESSAGE = 'includeHidden must be true or false';

/** Read the text a document hides from its readers too (issue 28); false when absent. */
const includeHidden = z
  .boolean({ error: INCLUDE_HIDDEN_MESSAGE })
  .nullish()
  .transform((value) => value === true);

/** includeHidden as a multipart field: the text `true` or `false`. */
const formIncludeHidden = formField(
  z.enum(['true', 'false'], { error: INCLUDE_HIDDEN_MESSAGE }).optional(),
).transform((value) => value === 'true');

/** What every new summary may say of how it is written. */
const summaryOptions = {
  customPrompt,
  length: length.transform((value) => value ?? 'medium'),
  format: format.transform((value) => value ?? 'paragraph'),
  language: newSummaryLanguage,
  includeHidden,
};

type SummaryOptionsInput = {
  customPrompt: string | null;
  length: SummaryLength;
  format: SummaryFormat;
  language: string | null;
  includeHidden: boolean;
};

/**
 * The input of a new summary from `content` or `url` (exactly one: neither is a 400 on
 * `content` as before, both a 400 on `url`), as the service takes it.
 */
function oneSource(
  {
    content: text,
    url: address,
    ...options
  }: SummaryOptionsInput & {
    content?: string | undefined;
    url?: string | undefined;
  },
  context: z.RefinementCtx,
): SummaryInput {
  if (text !== undefined && address !== undefined) {
    context.addIssue({ code: 'custom', path: ['url'], message: CONTENT_OR_URL_MESSAGE });
    return z.NEVER;
  }
  if (address !== undefined) return { ...options, kind: 'url', url: address };
  if (text === undefined) {
    context.addIssue({ code: 'custom', path: ['content'], message: CONTENT_REQUIRED_MESSAGE });
    return z.NEVER;
  }
  return { ...options, kind: 'text', text };
}

/** POST /api/summaries and /stream: `content` or `url`, and the options. */
export const createSummarySchema = z
  .object({ content: content.optional(), url: url.optional(), ...summaryOptions }, jsonObjectBody)
  .transform(oneSource);

/**
 * POST /api/summaries/async: as `createSummarySchema`, but the text may come as `text` (the
 * name API.md gives it there) or `content`; with both, `content` is used.
 */
export const createAsyncSummarySchema = z
  .object(
    {
      content: content.optional(),
      text: content.optional(),
      url: url.optional(),
      ...summaryOptions,
    },
    jsonObjectBody,
  )
  .transform(({ text, content: given, ...rest }, context) =>
    oneSource({ ...rest, content: given ?? text }, context),
  );

/**
 * Regenerate: a new prompt (null for none); length, format and language default to the
 * summary's own (language: the one it was asked in).
 */
export const regenerateSummarySchema = z.object(
  {
    customPrompt,
    length: length.transform((value) => value ?? undefined),
    format: format.transform((value) => value ?? undefined),
    language: regeneratedSummaryLanguage,
  },
  jsonObjectBody,
);

export const listSummariesQuerySchema = z.object({
  ...pageQueryFields(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  q: searchQueryField(),
});

/** Versions on one page of GET /api/summaries/:id/versions when `limit` is not given. */
export const DEFAULT_VERSIONS_PAGE_SIZE = 20;

/** GET /api/summaries/:id/versions: page (from 1) and limit (1..100, default 20). */
export const listVersionsQuerySchema = z.object(
  pageQueryFields(DEFAULT_VERSIONS_PAGE_SIZE, MAX_PAGE_SIZE),
);
export type ListVersionsQuery = z.infer<typeof listVersionsQuerySchema>;

export const EXPORT_FORMATS = ['txt', 'md', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * GET /api/summaries/:id/export: format is required; citations (API.md round 3) is `true` or
 * `false`, true when absent.
 */
export const exportSummaryQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: EXPORT_FORMAT_MESSAGE }),
  citations: z
    .enum(['true', 'false'], { error: EXPORT_CITATIONS_MESSAGE })
    .optional()
    .transform((value) => value !== 'false'),
});
export type ExportSummaryQuery = z.infer<typeof exportSummaryQuerySchema>;

/**
 * The multipart upload: one `file` part. A browser that sends the form with no file chosen
 * sends an empty, unnamed part: that counts as no file too.
 */
export const uploadSummarySchema = z.object({
  file: z.custom<File>(
    (value) => value instanceof File && !(value.size === 0 && value.name === ''),
    { error: NO_FILE_MESSAGE },
  ),
  customPrompt,
  length: formField(length).transform((value) => value ?? 'medium'),
  format: formField(format).transform((value) => value ?? 'paragraph'),
  language: formField(newSummaryLanguage),
  includeHidden: formIncludeHidden,
});

export type ListSummariesQuery = z.infer<typeof listSummariesQuerySchema>;
