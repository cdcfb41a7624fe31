import mammoth from 'mammoth';
import { AppError } from '../../lib/app-error';
import { inflateZipEntry, looksLikeZip, readZipDirectory, ZipArchiveError } from './zip-archive';
import type { ZipEntry, ZipLimits } from './zip-archive';

/** What a .docx may hold before mammoth sees it (generous for any real document under 10 MB). */
export const DOCX_LIMITS: ZipLimits & { maxXmlPartBytes: number } = {
  maxEntries: 2_000,
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioGraceBytes: 100 * 1024,
  /** An XML part is parsed into a tree; 50,000 characters of text never need more than this. */
  maxXmlPartBytes: 10 * 1024 * 1024,
};

/** The parts every WordprocessingML package has. */
const REQUIRED_PARTS = ['[Content_Types].xml', 'word/document.xml'];

export const UNSUPPORTED_FILE_MESSAGE = 'Only .txt and .docx files are supported';
export const DAMAGED_DOCX_MESSAGE = 'The .docx file is damaged or incomplete';
export const ENCRYPTED_DOCX_MESSAGE = 'Password-protected .docx files are not supported';
export const OVERSIZED_DOCX_MESSAGE = 'The .docx file is too large to process once unpacked';
export const UNSUPPORTED_ZIP_MESSAGE = 'The .docx file uses a ZIP format that is not supported';

function unsupportedFile(message = UNSUPPORTED_FILE_MESSAGE, cause?: unknown): AppError {
  return new AppError(415, 'UNSUPPORTED_FILE_TYPE', message, undefined, { cause });
}

function toAppError(error: ZipArchiveError): AppError {
  switch (error.problem) {
    case 'encrypted':
      return unsupportedFile(ENCRYPTED_DOCX_MESSAGE, error);
    case 'unsupported':
      return unsupportedFile(UNSUPPORTED_ZIP_MESSAGE, error);
    case 'too-large':
    case 'too-many-entries':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', OVERSIZED_DOCX_MESSAGE, undefined, {
        cause: error,
      });
    case 'corrupt':
      return unsupportedFile(DAMAGED_DOCX_MESSAGE, error);
  }
}

function isXmlPart(entry: ZipEntry): boolean {
  return /\.(xml|rels)$/i.test(entry.name);
}

/**
 * Checks that `archive` really is a .docx that is safe to unpack: a ZIP (not a renamed .doc,
 * PDF or image) with the WordprocessingML parts, within DOCX_LIMITS, no encryption, and every
 * entry unpacking to exactly its declared size and checksum (each inflated with a hard cap,
 * one at a time, the result dropped). Throws the AppError to answer with.
 */
export function checkDocxArchive(archive: Buffer): void {
  if (!looksLikeZip(archive)) throw unsupportedFile();
  try {
    const entries = readZipDirectory(archive, DOCX_LIMITS);
    const names = new Set(entries.map((entry) => entry.name));
    if (!REQUIRED_PARTS.every((part) => names.has(part))) throw unsupportedFile();
    for (const entry of entries) {
      if (isXmlPart(entry) && entry.uncompressedSize > DOCX_LIMITS.maxXmlPartBytes) {
        throw new ZipArchiveError('too-large', `The part ${entry.name} is over the limit`);
      }
    }
    // mammoth (JSZip) unpacks the parts it reads without a cap: make sure none can surprise it.
    for (const entry of entries) inflateZipEntry(archive, entry);
  } catch (error) {
    if (error instanceof ZipArchiveError) throw toAppError(error);
    throw error;
  }
}

/**
 * The text of a .docx upload: checked by checkDocxArchive, then read by mammoth's
 * extractRawText (default options: no external file access), paragraphs separated by blank lines.
 */
export async function extractDocxText(archive: Buffer): Promise<string> {
  checkDocxArchive(archive);
  try {
    const result = await mammoth.extractRawText({ buffer: archive });
    return result.value;
  } catch (error) {
    throw unsupportedFile(DAMAGED_DOCX_MESSAGE, error);
  }
}
