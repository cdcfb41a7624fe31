import { getDocumentProxy, getResolvedPDFJS, resolvePDFJSImport } from 'unpdf';
import type { HeadingHint } from '../lib/document-sections';
import { MAX_DOCUMENT_CHARS } from '../lib/product-constants';
import { countCodePoints } from '../lib/summary-text';
import { HiddenTextList } from './hidden-text';
import type { HiddenPassage, HiddenReason } from './hidden-text';
import { drawnText, placeReason, reasonsOfRuns } from './pdf-hidden';
import type { PdfOps } from './pdf-hidden';
import { pdfPagesToPagedText } from './pdf-layout';
import type { PdfPageText, PdfTextRun } from './pdf-layout';
import { checkPdfStreams, PdfStreamError } from './pdf-streams';
import type { PdfStreamLimit } from './pdf-streams';
import {
  contentFarTooLong,
  DocumentError,
  malformedFile,
  tooLargeToRead,
  unsupportedFile,
} from './document-error';

export const DAMAGED_PDF_MESSAGE = 'The PDF file is damaged or incomplete';
export const ENCRYPTED_PDF_MESSAGE = 'Password-protected PDF files are not supported';
export const OVERSIZED_PDF_MESSAGE = 'The PDF file is too large to process once unpacked';

const MEGABYTE = 1024 * 1024;

export const PDF_LIMITS = {
  /** A stream of page content or a font never needs more than this once unpacked. */
  maxStreamBytes: 64 * MEGABYTE,
  maxTotalBytes: 256 * MEGABYTE,
  /**
   * Content one page may draw, unpacked: pdf.js parses it operator by operator (about 140 ms
   * a megabyte on a busy 2-core machine), so these bound the work of a file in operators, not
   * only in time (issue 24: 5,000 pages sharing one 40 MB stream). A page of text is a few KB.
   */
  maxPageContentBytes: 16 * MEGABYTE,
  /** Content all pages may draw together, a stream shared by several pages counted for each. */
  maxFileContentBytes: 48 * MEGABYTE,
  /**
   * Reading stops once the text layer holds this many characters (other than white space):
   * far past the 50,000 a summary takes, whatever headers and footers are dropped later.
   */
  maxRawCharacters: MAX_DOCUMENT_CHARS * 4,
};

/** `too-large` when a page, or all pages together, name more content than PDF_LIMITS allows. */
export const PAGE_CONTENT_MESSAGE = `A page of this PDF holds too much drawing to read (over ${PDF_LIMITS.maxPageContentBytes / MEGABYTE} MB once unpacked). Try a smaller file, or paste its text.`;
export const FILE_CONTENT_MESSAGE = `The pages of this PDF hold too much drawing to read (over ${PDF_LIMITS.maxFileContentBytes / MEGABYTE} MB once unpacked, counted page by page). Try a smaller file, or paste its text.`;

