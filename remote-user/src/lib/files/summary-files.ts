import { toApiErrorInfo } from 'common/api-client';
import { formatFileDate, formatFileDateTime } from 'common/date-format';
import { WORKBENCH_MESSAGES, getSummaryExport } from 'common/own-summaries-api';
import type { ExportFormat } from 'common/own-summaries-api';
import { showToast } from 'common/ui/toast';
import {
  formatCount,
  summaryKindLabel,
  summaryModelLabel,
  summaryVersion,
} from '../summaries/summary';
import type { Summary } from '../summaries/summary';
import { saveBlob } from './save-blob';

// A summary as a file or on the clipboard (docs/glossary.md "Files"): its name, the texts the
// browser writes (.txt, .md, Copy, Copy as Markdown) and the server's export (.docx, and .txt/.md
// with citations).

/**
 * Every download's name, whatever its format (docs/glossary.md "Files"):
 * `brevity-summary-2026-03-10.md`, with `-v2` once regenerated; the day is the reader's.
 */
export function summaryFileName(summary: Summary, format: ExportFormat): string {
  const day = formatFileDate(summary.createdAt) || 'undated';
  const version = summaryVersion(summary);
  return `brevity-summary-${day}${version ? `-v${version}` : ''}.${format}`;
}

/** The summary as Markdown: bullets kept as `- ` items (Copy as Markdown). */
export function summaryAsMarkdownText(summary: Pick<Summary, 'summarizedContent'>): string {
  return summary.summarizedContent.trim();
}

const ITEM_MARKER = /^(\s*)(?:[-*•]|\d+[.)])\s+/u;

/** The summary as plain text (Copy): a bullet summary's `- ` markers go, its one item a line stays. */
export function summaryAsPlainText(summary: Pick<Summary, 'summarizedContent'>): string {
  return summaryAsMarkdownText(summary)
    .split(/\r\n?|\n/)
    .map((line) => line.replace(ITEM_MARKER, '$1'))
    .join('\n');
}

/** The .txt download: the summary itself. */
export function summaryAsText(summary: Summary): string {
  return `${summaryAsMarkdownText(summary)}\n`;
}

/** One line of Markdown metadata; the value on a single line. */
function field(label: string, value: string): string {
  return `- **${label}:** ${value.replace(/\s+/g, ' ').trim()}`;
}

/** The .md download: a title, the summary's metadata, then the summary. */
export function summaryAsMarkdown(summary: Summary): string {
  const title = summary.fileName ? `Summary of ${summary.fileName}` : 'Summary';
  const created = new Date(summary.createdAt);
  const version = summaryVersion(summary);
  const lines = [
    `# ${title}`,
    '',
    ...(Number.isNaN(created.getTime()) ? [] : [field('Created', formatFileDateTime(created))]),
    field('Type', summaryKindLabel(summary)),
    field('Model', summaryModelLabel(summary)),
    ...(version ? [field('Version', String(version))] : []),
    ...(summary.originalWordCount !== null
      ? [field('Original words', formatCount(summary.originalWordCount))]
      : []),
    ...(summary.summaryWordCount !== null
      ? [field('Summary words', formatCount(summary.summaryWordCount))]
      : []),
    ...(summary.compressionRatio !== null
      ? [field('Compression', `${summary.compressionRatio}%`)]
      : []),
    ...(summary.processingTime !== null
      ? [field('Processing time', `${formatCount(summary.processingTime)} ms`)]
      : []),
    ...(summary.customPrompt ? [field('Custom prompt', summary.customPrompt)] : []),
    '',
    '## Summary',
    '',
    summaryAsMarkdownText(summary),
    '',
  ];
  return lines.join('\n');
}

export type DownloadFormat = 'txt' | 'md';

/** Saves text as a file through a temporary link. */
export function downloadTextFile(fileName: string, content: string, mimeType: string): void {
  saveBlob(new Blob([content], { type: `${mimeType};charset=utf-8` }), fileName);
}

/** Downloads a summary as .txt or .md. */
export function downloadSummary(summary: Summary, format: DownloadFormat): void {
  downloadTextFile(
    summaryFileName(summary, format),
    format === 'md' ? summaryAsMarkdown(summary) : summaryAsText(summary),
    format === 'md' ? 'text/markdown' : 'text/plain',
  );
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
