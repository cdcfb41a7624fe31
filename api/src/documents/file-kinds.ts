/*
 * The kinds of file Brevity reads: the one declaration. The extensions /api/config advertises,
 * the name check of an upload, the sentence refusing any other file, the `source` a summary of
 * a file stores and the file jobs' data are all derived from FILE_KINDS (and, for photos and
 * scans, IMAGE_EXTENSIONS beside it).
 */

/** The kinds of file an upload may be, by extension (lower case, without the dot). */
export const FILE_KINDS = ['txt', 'docx', 'pdf'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * The extensions of a photo or scan, read by OCR (issue 27). Not file kinds: a summary of one
 * stores the source `image`, and the image's format is judged by its content alone.
 */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** What an upload is read as: a file kind, or an image read by OCR. */
export type UploadKind = FileKind | 'image';

/** The extensions an uploaded file may have (API.md: .txt, .docx, .pdf and the image types). */
export const ACCEPTED_FILE_TYPES = [...FILE_KINDS, ...IMAGE_EXTENSIONS].map(
  (extension) => `.${extension}` as const,
);

/** `.txt`, `.docx` and `.pdf`, as a sentence lists them. */
function listed(types: readonly string[]): string {
  return types.length < 2
    ? (types[0] ?? '')
    : `${types.slice(0, -1).join(', ')} and ${types[types.length - 1] ?? ''}`;
}

export const UNSUPPORTED_FILE_MESSAGE = `Only ${listed(ACCEPTED_FILE_TYPES)} files are supported`;

function extensionOf(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? null : fileName.slice(dot + 1).toLowerCase();
}

/** The kind of a file by its name's extension (any case), or null for any other name. */
export function fileKindOfName(fileName: string): FileKind | null {
  const extension = extensionOf(fileName);
  return FILE_KINDS.find((kind) => kind === extension) ?? null;
}

/** How an upload is read, by its name's extension (any case), or null for any other name. */
export function uploadKindOfName(fileName: string): UploadKind | null {
  const extension = extensionOf(fileName);
  if (IMAGE_EXTENSIONS.some((image) => image === extension)) return 'image';
  return fileKindOfName(fileName);
}

/** Whether `value` (say, a queued job's data) names a file kind. */
export function isFileKind(value: unknown): value is FileKind {
  return FILE_KINDS.some((kind) => kind === value);
}
