import { firstWordsOf } from './text';

/** How many words of pasted text name its summary. */
export const TITLE_WORDS = 8;

/** Said of a summary with neither a source name nor any text (never written by the API). */
export const UNTITLED_SUMMARY = 'Untitled summary';

/** The fields that name a summary's source; any Summary of API.md fits. */
export interface SummarySourceName {
  /** The sanitized name of the uploaded file (API.md `fileName`), null for pasted text. */
  fileName?: string | null;
  /** A web page's (or document's) title, API.md round 3 `sourceTitle`: not sent yet. */
  sourceTitle?: string | null;
  originalContent?: string | null;
  summarizedContent?: string | null;
}

/**
 * A card's title, by the summary's source: the file name of an upload, the title of a web page,
 * else the first words of the pasted text (as plain text), else of the summary.
 */
export function summaryTitle(summary: SummarySourceName): string {
  const fileName = summary.fileName?.trim();
  if (fileName) return fileName;
  const sourceTitle = summary.sourceTitle?.trim();
  if (sourceTitle) return sourceTitle;
  return (
    firstWordsOf(summary.originalContent, TITLE_WORDS) ||
    firstWordsOf(summary.summarizedContent, TITLE_WORDS) ||
    UNTITLED_SUMMARY
  );
}
