import { MAX_FILE_BYTES } from '../lib/product-constants';
import { FILE_TOO_LARGE_MESSAGE, tooLargeToRead, unsupportedFile } from './document-error';
import type { ExtractOptions, FileExtractor } from './file-extractor';
import { uploadKindOfName } from './file-kinds';
import type { FileKind, UploadKind } from './file-kinds';

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

/**
 * What can be judged of an upload without reading it: its sanitized name, its kind by
 * extension (a file kind or an image; `unsupported` for any other) and its size (`too-large`
 * over 10 MB).
 */
export function checkUploadedFile(file: File): { fileName: string; kind: UploadKind } {
  const fileName = sanitizeFileName(file.name);
  const kind = uploadKindOfName(fileName);
  if (kind === null) throw unsupportedFile();
  if (file.size > MAX_FILE_BYTES) throw tooLargeToRead(FILE_TOO_LARGE_MESSAGE);
  return { fileName, kind };
}

/**
 * The text of an uploaded .txt, .docx or .pdf, judged by its content as well as its name and
 * read by `extractor` in a worker thread (see file-extraction-pool.ts). Throws a DocumentError
 * (see document-error.ts): not a real file of its kind, over 10 MB or past a reading limit, no
 * text in it, obviously far over the character limit, `owner` with too many files waiting, or
 * every reader busy. The text still has to pass the content rules.
 */
export async function readUploadedFile(
  file: File,
  extractor: FileExtractor,
  options: ExtractOptions = {},
): Promise<UploadedText> {
  const { fileName, kind } = checkUploadedFile(file);
  // Images are read by OCR (document-reader.ts), never by the extraction threads.
  if (kind === 'image') throw unsupportedFile();
  const text = await extractor.extract(kind, new Uint8Array(await file.arrayBuffer()), options);
  return { text, source: kind, fileName };
}
