/** The kinds of file an upload may be, by extension. */
export type FileKind = 'txt' | 'docx' | 'pdf';

/** Who a file is read for: the pool shares its threads fairly between owners. */
export interface ExtractOptions {
  /** The uploading user's id; files without one share a queue with no per-owner limit. */
  owner?: string | undefined;
}

/** The extraction service the routes use (AppDeps.fileExtractor). */
export interface FileExtractor {
  /**
   * The text of a file of `kind`. `bytes` is handed over to the worker (its buffer is
   * detached): do not use it afterwards. Rejects with the AppError to answer with, or with
   * a plain Error when a worker failed unexpectedly (a 500). One owner with too many files
   * waiting is refused with 429; everyone, when every queue is full, with 503.
   */
  extract(kind: FileKind, bytes: Uint8Array, options?: ExtractOptions): Promise<string>;
  /** Refuses new work and stops every thread. */
  close(): Promise<void>;
}
