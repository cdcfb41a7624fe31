import { DEFAULT_PORTAL_CONFIG } from 'common/portal-config';
import { formatInteger } from 'common/text';

import type {
  CreatedOwnSummary,
  OwnSummaryJob,
  OwnSummaryOptions,
  OwnSummaryPage,
  OwnSummaryProgress,
  OwnSummaryRecord,
  OwnSummaryVersion,
  QueuedOwnSummaryJob,
  RegeneratedOwnSummary,
} from 'common/own-summary';

// The API's answers, inferred from its AppType (common/own-summary.ts), under this remote's names.

/** A summary as the API returns it to its owner (API.md "Summary" and "Additions"). */
export type Summary = OwnSummaryRecord;
/** `data` of GET /api/summaries. */
export type SummaryPage = OwnSummaryPage;
/** API.md "Pagination" (`total` equals `totalSummaries`). */
export type SummaryPagination = SummaryPage['pagination'];
/** A user's own totals (API.md "Statistics"). */
export type SummaryStatistics = SummaryPage['statistics'];
/** `data` of POST /api/summaries and POST /api/summaries/upload. */
export type CreatedSummary = CreatedOwnSummary;
/** `data` of POST /api/summaries/upload/async (and /async): the credit is already taken. */
export type QueuedSummaryJob = QueuedOwnSummaryJob;
/** `data` of GET /api/summaries/job/:jobId. */
export type SummaryJob = OwnSummaryJob;
/** Where a background job stands. */
export type SummaryJobState = SummaryJob['state'];
/** `data` of POST /api/summaries/:id/regenerate. */
export type RegeneratedSummary = RegeneratedOwnSummary;
/** One version of a summary (GET /api/summaries/:id/versions). */
export type SummaryVersion = OwnSummaryVersion;

/** How long a summary is: short ≈ 10 %, medium ≈ 20 %, long ≈ 35 % of the source's sentences. */
export type SummaryLength = Summary['length'];
/** How a summary is laid out: prose, `- ` items one a line, or exactly one sentence. */
export type SummaryFormat = Summary['format'];
/** One sentence (or item) of the summary and the source sentences that support it. */
export type SourceMapEntry = Summary['sourceMap'][number];
/** UTF-16 offsets into `originalContent`, end exclusive. */
export type SourceSpan = SourceMapEntry['sources'][number];

/**
 * SPEC.md §9 and API.md "Limits". The screens read the maximum length, the file types and the
 * file size from GET /api/config (usePortalConfig); these are its defaults.
 */
export const MIN_CONTENT_CHARS = 50;
export const MAX_CONTENT_CHARS = DEFAULT_PORTAL_CONFIG.maxChars;
export const MAX_FILE_BYTES = DEFAULT_PORTAL_CONFIG.maxFileBytes;
export const MAX_CUSTOM_PROMPT_CHARS = 500;
/** API.md round 3: a web page's address is at most 2,048 characters, http or https. */
export const MAX_URL_CHARS = 2048;

/** How far a page or a file has got before the summary is written (API.md `event: progress`). */
export type SummaryProgress = OwnSummaryProgress;

/** The progress in words: `Fetching the page…`, `Reading page 3 of 10 by OCR…`, `Summarizing…`. */
export function progressText(progress: SummaryProgress): string {
  switch (progress.stage) {
    case 'fetching':
      return 'Fetching the page…';
    case 'reading':
      return 'Reading the document…';
    case 'ocr':
      return progress.page !== undefined && progress.pages !== undefined
        ? `Reading page ${progress.page} of ${progress.pages} by OCR…`
        : 'Reading the scan by OCR…';
    case 'summarizing':
      return 'Summarizing…';
  }
}

/**
 * Where the progress bar stands, in percent: reading takes the first half (OCR page by page),
 * summarizing the second; the words above say what is happening.
 */
export function progressPercent(progress: SummaryProgress): number {
  switch (progress.stage) {
    case 'fetching':
      return 10;
    case 'reading':
      return 25;
    case 'ocr': {
      const { page, pages } = progress;
      if (page === undefined || pages === undefined || pages <= 0) return 25;
      return Math.round(10 + (40 * Math.min(Math.max(page - 1, 0), pages)) / pages);
    }
    case 'summarizing':
      return 60;
  }
}

export const HISTORY_PAGE_SIZE = 10;

/** SPEC.md §1: the model label shown when a summary names none. */
export const DEFAULT_MODEL_LABEL = DEFAULT_PORTAL_CONFIG.model;

// The Quick Summary's words are shared with the staff's cards (common/fallback-reason).
export {
  FALLBACK_REASON_TEXT,
  UNKNOWN_FALLBACK_TEXT,
  fallbackExplanation,
  isFallbackReason,
  summaryKindLabel,
} from 'common/fallback-reason';
export type { FallbackReason } from 'common/fallback-reason';

/** Said of a summary whose custom prompt the summarizer could not act on (API.md `promptApplied`). */
export const PROMPT_NOT_APPLIED_TEXT =
  'The quick summarizer could not apply your instructions: it only picks sentences from the document. The AI service rewrites summaries when it is available.';

/** What the card says of the summary's custom prompt: only that it was not applied, if so. */
export function promptNotice(summary: {
  promptApplied?: boolean | null | undefined;
}): string | null {
  return summary.promptApplied === false ? PROMPT_NOT_APPLIED_TEXT : null;
}

/** The model a summary names, or the default label. */
export function summaryModelLabel(summary: Pick<Summary, 'aiModel'>): string {
  return summary.aiModel?.trim() ? summary.aiModel : DEFAULT_MODEL_LABEL;
}

/**
 * `Version N` is shown from the first regeneration (or restore) on (SPEC.md /summarize): the
 * API's `version` where it sends one, else one more than the regenerations.
 */
export function summaryVersion(
  summary: Pick<Summary, 'regenerationCount'> & { version?: number | undefined },
): number | null {
  const version = summary.version ?? summary.regenerationCount + 1;
  return version > 1 ? version : null;
}

/** What a person chooses before generating: sent as `length`, `format` and `language`. */
export type SummaryOptions = OwnSummaryOptions;

export const DEFAULT_SUMMARY_OPTIONS: SummaryOptions = {
  length: 'medium',
  format: 'paragraph',
  language: 'auto',
};

export const LENGTH_CHOICES: readonly { value: SummaryLength; label: string }[] = [
  { value: 'short', label: 'Short' },
  { value: 'medium', label: 'Medium' },
  { value: 'long', label: 'Long' },
];

export const FORMAT_CHOICES: readonly { value: SummaryFormat; label: string }[] = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: 'bullets', label: 'Bullet points' },
  { value: 'tldr', label: 'TL;DR' },
];

export function lengthLabel(length: SummaryLength | undefined): string {
  return LENGTH_CHOICES.find((choice) => choice.value === length)?.label ?? 'Medium';
}

export function formatLabel(format: SummaryFormat | undefined): string {
  return FORMAT_CHOICES.find((choice) => choice.value === format)?.label ?? 'Paragraph';
}

/** 12345 → `12,345` (by hand, without loading ICU: common/text's formatInteger). */
export function formatCount(value: number): string {
  return formatInteger(value);
}
