import type { ExtractedText } from './file-extraction';
import type { FileKind } from './file-kinds';

/** Who a file is read for: the pool shares its threads fairly between owners. */
export interface ExtractOptions {
  /** The uploading user's id; files without one share a queue with no per-owner limit. */
  owner?: string | undefined;
  /**
   * Aborting it gives the file up: a waiting file leaves the queue, a file being read has its
   * thread stopped (the next file gets a fresh one); it rejects with the signal's reason.
   */
  signal?: AbortSignal | undefined;
  /** Keep text a reader cannot see in the text (issue 28); it is listed either way. */
  includeHidden?: boolean | undefined;
}

/** The extraction service the routes use (AppDeps.fileExtractor). */
export interface FileExtractor {
  /**
   * The text of a file of `kind`. `bytes` is handed over to the worker (its buffer is
   * detached): do not use it afterwards. Rejects with a DocumentError saying why the file
   * cannot be read, or with a plain Error when a worker failed unexpectedly. One owner with
   * too many files waiting is refused as `not-allowed`; everyone, when every queue is full,
   * as `busy`.
   */
  extract(kind: FileKind, bytes: Uint8Array, options?: ExtractOptions): Promise<string>;
  /**
   * As `extract`, with a PDF's pages described (where each begins in the text, and which have
   * a text layer); a PDF whose pages have none is not refused as `no-text` (they are read by
   * OCR).
   */
  extractDocument(
    kind: FileKind,
    bytes: Uint8Array,
    options?: ExtractOptions,
  ): Promise<ExtractedText>;
  /** Refuses new work and stops every thread. */
  close(): Promise<void>;
}
