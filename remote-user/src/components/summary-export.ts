import { toApiErrorInfo } from 'common/api-client';
import { showToast } from 'common/ui/toast';
import { WORKBENCH_MESSAGES, getSummaryExport } from 'common/own-summaries-api';
import type { ExportFormat } from 'common/own-summaries-api';
import type { Summary } from '../lib/summaries/summary';
import { saveBlob } from '../lib/files/save-blob';
import { summaryFileName } from '../lib/files/summary-file-name';

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

/**
 * GET /api/summaries/:id/export?format= with the session's token (and `citations=false` when
 * asked), then saves the file under the one download name (`summaryFileName`, as .txt and .md
 * are saved), not the server's. Resolves false (after a toast) when it failed.
 */
export async function downloadSummaryExport(
  summary: Summary,
  format: ExportFormat,
  options: { citations?: boolean } = {},
): Promise<boolean> {
  try {
    const { blob } = await getSummaryExport(summary.id, format, options);
    saveBlob(blob, summaryFileName(summary, format));
    return true;
  } catch (error) {
    const { message } = toApiErrorInfo(error, WORKBENCH_MESSAGES.exportSummary);
    showToast(message, { variant: 'destructive', title: 'Download failed' });
    return false;
  }
}
