import { toApiErrorInfo } from 'common/api-client';
import { showToast } from 'common/ui/toast';
import { WORKBENCH_MESSAGES, getSummaryExport } from '../lib/summaries/summaries-api';
import type { ExportFormat } from '../lib/summaries/summaries-api';
import type { Summary } from '../lib/summaries/summary';
import { saveBlob } from '../lib/files/save-blob';

const ITEM_MARKER = /^(\s*)(?:[-*•]|\d+[.)])\s+/u;

/** The summary as plain text: a bullet summary's `- ` markers go, its one item a line stays. */
export function summaryAsPlainText(summary: Pick<Summary, 'summarizedContent'>): string {
  return summary.summarizedContent
    .trim()
    .split(/\r\n?|\n/)
    .map((line) => line.replace(ITEM_MARKER, '$1'))
    .join('\n');
}

/** The summary as Markdown: bullets kept as `- ` items. */
export function summaryAsMarkdownText(summary: Pick<Summary, 'summarizedContent'>): string {
  return summary.summarizedContent.trim();
}

/** `brevity-summary-2026-03-10.docx`, when the server names no file. */
function fallbackFileName(summary: Pick<Summary, 'createdAt'>, format: ExportFormat): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(summary.createdAt)?.[0] ?? 'summary';
  return `brevity-summary-${day}.${format}`;
}

/**
 * GET /api/summaries/:id/export?format= with the session's token, then saves the file under the
 * name the server gives it. Resolves false (after a toast) when it failed.
 */
export async function downloadSummaryExport(
  summary: Summary,
  format: ExportFormat,
): Promise<boolean> {
  try {
    const { blob, fileName } = await getSummaryExport(summary.id, format);
    saveBlob(blob, fileName ?? fallbackFileName(summary, format));
    return true;
  } catch (error) {
    const { message } = toApiErrorInfo(error, WORKBENCH_MESSAGES.exportSummary);
    showToast(message, { variant: 'destructive', title: 'Download failed' });
    return false;
  }
}
