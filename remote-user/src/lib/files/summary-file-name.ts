import { formatFileDate } from 'common/date-format';
import { summaryVersion } from '../summaries/summary';
import type { Summary } from '../summaries/summary';
import type { ExportFormat } from 'common/own-summaries-api';

/**
 * Every download's name, whatever its format (docs/glossary.md "Files"):
 * `brevity-summary-2026-03-10.md`, with `-v2` once regenerated; the day is the reader's.
 */
export function summaryFileName(summary: Summary, format: ExportFormat): string {
  const day = formatFileDate(summary.createdAt) || 'undated';
  const version = summaryVersion(summary);
  return `brevity-summary-${day}${version ? `-v${version}` : ''}.${format}`;
}
