import { getDocumentProxy, resolvePDFJSImport } from 'unpdf';
import { AppError } from '../../lib/app-error';
import { MAX_CHARS } from '../../lib/product-constants';
import { countCodePoints } from '../../lib/summary-text';
import { pdfPagesToText } from './pdf-layout';
import type { PdfPageText, PdfTextRun } from './pdf-layout';
import { checkPdfStreams, PdfStreamError } from './pdf-streams';
import { contentFarTooLong, tooLargeToRead, unsupportedFile } from './upload-errors';

export const DAMAGED_PDF_MESSAGE = 'The PDF file is damaged or incomplete';
export const ENCRYPTED_PDF_MESSAGE = 'Password-protected PDF files are not supported';
export const OVERSIZED_PDF_MESSAGE = 'The PDF file is too large to process once unpacked';

export const PDF_LIMITS = {
  /** A stream of page content or a font never needs more than this once unpacked. */
  maxStreamBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  /**
   * Reading stops once the text layer holds this many characters (other than white space):
   * far past the 50,000 a summary takes, whatever headers and footers are dropped later.
   */
  maxRawCharacters: MAX_CHARS * 4,
};

/** Where the `%PDF-` header may start: readers accept a little junk before it. */
const HEADER_WINDOW = 1024;

/** True when `%PDF-` starts within the first kilobyte, as every PDF reader requires. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return (
    Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_WINDOW + 5)).indexOf(
      '%PDF-',
      0,
      'latin1',
    ) !== -1
  );
}

/** Loads pdf.js now (1.6 MB of code), so the first PDF's time limit is spent on the PDF. */
export async function loadPdfReader(): Promise<void> {
  await resolvePDFJSImport();
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

function isTextItem(
  item: unknown,
): item is { str: string; transform: number[]; width: number; hasEOL: boolean } {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

async function pageText(page: PdfPage): Promise<PdfPageText> {
  const content = await page.getTextContent();
  const runs: PdfTextRun[] = [];
  for (const item of content.items) {
    if (!isTextItem(item)) continue;
    const [a = 0, b = 0, , , x = 0, y = 0] = item.transform;
    runs.push({
      text: item.str,
      x,
      y,
      width: item.width,
      size: Math.hypot(a, b) || 1,
      endsLine: item.hasEOL,
    });
  }
  return { runs };
}

function readFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Error && error.name === 'PasswordException') {
    return unsupportedFile(ENCRYPTED_PDF_MESSAGE, error);
  }
  return unsupportedFile(DAMAGED_PDF_MESSAGE, error);
}

/**
 * The text layer of a PDF upload, as plain text (see pdf-layout.ts). A file that does not
 * start like a PDF or that pdf.js cannot open is 415; streams that unpack past PDF_LIMITS
 * are 413; a text layer far over the character limit is 400 `more than N` without reading
 * the rest. A PDF with no text layer gives '' (the caller answers 422 NO_TEXT).
 */
export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  if (!looksLikePdf(bytes)) throw unsupportedFile();
  try {
    checkPdfStreams(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), PDF_LIMITS);
  } catch (error) {
    if (error instanceof PdfStreamError) throw tooLargeToRead(OVERSIZED_PDF_MESSAGE, error);
    throw error;
  }
  let document: PdfDocument;
  try {
    // A copy: pdf.js takes over (detaches) the buffer it is given.
    document = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (error) {
    throw readFailure(error);
  }
  try {
    const pages: PdfPageText[] = [];
    let characters = 0;
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const text = await pageText(page);
      page.cleanup();
      pages.push(text);
      for (const run of text.runs) characters += countCodePoints(run.text.replace(/\s+/g, ''));
      if (characters > PDF_LIMITS.maxRawCharacters) {
        throw contentFarTooLong('more than', PDF_LIMITS.maxRawCharacters);
      }
    }
    return pdfPagesToText(pages);
  } catch (error) {
    throw readFailure(error);
  } finally {
    await document.destroy();
  }
}
