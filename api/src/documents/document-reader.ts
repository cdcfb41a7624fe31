import type { FileDocument, ReadOptions, WebDocument } from './document';
import type { FileExtractor } from './file-extractor';
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
 * it fails with a DocumentError and knows nothing of HTTP or of summaries. Its types are
 * document.ts's, re-exported here for its callers.
 */

export type {
  DocumentFormat,
  DocumentSection,
  DocumentText,
  FileDocument,
  ReadingProgress,
  ReadingStage,
  ReadOptions,
  WebDocument,
} from './document';

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
