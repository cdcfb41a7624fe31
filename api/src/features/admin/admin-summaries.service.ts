import { appendAuditEvent } from '../../db/audit-events.repository';
import type { UserRecord } from '../../db/user-record';
import { assertActingRole } from '../../domain/acting-user';
import type { AppDeps } from '../../app-env';
import { compressionRatio, countWords } from '../../summarizer/summary-metrics';
import { findStaffSummary, readStaffSummaryPage } from '../../db/staff-summaries.repository';
import type { StaffSummaryPage, StaffSummaryRecord } from '../../db/staff-summaries.repository';
import { lockSummary, writeNextVersion } from '../../db/summaries.repository';
import type { SummaryText } from '../../db/summaries.repository';
import { sourceMapAfterEdit, unverifiedAfterEdit } from '../../domain/edited-summary';
import { sourceMapOf, stringsOf, summaryNotFound } from '../../domain/summary-response';
import { deleteSummaryById, staffFilterConditions } from './admin-summaries.repository';
import type { AdminSummariesQuery } from './admin.schemas';

/** Who may edit and remove any summary (the routes' requireRole, checked again when writing). */
const STAFF_EDITORS = ['editor', 'admin'] as const;

/** One page of everyone's summaries with their authors, newest first. */
export function listAllSummariesPage(
  deps: AppDeps,
  query: AdminSummariesQuery,
): Promise<StaffSummaryPage> {
  const filter = { q: query.q, status: query.status, userId: query.userId };
  return readStaffSummaryPage(deps.db, staffFilterConditions(filter), query);
}

/**
 * Replaces any summary's text (validated: trimmed, 1..50,000 characters) as its next version,
 * edited by `actor`; recounts its words and compression ratio, keeps the source spans of the
 * sentences the edit left unchanged, and sends it back to review (pending, latest review
 * cleared), with an audit row, in one transaction. 404 for an unknown summary.
 */
export async function editSummary(
  deps: AppDeps,
  actor: UserRecord,
  id: string,
  summarizedContent: string,
): Promise<StaffSummaryRecord> {
  return deps.db.transaction().execute(async (trx) => {
    await assertActingRole(trx, actor.id, STAFF_EDITORS);
    const existing = await lockSummary(trx, id);
    if (!existing) throw summaryNotFound();
    const summaryWordCount = countWords(summarizedContent);
    const ratio = compressionRatio(existing.original_word_count, summaryWordCount);
    const text: SummaryText = {
      summarizedContent,
      summaryWordCount,
      compressionRatio: ratio,
      processingTime: existing.processing_time,
      isFallback: existing.is_fallback,
      aiModel: existing.ai_model,
      customPrompt: existing.custom_prompt,
      length: existing.length,
      format: existing.format,
      keywords: stringsOf(existing.keywords),
      sourceMap: sourceMapAfterEdit(
        summarizedContent,
        existing.format,
        sourceMapOf(existing.source_map),
      ),
      unverified: unverifiedAfterEdit(summarizedContent, stringsOf(existing.unverified)),
      fallbackReason: existing.fallback_reason,
      promptApplied: existing.prompt_applied,
      // An editor's words stand for the text's: its language as it was.
      language: existing.language,
      requestedLanguage: existing.requested_language,
    };
    const version = await writeNextVersion(trx, id, text, {
      regenerated: false,
      editedBy: actor.id,
    });
    if (version === undefined) throw summaryNotFound();
    await appendAuditEvent(trx, {
      actorId: actor.id,
      action: 'summary.edited',
      targetType: 'summary',
      targetId: id,
      details: { userId: existing.user_id, summaryWordCount, compressionRatio: ratio, version },
    });
    const summary = await findStaffSummary(trx, id);
    if (!summary) throw summaryNotFound();
    return summary;
  });
}

/** Deletes any summary (its review history goes with it), with an audit row. 404 if unknown. */
export async function removeSummary(deps: AppDeps, actor: UserRecord, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await assertActingRole(trx, actor.id, STAFF_EDITORS);
    const deleted = await deleteSummaryById(trx, id);
    if (!deleted) throw summaryNotFound();
    await appendAuditEvent(trx, {
      actorId: actor.id,
      action: 'summary.deleted',
      targetType: 'summary',
      targetId: deleted.id,
      details: { userId: deleted.user_id },
    });
  });
}
