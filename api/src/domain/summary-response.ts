import { AppError } from '../lib/app-error';
import { REVIEW_STATUSES } from '../db/schema';
import type { CollectionSource, ReviewStatus, Role, SummarySection } from '../db/schema';
import { collectionSourcesOf } from './collection-sources';
import { hiddenTextOf, instructionLikeOf } from './document-warnings';
import type { HiddenPassage } from '../documents/hidden-text';
import type { InstructionLikePassage } from '../summarizer/text/instruction-like';
import type { SourceMapEntry, SummaryFormat, SummaryLength } from '../summarizer/summarizer';
import type { StaffSummaryRecord } from '../db/staff-summaries.repository';
import type {
  SummaryOrigin,
  SummaryRecord,
  SummaryText,
  SummaryTotals,
  SummaryVersionRecord,
} from '../db/summaries.repository';

/**
 * The Summary of API.md; `_id` equals `id` for the seed front end; dates are ISO strings. Its
 * text and how it was written are the stored SummaryText's, field for field.
 */
export interface SummaryDto extends SummaryText, SummaryOrigin {
  id: string;
  _id: string;
  originalContent: string;
  originalWordCount: number;
  regenerationCount: number;
  /** For `collection`: each document's summary id, title and span in originalContent; else []. */
  sources: CollectionSource[];
  /** Text of the document its readers could not see (issue 28). */
  hiddenText: HiddenPassage[];
  /** Passages, hidden or not, that address an AI model; never followed. */
  instructionLike: InstructionLikePassage[];
  /** The source's headings and the spans of originalContent they head, in order; else []. */
  sections: SummarySection[];
  createdAt: string;
  updatedAt: string;
  reviewStatus: ReviewStatus;
  reviewComments: string | null;
  reviewedBy: { id: string; name: string } | null;
  reviewedAt: string | null;
  /** The number of the current version (1 for a new summary). */
  version: number;
  /** The document's language (ISO 639-1, `und` when unknown; decision 0038). */
  sourceLanguage: string;
  /** A second language of a document mixing two in close parts, else null. */
  secondSourceLanguage: string | null;
}

/** One entry of GET /api/summaries/:id/versions. */
export interface SummaryVersionDto {
  version: number;
  summarizedContent: string;
  customPrompt: string | null;
  length: SummaryLength;
  format: SummaryFormat;
  aiModel: string;
  isFallback: boolean;
  /** The language this version is written in. */
  language: string;
  createdAt: string;
  editedBy: { id: string; name: string } | null;
}

/** API.md "Statistics": a user's own summaries, added up. */
export interface SummaryStatisticsDto {
  totalSummaries: number;
  totalOriginalWords: number;
  totalSummaryWords: number;
  /** The mean compressionRatio of the summaries, rounded to a whole percent; 0 with none. */
  averageCompressionRatio: number;
  /** totalOriginalWords − totalSummaryWords. */
  wordsReduced: number;
}

