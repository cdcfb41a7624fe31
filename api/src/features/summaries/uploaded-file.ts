import { AppError } from '../../lib/app-error';
import { MAX_FILE_BYTES } from '../../lib/product-constants';
import type { ExtractOptions, FileKind, FileExtractor } from '../../lib/file-extractor';
import { FILE_TOO_LARGE_MESSAGE, UNSUPPORTED_FILE_MESSAGE } from './upload-errors';

/** Longest file name kept, in code points (the extension is kept whole). */
const MAX_FILE_NAME_CHARS = 255;

/** The text of an upload, with where it came from. */
export interface UploadedText {
  text: string;
  source: FileKind;
  /** The sanitized original name. */
  fileName: string;
}

// Control and format characters that could hide or disguise part of a name (e.g. U+202E
// RIGHT-TO-LEFT OVERRIDE turning `evil\u202Etxt.exe` into `evilexe.txt`), and lone surrogates.
const UNSAFE_NAME_CHARACTERS =
  /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/**
 * A file name fit to store and show: the last path segment only (browsers may send
 * `C:\fakepath\x.txt`), without control or direction-override characters, whitespace
 * collapsed, at most 255 code points with the extension kept.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(/\s+/gu, ' ').replace(UNSAFE_NAME_CHARACTERS, '').trim();
  const characters = Array.from(cleaned);
  if (characters.length <= MAX_FILE_NAME_CHARS) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  const stem = Array.from(cleaned.slice(0, cleaned.length - extension.length));
  return `${stem
    .slice(0, MAX_FILE_NAME_CHARS - Array.from(extension).length)
    .join('')
    .trimEnd()}${extension}`;
}

/** `.txt`, `.docx`, `.pdf` (any case), or null for any other name. */
function uploadKind(fileName: string): FileKind | null {
  const extension = /\.(txt|docx|pdf)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension === 'txt' || extension === 'docx' || extension === 'pdf' ? extension : null;
}

/**
 * What can be judged of an upload without reading it: its sanitized name, its kind by
 * extension (415 UNSUPPORTED_FILE_TYPE for any other) and its size (413 PAYLOAD_TOO_LARGE
 * over 10 MB).
 */
export function checkUploadedFile(file: File): { fileName: string; kind: FileKind } {
  const fileName = sanitizeFileName(file.name);
  const kind = uploadKind(fileName);
  if (kind === null) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', UNSUPPORTED_FILE_MESSAGE);
  if (file.size > MAX_FILE_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  }
  return { fileName, kind };
}

/**
 * The text of an uploaded .txt, .docx or .pdf, judged by its content as well as its name and
 * read by `extractor` in a worker thread (see file-extraction-pool.ts). Throws the AppError
 * to answer with: 415 not a real file of its kind, 413 over 10 MB or past a reading limit,
 * 422 NO_TEXT when it holds no text, 400 (field `file`) when it is obviously far over the
 * character limit, 429 when `owner` has too many files waiting, 503 when every reader is busy.
 * The text still has to pass the content rules.
 */
export async function readUploadedFile(
  file: File,
  extractor: FileExtractor,
  options: ExtractOptions = {},
): Promise<UploadedText> {
  const { fileName, kind } = checkUploadedFile(file);
  const text = await extractor.extract(kind, new Uint8Array(await file.arrayBuffer()), options);
  return { text, source: kind, fileName };
}
