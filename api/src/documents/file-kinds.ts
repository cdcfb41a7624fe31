/*
 * The kinds of file Brevity reads: the one declaration. The extensions /api/config advertises,
 * the name check of an upload, the sentence refusing any other file, the `source` a summary of
 * a file stores and the file jobs' data are all derived from FILE_KINDS.
 */

/** The kinds of file an upload may be, by extension (lower case, without the dot). */
export const FILE_KINDS = ['txt', 'docx', 'pdf'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The extensions an uploaded file may have (API.md: a real .txt, .docx or .pdf). */
export const ACCEPTED_FILE_TYPES = FILE_KINDS.map((kind) => `.${kind}` as const);

/** `.txt`, `.docx` and `.pdf`, as a sentence lists them. */
function listed(types: readonly string[]): string {
  return types.length < 2
    ? (types[0] ?? '')
    : `${types.slice(0, -1).join(', ')} and ${types[types.length - 1] ?? ''}`;
}

export const UNSUPPORTED_FILE_MESSAGE = `Only ${listed(ACCEPTED_FILE_TYPES)} files are supported`;

/** The kind of a file by its name's extension (any case), or null for any other name. */
export function fileKindOfName(fileName: string): FileKind | null {
  const dot = fileName.lastIndexOf('.');
  if (dot === -1) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return FILE_KINDS.find((kind) => kind === extension) ?? null;
}

/** Whether `value` (say, a queued job's data) names a file kind. */
export function isFileKind(value: unknown): value is FileKind {
  return FILE_KINDS.some((kind) => kind === value);
}