const STREAM_LIMIT_MESSAGES: Record<PdfStreamLimit, string> = {
  stream: OVERSIZED_PDF_MESSAGE,
  page: PAGE_CONTENT_MESSAGE,
  file: FILE_CONTENT_MESSAGE,
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

/**
 * pdf.js's operator list packs font data with ArrayBuffer.prototype.transferToFixedLength
 * (ES2024), which Node 20 lacks: the same as a copy of the first `length` bytes (the source is
 * not detached, which nothing here relies on).
 */
function provideTransferToFixedLength(): void {
  const prototype = ArrayBuffer.prototype as ArrayBuffer & {
    transferToFixedLength?: (length?: number) => ArrayBuffer;
  };
  if (typeof prototype.transferToFixedLength === 'function') return;
  Object.defineProperty(prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length: number = this.byteLength): ArrayBuffer {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

provideTransferToFixedLength();

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

function isTextItem(item: unknown): item is {
  str: string;
  transform: number[];
  width: number;
  hasEOL: boolean;
  fontName?: string;
} {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/**
 * A face's name that says it is bold or heavier (`Arial-BoldMT`, `ABCDEF+Lato-Black`,
 * `Futura-Demi`, `ArialNarrow,Bd`): names are written in CamelCase, so `Academia` is not `Demi`.
 */
const BOLD_FACE =
  /[Bb]old|BOLD|[Hh]eavy|HEAVY|Black|BLACK|Demi|DEMI|[-,_](?:Semi|Extra|Ultra)?(?:Bd|Blk)\b/;

/**
 * Whether the font pdf.js loaded as `id` (a text item's `fontName`) is a bold face: by the
 * flags pdf.js sets from the font's name and descriptor, or by its name. The font is known once
 * the page's operator list has been read (pdf.js sends fonts with it); otherwise false.
 */
function isBoldFont(page: PdfPage, id: string | undefined): boolean {
  if (id === undefined || !page.commonObjs.has(id)) return false;
  const font: unknown = page.commonObjs.get(id);
  if (typeof font !== 'object' || font === null) return false;
  const { name, bold, black } = font as { name?: unknown; bold?: unknown; black?: unknown };
  return bold === true || black === true || (typeof name === 'string' && BOLD_FACE.test(name));
}

/** A page's runs, each with why a reader cannot see it (null: it can). */
interface PageRuns {
  runs: PdfTextRun[];
  reasons: (HiddenReason | null)[];
  /** Strings drawn outside the page box: pdf.js's text content leaves them out. */
  offPage: string[];
}

async function pageText(page: PdfPage, ops: PdfOps): Promise<PageRuns> {
  const content = await page.getTextContent();
  const runs: PdfTextRun[] = [];
  const fonts: (string | undefined)[] = [];
  for (const item of content.items) {
    if (!isTextItem(item)) continue;
    fonts.push(item.fontName);
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
  if (!runs.some((run) => HAS_TEXT.test(run.text))) {
    return { runs, reasons: runs.map(() => null), offPage: [] };
  }
  // How the text is drawn is only in the operator list (see pdf-hidden.ts).
  const view = page.view;
  const drawn = drawnText(await page.getOperatorList(), ops, view);
  // The fonts came with the operator list: a run set in a bold face may be a heading.
  const boldFonts = new Map<string | undefined, boolean>();
  runs.forEach((run, index) => {
    const font = fonts[index];
    if (!boldFonts.has(font)) boldFonts.set(font, isBoldFont(page, font));
    if (boldFonts.get(font) === true) run.bold = true;
  });
  const drawnReasons = reasonsOfRuns(
    runs.map((run) => run.text),
    drawn.characters,
  );
  let previous: HiddenReason | null = null;
  const reasons = runs.map((run, index) => {
    // White space goes with the run before it.
    if (run.text.trim() === '') return previous;
    previous = placeReason(run, view) ?? drawnReasons[index] ?? null;
    return previous;
  });
  return { runs, reasons, offPage: drawn.offPage };
}

/**
 * Off-page strings as runs below the page's last line, each a line of its own, so that a
 * reading that includes hidden text has them at the end of their page.
 */
function offPageRuns(runs: readonly PdfTextRun[], offPage: readonly string[]): PdfTextRun[] {
  const lowest = runs.reduce((low, run) => Math.min(low, run.y), Number.POSITIVE_INFINITY);
  const left = runs.reduce((min, run) => Math.min(min, run.x), Number.POSITIVE_INFINITY);
  const size = 10;
  return offPage.map((text, index) => ({
    text,
    x: Number.isFinite(left) ? left : 0,
    y: (Number.isFinite(lowest) ? lowest : 0) - size * 3 * (index + 1),
    width: text.length * size * 0.5,
    size,
    endsLine: true,
  }));
}

function readFailure(error: unknown): DocumentError {
  if (error instanceof DocumentError) return error;
  if (error instanceof Error && error.name === 'PasswordException') {
    return unsupportedFile(ENCRYPTED_PDF_MESSAGE, error);
  }
  return malformedFile(DAMAGED_PDF_MESSAGE, error);
}

/** What a PDF's text layer holds, page by page (plain data: it crosses a thread boundary). */
export interface PdfTextLayer {
  text: string;
  /** One a page: the UTF-16 offset in `text` where the page's text begins. */
  pageStarts: number[];
  /**
   * One a page: whether its text layer has any letter or digit, hidden or not (if not, it is
   * read by OCR).
   */
  pagesWithText: boolean[];
  /** Text of the layer a reader cannot see (pdf-hidden.ts), with its page. */
  hiddenText: HiddenPassage[];
  /** Paragraphs set larger than the body, as headings (issue 28, `sections`). */
  headings: HeadingHint[];
}

/**
 * The text layer of a PDF upload, as plain text (see pdf-layout.ts). A PDF with no text
 * layer gives '' (the caller reads its pages by OCR); see extractPdfTextLayer.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  return (await extractPdfTextLayer(bytes)).text;
}

const HAS_TEXT = /[\p{L}\p{N}]/u;

/**
 * The text layer of a PDF upload with where each page begins and which pages have text. A file
 * that does not start like a PDF or that pdf.js cannot open is `unsupported` or `malformed`;
 * streams that unpack past PDF_LIMITS are `too-large`; a text layer far over the character
 * limit is `too-long` (`more than N`) without reading the rest.
 */
export async function extractPdfTextLayer(
  bytes: Uint8Array,
  { includeHidden = false }: { includeHidden?: boolean } = {},
): Promise<PdfTextLayer> {
  if (!looksLikePdf(bytes)) throw unsupportedFile();
  try {
    checkPdfStreams(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), PDF_LIMITS);
  } catch (error) {
    if (error instanceof PdfStreamError) {
      throw tooLargeToRead(STREAM_LIMIT_MESSAGES[error.limit], error);
    }
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
    const pagesWithText: boolean[] = [];
    const hidden = new HiddenTextList();
    const { OPS } = await getResolvedPDFJS();
    let characters = 0;
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const { runs, reasons, offPage } = await pageText(page, OPS);
      page.cleanup();
      pages.push({
        runs: includeHidden
          ? [...runs, ...offPageRuns(runs, offPage)]
          : runs.filter((_, index) => reasons[index] === null),
      });
      runs.forEach((run, index) => {
        const reason = reasons[index] ?? null;
        if (reason === null) {
          if (run.text.trim() !== '') hidden.close();
          return;
        }
        hidden.add(run.endsLine ? `${run.text} ` : run.text, reason, number, true);
      });
      hidden.close();
      for (const text of offPage) {
        hidden.add(text, 'off-page', number);
        hidden.close();
      }
      pagesWithText.push(runs.some((run) => HAS_TEXT.test(run.text)));
      for (const run of runs) characters += countCodePoints(run.text.replace(/\s+/g, ''));
      if (characters > PDF_LIMITS.maxRawCharacters) {
        throw contentFarTooLong('more than', PDF_LIMITS.maxRawCharacters);
      }
    }
    return { ...pdfPagesToPagedText(pages), pagesWithText, hiddenText: hidden.list() };
  } catch (error) {
    throw readFailure(error);
  } finally {
    await document.destroy();
  }
}
