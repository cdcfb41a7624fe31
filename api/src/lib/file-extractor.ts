/** The kinds of file an upload may be, by extension. */
export type FileKind = 'txt' | 'docx' | 'pdf';

/** The extraction service the routes use (AppDeps.fileExtractor). */
export interface FileExtractor {
  /**
   * The text of a file of `kind`. `bytes` is handed over to the worker (its buffer is
   * detached): do not use it afterwards. Rejects with the AppError to answer with, or with
   * a plain Error when a worker failed unexpectedly (a 500).
   */
  extract(kind: FileKind, bytes: Uint8Array): Promise<string>;
  /** Refuses new work and stops every thread. */
  close(): Promise<void>;
}
