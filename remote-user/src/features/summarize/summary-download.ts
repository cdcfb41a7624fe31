import { formatFileDateTime } from 'common/date-format';
import { saveBlob } from '../../lib/files/save-blob';
import { summaryFileName } from '../../lib/files/summary-file-name';
import {
  formatCount,
  summaryKindLabel,
  summaryModelLabel,
  summaryVersion,
} from '../../lib/summaries/summary';
import type { Summary } from '../../lib/summaries/summary';

export type DownloadFormat = 'txt' | 'md';

export { summaryFileName };

/** The .txt download: the summary itself. */
export function summaryAsText(summary: Summary): string {
  return `${summary.summarizedContent.trim()}\n`;
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
    summary.summarizedContent.trim(),
    '',
  ];
  return lines.join('\n');
}

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
