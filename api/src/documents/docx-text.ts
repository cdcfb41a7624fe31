import mammoth from 'mammoth';
import { MAX_DOCUMENT_CHARS } from '../lib/product-constants';
import { DocxStyles, findHiddenRuns, replaceZipEntry } from './docx-hidden';
import { scanDocumentXml } from './document-xml-scan';
import type { HiddenPassage } from './hidden-text';
import {
  contentFarTooLong,
  malformedFile,
  tooLargeToRead,
  unsupportedFile,
} from './document-error';
import type { DocumentError } from './document-error';
import { inflateZipEntry, looksLikeZip, readZipDirectory, ZipArchiveError } from './zip-archive';
import type { ZipEntry, ZipLimits } from './zip-archive';

/** What a .docx may hold before mammoth sees it (generous for any real document under 10 MB). */
export const DOCX_LIMITS: ZipLimits & {
  maxXmlPartBytes: number;
  maxParagraphs: number;
  maxElements: number;
  maxDepth: number;
} = {
  maxEntries: 2_000,
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioGraceBytes: 100 * 1024,
  /** An XML part is parsed into a tree; 50,000 characters of text never need more than this. */
  maxXmlPartBytes: 10 * 1024 * 1024,
  /**
   * word/document.xml as mammoth would build it. A real document of 50,000 characters has a
   * few thousand paragraphs and some tens of thousands of elements; mammoth's tree takes about
   * 1.5 KB of heap per element, so 200,000 elements stay within the worker's default 512 MB.
   */
  maxParagraphs: 50_000,
  maxElements: 200_000,
  /** Word nests tables inside tables, but never this deep; mammoth's reader recurses. */
  maxDepth: 256,
};

/** The parts every WordprocessingML package has. */
const REQUIRED_PARTS = ['[Content_Types].xml', 'word/document.xml'];

export const DAMAGED_DOCX_MESSAGE = 'The .docx file is damaged or incomplete';
export const ENCRYPTED_DOCX_MESSAGE = 'Password-protected .docx files are not supported';
export const OVERSIZED_DOCX_MESSAGE = 'The .docx file is too large to process once unpacked';
export const UNSUPPORTED_ZIP_MESSAGE = 'The .docx file uses a ZIP format that is not supported';

export const TOO_MANY_PARAGRAPHS_MESSAGE = `The .docx file has too many paragraphs to read (more than ${DOCX_LIMITS.maxParagraphs.toLocaleString('en-US')})`;
export const TOO_COMPLEX_DOCX_MESSAGE = `The .docx file is too complex to read (more than ${DOCX_LIMITS.maxElements.toLocaleString('en-US')} XML elements or nested too deeply)`;

function toDocumentError(error: ZipArchiveError): DocumentError {
  switch (error.problem) {
    case 'encrypted':
      return unsupportedFile(ENCRYPTED_DOCX_MESSAGE, error);
    case 'unsupported':
      return unsupportedFile(UNSUPPORTED_ZIP_MESSAGE, error);
    case 'too-large':
    case 'too-many-entries':
      return tooLargeToRead(OVERSIZED_DOCX_MESSAGE, error);
    case 'corrupt':
      return malformedFile(DAMAGED_DOCX_MESSAGE, error);
  }
}

function isXmlPart(entry: ZipEntry): boolean {
  return /\.(xml|rels)$/i.test(entry.name);
}

/**
 * Checks that `archive` really is a .docx that is safe to unpack: a ZIP (not a renamed .doc,
 * PDF or image) with the WordprocessingML parts, within DOCX_LIMITS, no encryption, and every
 * entry unpacking to exactly its declared size and checksum (each inflated with a hard cap,
 * one at a time, the result dropped). Returns word/document.xml, unpacked. Throws a
 * DocumentError saying why not.
 */
export function checkDocxArchive(archive: Buffer): Buffer {
  return checkDocxPackage(archive).document;
}

/** checkDocxArchive, with the archive's directory and word/styles.xml (empty when none) too. */
function checkDocxPackage(archive: Buffer): {
  document: Buffer;
  styles: Buffer;
  entries: ZipEntry[];
} {
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
    let document: Buffer | undefined;
    let styles: Buffer = Buffer.alloc(0);
    for (const entry of entries) {
      const content = inflateZipEntry(archive, entry);
      if (entry.name === 'word/document.xml') document = content;
      if (entry.name === 'word/styles.xml') styles = content;
    }
    if (document === undefined) throw unsupportedFile();
    return { document, styles, entries };
  } catch (error) {
    if (error instanceof ZipArchiveError) throw toDocumentError(error);
    throw error;
  }
}

/**
 * Refuses a document that is obviously beyond what can be summarized, from a scan of its
 * word/document.xml, before mammoth builds a tree of it: more certain text than the
 * 50,000-character limit (`too-long`, `at least N`), or an absurd number of
 * paragraphs, elements or levels of nesting (`too-large`).
 */
export function checkDocumentXml(document: Buffer): void {
  const tally = scanDocumentXml(document, DOCX_LIMITS);
  if (tally.doctype) throw malformedFile(DAMAGED_DOCX_MESSAGE);
  if (tally.textCharacters > MAX_DOCUMENT_CHARS)
    throw contentFarTooLong('at least', tally.textCharacters);
  if (tally.paragraphs > DOCX_LIMITS.maxParagraphs) {
    throw tooLargeToRead(TOO_MANY_PARAGRAPHS_MESSAGE);
  }
  if (tally.tooDeep || tally.elements > DOCX_LIMITS.maxElements) {
    throw tooLargeToRead(TOO_COMPLEX_DOCX_MESSAGE);
  }
}

/**
 * The text of a .docx upload: checked by checkDocxArchive and checkDocumentXml, then read by
 * mammoth's extractRawText (default options: no external file access), paragraphs separated
 * by blank lines. Text a reader cannot see is left out (see readDocx).
 */
export async function extractDocxText(archive: Buffer): Promise<string> {
  return (await readDocx(archive)).text;
}

/** A .docx's text, and the passages a reader of it cannot see (docx-hidden.ts). */
export interface DocxText {
  text: string;
  hiddenText: HiddenPassage[];
}

/**
 * As extractDocxText, with the hidden runs listed. They are left out of `text` (mammoth reads
 * a copy of the package whose word/document.xml lacks them) unless `includeHidden`.
 */
export async function readDocx(
  archive: Buffer,
  { includeHidden = false }: { includeHidden?: boolean } = {},
): Promise<DocxText> {
  const { document, styles, entries } = checkDocxPackage(archive);
  checkDocumentXml(document);
  const { passages, withoutHidden } = findHiddenRuns(
    document.toString('utf8'),
    new DocxStyles(styles.toString('utf8')),
  );
  const read =
    withoutHidden === null || includeHidden
      ? archive
      : replaceZipEntry(archive, entries, 'word/document.xml', Buffer.from(withoutHidden, 'utf8'));
  try {
    const result = await mammoth.extractRawText({ buffer: read });
    return { text: result.value, hiddenText: passages };
  } catch (error) {
    throw malformedFile(DAMAGED_DOCX_MESSAGE, error);
  }
}
