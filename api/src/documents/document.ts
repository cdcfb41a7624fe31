import type { DocumentSection } from '../lib/document-sections';
import type { ExtractOptions } from './file-extractor';
import type { FileKind } from './file-kinds';
import type { HiddenPassage } from './hidden-text';

/*
 * What the documents module hands out and takes: a document's text and what is known of it,
 * and how a reading is asked for. In a file of their own so that the readers behind the one door
 * (document-reader.ts) and the door itself take them without importing each other.
 */

/** What reading is doing now, for a progress bar (API.md round 3, `event: progress`). */
export type ReadingStage = 'fetching' | 'reading' | 'ocr';

export interface ReadingProgress {
  stage: ReadingStage;
  /** For `ocr`: the page being read (1-based) and how many are read by OCR in all. */
  page?: number | undefined;
  pages?: number | undefined;
}

export interface ReadOptions extends ExtractOptions {
  /** Aborting it (the person pressed Stop, or left) stops the reading; it rejects with the reason. */
  signal?: AbortSignal | undefined;
  /** Called as the reading moves on; never throws into the reader. */
  onProgress?: ((progress: ReadingProgress) => void) | undefined;
}

/** What a document's text was read from: a kind of file, a photo or scan, or an HTML page. */
export type DocumentFormat = FileKind | 'image' | 'html';

/** A heading of the document and the span it heads (UTF-16 offsets into `text`). */
export type { DocumentSection } from '../lib/document-sections';

/** A document's text and what is known of it. */
export interface DocumentText {
  text: string;
  format: DocumentFormat;
  /** The page's `<title>` or the document's own title, when it has one. */
  title: string | null;
  /** Some of the text was read from images by OCR. */
  ocr: boolean;
  /** For PDFs and multi-page scans: where page 2, 3, … begin in `text`. */
  pageBreaks: number[];
  sections: DocumentSection[];
  /**
   * Text a reader of the file or page cannot see (issue 28). It is not in `text` unless the
   * reading was asked to include it (`includeHidden`).
   */
  hiddenText: HiddenPassage[];
}

/** An uploaded file's text, with its sanitized name. */
export interface FileDocument extends DocumentText {
  fileName: string;
}

/** A web page's text, with the address it came from after redirects. */
export interface WebDocument extends DocumentText {
  url: string;
}
