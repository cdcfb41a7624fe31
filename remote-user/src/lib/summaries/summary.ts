import { DEFAULT_PORTAL_CONFIG } from 'common/portal-config';

/** How long a summary is (API.md "Additions"): short ≈ 10 %, medium ≈ 20 %, long ≈ 35 %. */
export type SummaryLength = 'short' | 'medium' | 'long';
/** How a summary is laid out: prose, `- ` items one a line, or exactly one sentence. */
export type SummaryFormat = 'paragraph' | 'bullets' | 'tldr';

/** UTF-16 offsets into `originalContent`, end exclusive. */
export interface SourceSpan {
  start: number;
  end: number;
}

/** One sentence (or item) of the summary and the source sentences that support it. */
export interface SourceMapEntry {
  text: string;
  sources: SourceSpan[];
}

export type FallbackReason =
  'not_configured' | 'rate_limited' | 'unavailable' | 'timeout' | 'blocked' | 'incomplete';

/** The workbench fields of API.md "Additions"; absent on answers of an older API. */
export interface SummaryWorkbenchFields {
  length?: SummaryLength;
  format?: SummaryFormat;
  keywords?: string[];
  sourceMap?: SourceMapEntry[];
  unverified?: string[];
  version?: number;
  fallbackReason?: FallbackReason | null;
}

/** A summary as the API returns it to its owner (API.md "Summary"). */
export interface Summary extends SummaryWorkbenchFields {
  id: string;
  _id: string;
  summarizedContent: string;
  originalContent: string;
  originalWordCount: number | null;
  summaryWordCount: number | null;
  /** Percent by which the summary is shorter in words. */
  compressionRatio: number | null;
  /** Milliseconds the summarizer took. */
  processingTime: number | null;
  /** Written by the local summarizer ("Quick Summary"). */
  isFallback: boolean;
  aiModel: string | null;
  customPrompt: string | null;
  regenerationCount: number;
  source: 'text' | 'txt' | 'docx' | 'pdf';
  fileName: string | null;
  createdAt: string;
  updatedAt: string;
  reviewStatus: 'pending' | 'approved' | 'rejected' | 'needs_revision';
  reviewComments: string | null;
  reviewedBy: { id: string; name: string } | null;
  reviewedAt: string | null;
}

/** API.md "Pagination" (`total` equals `totalSummaries`). */
export interface SummaryPagination {
  currentPage: number;
  totalPages: number;
  totalSummaries: number;
  total: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

/** A user's own totals (API.md "Statistics"). */
export interface SummaryStatistics {
  totalSummaries: number;
  totalOriginalWords: number;
  totalSummaryWords: number;
  averageCompressionRatio: number;
  wordsReduced: number;
}

/** `data` of GET /api/summaries. */
export interface SummaryPage {
  summaries: Summary[];
  pagination: SummaryPagination;
  statistics: SummaryStatistics;
  total: number;
  totalPages: number;
}

/** `data` of POST /api/summaries and POST /api/summaries/upload. */
export interface CreatedSummary {
  summary: Summary;
  updatedCredits: number;
}

/** Where a background job stands (API.md GET /api/summaries/job/:jobId). */
export type SummaryJobState = 'queued' | 'active' | 'completed' | 'failed';

/** `data` of POST /api/summaries/upload/async (and /async): the credit is already taken. */
export interface QueuedSummaryJob {
  jobId: string;
  queue: 'text-summary' | 'file-processing';
  state: SummaryJobState;
  updatedCredits: number;
}

/** `data` of GET /api/summaries/job/:jobId. */
export interface SummaryJob {
  jobId: string;
  queue: 'text-summary' | 'file-processing';
  state: SummaryJobState;
  /** 0..100. */
  progress: number;
  summary?: Summary;
  /** Why it failed, for the person (the credit was given back). */
  error?: string;
  createdAt: string;
  finishedAt?: string;
}

/** `data` of POST /api/summaries/:id/regenerate. */
export interface RegeneratedSummary {
  summary: Summary;
  statistics: SummaryStatistics;
}

/** SPEC.md §9 and API.md "Limits". */
export const MIN_CONTENT_CHARS = 50;
export const MAX_CONTENT_CHARS = 50_000;
export const MAX_FILE_BYTES = DEFAULT_PORTAL_CONFIG.maxFileBytes;
export const ALLOWED_FILE_EXTENSIONS = ['.txt', '.docx', '.pdf'] as const;
export const MAX_CUSTOM_PROMPT_CHARS = 500;
export const HISTORY_PAGE_SIZE = 10;

/** SPEC.md §1: the model label shown when a summary names none. */
export const DEFAULT_MODEL_LABEL = DEFAULT_PORTAL_CONFIG.model;

/** The badge text of a summary: the local summarizer's are Quick Summaries. */
export function summaryKindLabel(summary: Pick<Summary, 'isFallback'>): string {
  return summary.isFallback ? 'Quick Summary' : 'AI Generated';
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
  summary: Pick<Summary, 'regenerationCount'> & { version?: number },
): number | null {
  const version = summary.version ?? summary.regenerationCount + 1;
  return version > 1 ? version : null;
}

/** One version of a summary (GET /api/summaries/:id/versions). */
export interface SummaryVersion {
  version: number;
  summarizedContent: string;
  customPrompt: string | null;
  length: SummaryLength;
  format: SummaryFormat;
  aiModel: string | null;
  isFallback: boolean;
  createdAt: string;
  editedBy: { id: string; name: string } | null;
}

/** What a person chooses before generating: sent as `length` and `format`. */
export interface SummaryOptions {
  length: SummaryLength;
  format: SummaryFormat;
}

export const DEFAULT_SUMMARY_OPTIONS: SummaryOptions = { length: 'medium', format: 'paragraph' };

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

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 12345 → `12,345`. */
export function formatCount(value: number): string {
  return integer.format(value);
}
