import type { DocumentSection } from '../lib/document-sections';
import type { ExtractOptions, FileExtractor } from './file-extractor';
import type { FileKind } from './file-kinds';
import type { HiddenPassage } from './hidden-text';
import { DEFAULT_OCR_SETTINGS, readFileText } from './file-reading';
import type { OcrSettings } from './file-reading';
import { createOcrReader } from './ocr/ocr-reader';
import type { OcrReader } from './ocr/ocr-reader';
import { closeArticlePool, extractArticle } from './web/article-extraction-pool';
import type { Resolver } from './web/fetch-page';
import { readWebPage } from './web/read-web-page';

/*
 * The documents module's one door (issue 27): a file or a web address in, its text out, with
 * what the screens and the summary need to know about where it came from. Everything behind it
 * (the worker threads reading files, OCR, fetching and reading web pages) is its own business;
 * it fails with a DocumentError and knows nothing of HTTP or of summaries.
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

export interface DocumentReader {
  /** The text of an uploaded file (.txt, .docx, .pdf, or a photo or scan). */
  readFile(file: File, options?: ReadOptions): Promise<FileDocument>;
  /** The text of the page or document at `url` (http or https), fetched by the server. */
  readUrl(url: string, options?: ReadOptions): Promise<WebDocument>;
  /** Refuses new work and stops every thread. */
  close(): Promise<void>;
}

export interface DocumentReaderOptions {
  fileExtractor: FileExtractor;
  /** Hosts whose pages may be read although internal (FETCH_ALLOWED_HOSTS); none by default. */
  allowedHosts?: readonly string[] | undefined;
  /** Resolves host names for web addresses; the system's resolver by default (tests inject one). */
  resolve?: Resolver | undefined;
  /** How scans and photos are read (config.documents); OCR starts on the first scan. */
  ocr?: Partial<OcrSettings> | undefined;
}

/** The reader of every kind of document, on the threads of `options`. */
export function createDocumentReader(options: DocumentReaderOptions): DocumentReader {
  const { fileExtractor } = options;
  const settings: OcrSettings = { ...DEFAULT_OCR_SETTINGS, ...options.ocr };
  let ocrReader: OcrReader | null = null;
  let closed = false;
  const ocr = (): OcrReader => {
    if (closed) throw new Error('The document reader is closed.');
    ocrReader ??= createOcrReader({ workers: settings.ocrWorkers });
    return ocrReader;
  };
  return {
    async readFile(file, readOptions = {}) {
      const read = await readFileText(file, { fileExtractor, ocr, settings }, readOptions);
      return { ...read, title: null };
    },
    readUrl(url, readOptions = {}) {
      // A PDF, .docx or image at the address is read as an upload is, by this reader's readFile
      // (called on `this`, so a reader that replaces readFile is used for web documents too).
      const readFile = (file: File, fileOptions: ReadOptions) => this.readFile(file, fileOptions);
      const { allowedHosts = [], resolve } = options;
      return readWebPage(url, { allowedHosts, resolve, readFile, extractArticle }, readOptions);
    },
    async close() {
      closed = true;
      await Promise.all([fileExtractor.close(), ocrReader?.close(), closeArticlePool()]);
    },
  };
}
