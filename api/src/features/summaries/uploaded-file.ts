import { AppError } from '../../lib/app-error';
import { MAX_FILE_BYTES } from '../../lib/product-constants';
import { extractDocxText, UNSUPPORTED_FILE_MESSAGE } from './docx-text';

export const FILE_TOO_LARGE_MESSAGE = 'File exceeds the 10MB limit';
export const NOT_UTF8_MESSAGE =
  'The text file is not UTF-8. Please save it as UTF-8 and try again.';

/** Longest file name kept, in code points (the extension is kept whole). */
const MAX_FILE_NAME_CHARS = 255;

/** The text of an upload, with where it came from. */
export interface UploadedText {
  text: string;
  source: 'txt' | 'docx';
  /** The sanitized original name. */
  fileName: string;
}

/*
 * Starts of common binary formats: a file that begins like one of these is not text, whatever
 * its name says (a renamed PDF or image; a .doc is an OLE compound file, D0 CF 11 E0).
 */
const BINARY_SIGNATURES: readonly Buffer[] = [
  Buffer.from('%PDF-', 'latin1'),
  Buffer.from([0x50, 0x4b, 0x03, 0x04]), // ZIP, .docx, .xlsx
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), // OLE: .doc, .xls, encrypted Office
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
  Buffer.from('GIF8', 'latin1'),
  Buffer.from('RIFF', 'latin1'), // WebP, WAV, AVI
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
  Buffer.from([0x1f, 0x8b]), // gzip
];

// Byte order marks of UTF-16 and UTF-32: text, but not UTF-8.
const WIDE_BOMS: readonly Buffer[] = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xfe, 0xff]),
  Buffer.from([0x00, 0x00, 0xfe, 0xff]),
];

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

/** `.txt`, `.docx`, or null for any other name. */
function uploadKind(fileName: string): 'txt' | 'docx' | null {
  const match = /\.(txt|docx)$/i.exec(fileName);
  const extension = match?.[1]?.toLowerCase();
  return extension === 'txt' || extension === 'docx' ? extension : null;
}

function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);
}

/**
 * The text of a .txt upload: UTF-8 (a byte order mark is dropped). Binary content (a known
 * binary signature or a NUL byte) is refused as not a text file; other bytes that are not
 * UTF-8 (a Latin-1 or UTF-16 file) with a message saying to save it as UTF-8.
 */
export function decodeTextFile(bytes: Buffer): string {
  if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature)) || bytes.includes(0x00)) {
    if (WIDE_BOMS.some((bom) => startsWith(bytes, bom))) {
      throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', NOT_UTF8_MESSAGE);
    }
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', UNSUPPORTED_FILE_MESSAGE);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', NOT_UTF8_MESSAGE, undefined, { cause: error });
  }
}

/**
 * The text of an uploaded .txt or .docx, judged by its content as well as its name.
 * 415 UNSUPPORTED_FILE_TYPE for any other name or content, 413 PAYLOAD_TOO_LARGE over 10 MB
 * (or a .docx too large once unpacked). The text still has to pass the content rules.
 */
export async function readUploadedFile(file: File): Promise<UploadedText> {
  const fileName = sanitizeFileName(file.name);
  const source = uploadKind(fileName);
  if (source === null) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', UNSUPPORTED_FILE_MESSAGE);
  if (file.size > MAX_FILE_BYTES)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  const bytes = Buffer.from(await file.arrayBuffer());
  const text = source === 'txt' ? decodeTextFile(bytes) : await extractDocxText(bytes);
  return { text, source, fileName };
}
