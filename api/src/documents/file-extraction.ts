import { noText } from './document-error';
import { docxHeadings } from './docx-headings';
import { readDocx } from './docx-text';
import { allTextHidden } from './hidden-text';
import type { HiddenPassage } from './hidden-text';
import type { HeadingHint } from '../lib/document-sections';
import type { FileKind } from './file-kinds';
import { extractPdfTextLayer } from './pdf-text';
import type { PdfTextLayer } from './pdf-text';
import { decodeTextFile } from './text-file';

/*
 * What runs inside an extraction worker thread (src/extraction-thread.ts): one file's bytes
 * in, its plain text out, or the DocumentError saying why not. The request and the answer are
 * plain data, so they cross the thread boundary as they are.
 */

/** Main thread to worker: read this file. `bytes` is transferred, not copied. */
export interface ExtractionRequest {
  kind: FileKind;
  bytes: Uint8Array;
  /** Keep text a reader cannot see in the text (it is listed either way). */
  includeHidden?: boolean | undefined;
}

/** A file's text; for a PDF, its pages too (pages without a text layer are read by OCR). */
export interface ExtractedText {
  text: string;
  /** Text of the file a reader cannot see (.docx and PDF); absent when there is none. */
  hiddenText?: HiddenPassage[] | undefined;
  pdf?: Omit<PdfTextLayer, 'text' | 'headings' | 'hiddenText'> | undefined;
  /** Headings the file's structure names (Word heading styles, a PDF's larger lines). */
  headings?: HeadingHint[] | undefined;
}

/**
 * The text of a file of `kind`, judged by its content. Throws a DocumentError: `unsupported`
 * or `malformed` when it is not a real, readable file of that kind, `too-large` once unpacked,
 * `too-long` far over the character limit, `no-text` when it holds nothing but white space.
 */
export async function extractFileText(kind: FileKind, bytes: Uint8Array): Promise<string> {
  const { text } = await extractFile(kind, bytes);
  if (text.trim() === '') throw noText(kind);
  return text;
}

/**
 * As extractFileText, except that a PDF with pages without a text layer is not `no-text`:
 * its pages are described so that the caller reads those by OCR.
 */
export async function extractFile(
  kind: FileKind,
  bytes: Uint8Array,
  { includeHidden = false }: { includeHidden?: boolean | undefined } = {},
): Promise<ExtractedText> {
  switch (kind) {
    case 'txt': {
      const text = decodeTextFile(bytes);
      if (text.trim() === '') throw noText(kind);
      return { text };
    }
    case 'docx': {
      const archive = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
      const { text, hiddenText } = await readDocx(archive, { includeHidden });
      if (text.trim() === '') throw hiddenText.length > 0 ? allTextHidden() : noText(kind);
      return { text, hiddenText, headings: docxHeadings(archive) };
    }
    case 'pdf': {
      const layer = await extractPdfTextLayer(bytes, { includeHidden });
      const { text, pageStarts, pagesWithText, hiddenText, headings } = layer;
      if (text.trim() === '' && pagesWithText.length === 0) throw noText(kind);
      return { text, hiddenText, pdf: { pageStarts, pagesWithText }, headings };
    }
  }
}