/** API.md "Pagination"; `total` equals `totalSummaries`. */
export interface SummaryPaginationDto {
  currentPage: number;
  /** ceil(total / limit): 0 when there are no summaries. */
  totalPages: number;
  totalSummaries: number;
  total: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export function toSummaryDto(summary: SummaryRecord): SummaryDto {
  return {
    id: summary.id,
    _id: summary.id,
    summarizedContent: summary.summarized_content,
    originalContent: summary.original_content,
    originalWordCount: summary.original_word_count,
    summaryWordCount: summary.summary_word_count,
    compressionRatio: summary.compression_ratio,
    processingTime: summary.processing_time,
    isFallback: summary.is_fallback,
    aiModel: summary.ai_model,
    customPrompt: summary.custom_prompt,
    regenerationCount: summary.regeneration_count,
    source: summary.source,
    fileName: summary.file_name,
    sourceUrl: summary.source_url,
    sourceTitle: summary.source_title,
    ocr: summary.ocr,
    pageBreaks: offsetsOf(summary.page_breaks),
    sources: collectionSourcesOf(summary.sources),
    hiddenText: hiddenTextOf(summary.hidden_text),
    instructionLike: instructionLikeOf(summary.instruction_like),
    sections: sectionsOf(summary.sections),
    createdAt: summary.created_at.toISOString(),
    updatedAt: summary.updated_at.toISOString(),
    reviewStatus: normalizeReviewStatus(summary.review_status),
    reviewComments: summary.review_comments,
    reviewedBy:
      summary.reviewed_by !== null && summary.reviewer_name !== null
        ? { id: summary.reviewed_by, name: summary.reviewer_name }
        : null,
    reviewedAt: summary.reviewed_at?.toISOString() ?? null,
    length: summary.length,
    format: summary.format,
    keywords: stringsOf(summary.keywords),
    sourceMap: sourceMapOf(summary.source_map),
    unverified: stringsOf(summary.unverified),
    version: summary.version,
    fallbackReason: summary.fallback_reason,
    promptApplied: summary.prompt_applied,
    sourceLanguage: summary.source_language,
    secondSourceLanguage: summary.second_source_language,
    language: summary.language,
    requestedLanguage: summary.requested_language,
  };
}

export function toSummaryVersionDto(version: SummaryVersionRecord): SummaryVersionDto {
  return {
    version: version.version,
    summarizedContent: version.summarized_content,
    customPrompt: version.custom_prompt,
    length: version.length,
    format: version.format,
    aiModel: version.ai_model,
    isFallback: version.is_fallback,
    language: version.language,
    createdAt: version.created_at.toISOString(),
    editedBy:
      version.edited_by !== null && version.editor_name !== null
        ? { id: version.edited_by, name: version.editor_name }
        : null,
  };
}

/** A jsonb list of strings as stored; anything else (never written by the API) reads as []. */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

function isSpan(value: unknown): value is { start: number; end: number } {
  if (typeof value !== 'object' || value === null) return false;
  const span = value as Record<string, unknown>;
  return typeof span.start === 'number' && typeof span.end === 'number';
}

/** Stored sections, well-formed ones only (jsonb is whatever was written), in their order. */
export function sectionsOf(value: unknown): SummarySection[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { title, level, start, end } = entry as Record<string, unknown>;
    const valid =
      typeof title === 'string' &&
      Number.isInteger(level) &&
      Number.isInteger(start) &&
      Number.isInteger(end) &&
      (start as number) >= 0 &&
      (end as number) > (start as number);
    return valid
      ? [{ title, level: level as number, start: start as number, end: end as number }]
      : [];
  });
}

/** Stored page breaks, keeping only whole non-negative numbers. */
export function offsetsOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (offset): offset is number =>
      typeof offset === 'number' && Number.isInteger(offset) && offset >= 0,
  );
}

/** A stored source map, keeping only well-formed entries. */
export function sourceMapOf(value: unknown): SourceMapEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: SourceMapEntry[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Record<string, unknown>;
    if (typeof entry.text !== 'string' || !Array.isArray(entry.sources)) continue;
    entries.push({
      text: entry.text,
      sources: entry.sources.filter(isSpan).map((span) => ({ start: span.start, end: span.end })),
      ...(entry.checked === false ? { checked: false as const } : {}),
    });
  }
  return entries;
}

export function toSummaryStatisticsDto(totals: SummaryTotals): SummaryStatisticsDto {
  return {
    totalSummaries: totals.count,
    totalOriginalWords: totals.originalWords,
    totalSummaryWords: totals.summaryWords,
    averageCompressionRatio:
      totals.count === 0 ? 0 : Math.round(totals.compressionRatioSum / totals.count),
    wordsReduced: totals.originalWords - totals.summaryWords,
  };
}

export function toSummaryPaginationDto(
  page: number,
  limit: number,
  total: number,
): SummaryPaginationDto {
  const totalPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    totalPages,
    totalSummaries: total,
    total,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

/** A stored review status as responses show it: an unknown one is pending (SPEC.md §4). */
export function normalizeReviewStatus(status: string): ReviewStatus {
  return (REVIEW_STATUSES as readonly string[]).includes(status)
    ? (status as ReviewStatus)
    : 'pending';
}

/** The author of a summary, as the staff listings add it. */
export interface SummaryAuthorDto {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** A Summary with its author (`user`): GET /api/admin/summaries, GET /api/reviews/pending. */
export interface StaffSummaryDto extends SummaryDto {
  user: SummaryAuthorDto;
}

export function toStaffSummaryDto(summary: StaffSummaryRecord): StaffSummaryDto {
  return {
    ...toSummaryDto(summary),
    user: {
      id: summary.user_id,
      name: summary.author_name,
      email: summary.author_email,
      role: summary.author_role,
    },
  };
}

/** The one answer for a summary that does not exist or is not the caller's. */
export const SUMMARY_NOT_FOUND_MESSAGE = 'Summary not found';

/** The 404 of a summary that does not exist, is someone else's or has a malformed id. */
export function summaryNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', SUMMARY_NOT_FOUND_MESSAGE);
}
