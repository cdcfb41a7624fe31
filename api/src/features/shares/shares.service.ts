import { randomBytes } from 'node:crypto';
import { ownsSummary } from '../../db/summaries.repository';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import type { SummarySection } from '../../db/schema';
import { hiddenTextOf, instructionLikeOf } from '../../domain/document-warnings';
import { sectionsOf, sourceMapOf, stringsOf, summaryNotFound } from '../../domain/summary-response';
import { toSummaryShareDto } from '../../domain/summary-share';
import type { SummaryShareDto } from '../../domain/summary-share';
import type { SourceMapEntry, SummaryFormat, SummaryLength } from '../../summarizer/summarizer';
import { SHARE_TOKEN_BYTES } from './shares.schemas';
import { createOrReadShare, deleteShare, readSharedSummary } from './shares.repository';

/** The one sentence of a link that is unknown, malformed or stopped, or whose summary is gone. */
export const SHARE_NOT_FOUND_MESSAGE = 'This shared summary does not exist or is no longer shared';

export function shareNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', SHARE_NOT_FOUND_MESSAGE);
}

/** A heading of the source and the span it heads (API.md round 3 `sections`). */
export type SummarySectionDto = SummarySection;

/** Text of the source a reader cannot see (API.md round 3 `hiddenText`). */
export interface HiddenTextDto {
  text: string;
  reason: 'invisible' | 'tiny' | 'same-colour' | 'off-page' | 'hidden';
  page: number | null;
}

/** A passage that addresses an AI model (API.md round 3 `instructionLike`). */
export interface InstructionLikeDto {
  text: string;
  hidden: boolean;
}

/**
 * What anyone with the link sees (GET /api/shared/:token): the summary, its original and
 * what explains it, and the author's name; never the owner's email, credits, reviews,
 * questions, custom prompt or ids.
 */
export interface SharedSummaryDto {
  summarizedContent: string;
  originalContent: string;
  sourceMap: SourceMapEntry[];
  keywords: string[];
  sections: SummarySectionDto[];
  hiddenText: HiddenTextDto[];
  instructionLike: InstructionLikeDto[];
  sourceTitle: string | null;
  sourceUrl: string | null;
  length: SummaryLength;
  format: SummaryFormat;
  /** The language the summary is written in (ISO 639-1, `und` unknown). */
  language: string;
  /** The document's language, and a second one when it mixes two (as on the owner's Summary). */
  sourceLanguage: string;
  secondSourceLanguage: string | null;
  createdAt: string;
  author: { name: string };
}

/**
 * The owner's share of their summary, created on first call with a fresh 128-bit token, the
 * same share on every call after until it is stopped. 404 as any summary not theirs.
 */
export async function shareSummary(
  deps: AppDeps,
  userId: string,
  summaryId: string,
): Promise<SummaryShareDto> {
  const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
  const share = await createOrReadShare(deps.db, userId, summaryId, token);
  if (!share) throw summaryNotFound();
  return toSummaryShareDto(share);
}

/** Stops the owner's share of their summary at once (nothing to stop is fine); 404 as above. */
export async function stopSharing(deps: AppDeps, userId: string, summaryId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await ownsSummary(trx, userId, summaryId))) throw summaryNotFound();
    await deleteShare(trx, summaryId);
  });
}

/** The shared summary of a live token, this read counted; 404 otherwise. */
export async function readShared(deps: AppDeps, token: string): Promise<SharedSummaryDto> {
  const shared = await readSharedSummary(deps.db, token);
  if (!shared) throw shareNotFound();
  return {
    summarizedContent: shared.summarized_content,
    originalContent: shared.original_content,
    sourceMap: sourceMapOf(shared.source_map),
    keywords: stringsOf(shared.keywords),
    sections: sectionsOf(shared.sections),
    hiddenText: hiddenTextOf(shared.hidden_text),
    instructionLike: instructionLikeOf(shared.instruction_like),
    sourceTitle: shared.source_title,
    sourceUrl: shared.source_url,
    length: shared.length,
    format: shared.format,
    language: shared.language,
    sourceLanguage: shared.source_language,
    secondSourceLanguage: shared.second_source_language,
    createdAt: shared.created_at.toISOString(),
    author: { name: shared.author_name },
  };
}
