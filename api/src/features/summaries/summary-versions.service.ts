import {
  countSummaryVersions,
  findOwnSummary,
  findSummaryVersion,
  listSummaryVersions,
  lockSummary,
  summaryExists,
  writeNextVersion,
} from '../../db/summaries.repository';
import type {
  SummaryRecord,
  SummaryText,
  SummaryVersionRecord,
} from '../../db/summaries.repository';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import { sourceMapOf, stringsOf, summaryNotFound } from '../../domain/summary-response';
import { compressionRatio, countWords } from '../../summarizer/summary-metrics';
import { getSummary } from './summaries.service';
import type { SummaryRequester } from './summaries.service';
import { exportSummary } from './summary-export';
import type { ExportedFile } from './summary-export';
import type { ExportSummaryQuery, ListVersionsQuery } from './summaries.schemas';
import { pageWindow } from '../../lib/page-query';

export const VERSION_NOT_FOUND_MESSAGE = 'Version not found';

/** Who may read any summary's versions besides its owner. */
const VERSION_READERS: readonly string[] = ['editor', 'admin'];

/** One page of a summary's stored versions, with how many are stored (the pager's total). */
export interface VersionPage {
  versions: SummaryVersionRecord[];
  total: number;
  page: number;
  limit: number;
}

/**
 * One page of a summary's stored versions, newest first (a summary keeps its version 1, every
 * staff edit and its latest KEPT_LATEST_VERSIONS): its owner's, or any summary's for an editor
 * or admin. 404 for anyone else, exactly as for an unknown or malformed id.
 */
export async function listVersions(
  deps: AppDeps,
  requester: SummaryRequester,
  id: string,
  query: ListVersionsQuery,
): Promise<VersionPage> {
  const visible = VERSION_READERS.includes(requester.user.role)
    ? await summaryExists(deps.db, id)
    : (await findOwnSummary(deps.db, requester.user.id, id)) !== undefined;
  if (!visible) throw summaryNotFound();
  const total = await countSummaryVersions(deps.db, id);
  const window = pageWindow(query);
  // Past the last page there is nothing to read (and a huge page number never reaches SQL).
  const versions =
    window.offset < total && Number.isSafeInteger(window.offset)
      ? await listSummaryVersions(deps.db, id, window)
      : [];
  return { versions, total, page: query.page, limit: query.limit };
}

function versionNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', VERSION_NOT_FOUND_MESSAGE);
}

/** A version number from the path: a whole number from 1, else undefined (no such version). */
function parseVersion(value: string): number | undefined {
  if (!/^\d{1,9}$/u.test(value)) return undefined;
  const version = Number(value);
  return version >= 1 ? version : undefined;
}

/**
 * Makes an old version's text (with its length, format, model, prompt, source map, keywords
 * and unverified terms) the owner's summary's current text as a new version, free: version + 1,
 * review back to pending, word counts and compression recomputed, in one transaction with the
 * summary's row locked. 404 for someone else's or an unknown summary, and for an unknown version.
 */
export async function restoreVersion(
  deps: AppDeps,
  requester: SummaryRequester,
  id: string,
  versionParam: string,
): Promise<SummaryRecord> {
  const userId = requester.user.id;
  const wanted = parseVersion(versionParam);
  return deps.db.transaction().execute(async (trx) => {
    const current = await lockSummary(trx, id);
    if (!current || current.user_id !== userId) throw summaryNotFound();
    const old = wanted === undefined ? undefined : await findSummaryVersion(trx, id, wanted);
    if (!old) throw versionNotFound();
    const summaryWordCount = countWords(old.summarized_content);
    const text: SummaryText = {
      summarizedContent: old.summarized_content,
      summaryWordCount,
      compressionRatio: compressionRatio(current.original_word_count, summaryWordCount),
      processingTime: current.processing_time,
      isFallback: old.is_fallback,
      aiModel: old.ai_model,
      customPrompt: old.custom_prompt,
      length: old.length,
      format: old.format,
      keywords: stringsOf(old.keywords),
      sourceMap: sourceMapOf(old.source_map),
      unverified: stringsOf(old.unverified),
      fallbackReason: old.fallback_reason,
      promptApplied: old.prompt_applied,
      language: old.language,
      requestedLanguage: old.requested_language,
    };
    const version = await writeNextVersion(trx, id, text, {
      regenerated: false,
      editedBy: null,
      ownerId: userId,
    });
    const restored = version === undefined ? undefined : await findOwnSummary(trx, userId, id);
    if (!restored) throw summaryNotFound();
    return restored;
  });
}

/** The owner's summary as a .txt, .md or .docx file; free. 404 as getSummary. */
export async function exportOwnSummary(
  deps: AppDeps,
  requester: SummaryRequester,
  id: string,
  query: ExportSummaryQuery,
): Promise<ExportedFile> {
  const summary = await getSummary(deps, requester, id);
  return exportSummary(summary, query.format, { citations: query.citations });
}
