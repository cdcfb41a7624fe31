import { noText, unsupportedFile } from './document-error';

export const NOT_UTF8_MESSAGE =
  'The text file is not UTF-8. Please save it as UTF-8 and try again.';

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

function startsWith(bytes: Uint8Array, prefix: Buffer): boolean {
  return bytes.length >= prefix.length && prefix.equals(bytes.subarray(0, prefix.length));
}

/**
 * The text of a .txt upload: UTF-8 (a byte order mark is dropped). Binary content (a known
 * binary signature or a NUL byte) is refused as not a text file; other bytes that are not
 * UTF-8 (a Latin-1 or UTF-16 file) with a message saying to save it as UTF-8.
 */
export function decodeTextFile(bytes: Uint8Array): string {
  if (BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature)) || bytes.includes(0x00)) {
    if (WIDE_BOMS.some((bom) => startsWith(bytes, bom))) throw unsupportedFile(NOT_UTF8_MESSAGE);
    throw unsupportedFile();
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw unsupportedFile(NOT_UTF8_MESSAGE, error);
  }
}

/** The text of a .txt upload (decodeTextFile), or `no-text` when it holds only white space. */
export function readTextFile(bytes: Uint8Array): string {
  const text = decodeTextFile(bytes);
  if (text.trim() === '') throw noText('txt');
  return text;
}
