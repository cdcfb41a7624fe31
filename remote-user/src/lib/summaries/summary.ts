import { DEFAULT_PORTAL_CONFIG } from 'common/portal-config';

/** A summary as the API returns it to its owner (API.md "Summary"). */
export interface Summary {
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
export const ALLOWED_FILE_EXTENSIONS = ['.txt', '.docx'] as const;
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

/** `Version N` is shown from the first regeneration on (SPEC.md /summarize). */
export function summaryVersion(summary: Pick<Summary, 'regenerationCount'>): number | null {
  return summary.regenerationCount > 0 ? summary.regenerationCount + 1 : null;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 12345 → `12,345`. */
export function formatCount(value: number): string {
  return integer.format(value);
}
