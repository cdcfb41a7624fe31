import { DocumentError, noText } from './document-error';
import { allTextHidden } from './hidden-text';
import type { DocumentText, ReadingProgress, ReadOptions } from './document';
import type { FileExtractor } from './file-extractor';
import type { FileKind } from './file-kinds';
import { OCR_MAX_PAGES, tooManyScannedPages } from './ocr/ocr-reader';
import type { OcrReader, RecognizedPage } from './ocr/ocr-reader';
import { documentSections } from '../lib/document-sections';
import { joinLines } from './pdf-layout';
import { checkUploadedFile } from './uploaded-file';

/*
 * An upload's text (issue 27): .txt and .docx from the extraction threads; a PDF's text layer
 * from them too, and its pages without one by OCR, put back in page order; a photo or scan by
 * OCR alone. The document reader (document-reader.ts) is the door; this is what is behind it
 * for files.
 */

/** How scans are read (config.documents). */
export interface OcrSettings {
  /** Pages of one PDF read by OCR at most; more is refused before any is read. */
  ocrMaxPages: number;
  /** Wall-clock limit of the OCR of one file, in ms. */
  ocrTimeoutMs: number;
  /** Tesseract workers kept for OCR. */
  ocrWorkers: number;
}

export const DEFAULT_OCR_SETTINGS: OcrSettings = {
  ocrMaxPages: OCR_MAX_PAGES,
  ocrTimeoutMs: 180_000,
  ocrWorkers: 1,
};

export interface FileReading {
  fileExtractor: FileExtractor;
  /** The OCR reader, made on first use (its workers hold 100–150 MB each). */
  ocr: () => OcrReader;
  settings: OcrSettings;
}

/** An upload's text and what is known of it, its sanitized name aside. */
export type FileText = Omit<DocumentText, 'title'> & { fileName: string };

/**
 * The text of an uploaded .txt, .docx, .pdf or image, judged by its content as well as its
 * name. Throws a DocumentError (see document-error.ts); aborting `options.signal` rejects with
 * its reason and stops the OCR.
 */
export async function readFileText(
  file: File,
  reading: FileReading,
  options: ReadOptions = {},
): Promise<FileText> {
  const { signal } = options;
  signal?.throwIfAborted();
  const progress = (event: ReadingProgress) => {
    try {
      options.onProgress?.(event);
    } catch {
      // A listener's failure is its own: the reading goes on.
    }
  };
  progress({ stage: 'reading' });
  const { fileName, kind } = checkUploadedFile(file);
  const bytes = new Uint8Array(await whenNotAborted(file.arrayBuffer(), signal));
  if (kind === 'image') {
    return { fileName, ...(await readImage(bytes, reading, signal, progress)) };
  }
  return { fileName, ...(await readDocument(kind, bytes, reading, options, progress)) };
}

type ReadText = Omit<FileText, 'fileName'>;

async function readImage(
  bytes: Uint8Array,
  { ocr, settings }: FileReading,
  signal: AbortSignal | undefined,
  progress: (event: ReadingProgress) => void,
): Promise<ReadText> {
  try {
    const { text } = await ocr().recognizeImage(bytes, {
      timeoutMs: settings.ocrTimeoutMs,
      signal,
      onStart: () => progress({ stage: 'ocr', page: 1, pages: 1 }),
    });
    const recognized = tidyRecognizedText(text);
    return {
      text: recognized,
      format: 'image',
      ocr: true,
      pageBreaks: [],
      sections: documentSections(recognized),
      hiddenText: [],
    };
  } catch (error) {
    if (error instanceof DocumentError && error.kind === 'no-text') throw noText('image');
    throw error;
  }
}

async function readDocument(
  kind: FileKind,
  bytes: Uint8Array,
  { fileExtractor, ocr, settings }: FileReading,
  { owner, signal, includeHidden }: ReadOptions,
  progress: (event: ReadingProgress) => void,
): Promise<ReadText> {
  // The extraction thread takes the bytes it is given over: OCR reads from a copy.
  const copy = kind === 'pdf' ? bytes.slice() : null;
  const extracted = await whenNotAborted(
    fileExtractor.extractDocument(kind, bytes, { owner, signal, includeHidden }),
    signal,
  );
  const { text, pdf, headings } = extracted;
  const hiddenText = extracted.hiddenText ?? [];
  if (pdf === undefined || copy === null) {
    return {
      text,
      format: kind,
      ocr: false,
      pageBreaks: [],
      sections: documentSections(text, headings),
      hiddenText,
    };
  }
  const scanned = pdf.pagesWithText.flatMap((hasText, index) => (hasText ? [] : [index + 1]));
  if (scanned.length === 0) {
    if (text.trim() === '') throw hiddenText.length > 0 ? allTextHidden() : noText('pdf');
    return {
      text,
      format: 'pdf',
      ocr: false,
      pageBreaks: pdf.pageStarts.slice(1),
      sections: documentSections(text, headings),
      hiddenText,
    };
  }
  if (scanned.length > settings.ocrMaxPages) {
    throw tooManyScannedPages(scanned.length, settings.ocrMaxPages);
  }
  let recognized: RecognizedPage[];
  try {
    recognized = await ocr().recognizePdfPages(copy, {
      timeoutMs: settings.ocrTimeoutMs,
      signal,
      pages: scanned,
      maxPages: settings.ocrMaxPages,
      onPage: (page, pages) => progress({ stage: 'ocr', page, pages }),
    });
  } catch (error) {
    if (!(error instanceof DocumentError && error.kind === 'no-text')) throw error;
    if (text.trim() === '') throw noText('pdf');
    recognized = [];
  }
  const ocrText = new Map<number, string>(scanned.map((page) => [page, '']));
  for (const { page, text: pageText } of recognized) {
    ocrText.set(page, tidyRecognizedText(pageText));
  }
  const composed = composePages(text, pdf.pageStarts, ocrText);
  if (composed.text === '') throw hiddenText.length > 0 ? allTextHidden() : noText('pdf');
  return {
    text: composed.text,
    format: 'pdf',
    ocr: true,
    pageBreaks: composed.pageBreaks,
    sections: documentSections(composed.text, headings),
    hiddenText,
  };
}

/**
 * Tesseract's text as the text layer's reads: the lines of a paragraph joined (a word
 * hyphenated over a line break made whole), paragraphs separated by a blank line.
 */
export function tidyRecognizedText(text: string): string {
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .filter((line) => line !== '')
        .reduce((joined, line) => (joined === '' ? line : joinLines(joined, line)), ''),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

const PAGE_SEPARATOR = '\n\n';

/**
 * A PDF's text in page order: the text layer's pages as the layer read them (a paragraph
 * running on over a page break stays whole), the OCR'd pages' text between them, and the
 * UTF-16 offsets where page 2, 3, … begin (a page without text begins where the next does).
 * `pageStarts` has one offset into `layer` a page; `ocrText` the text of each OCR'd page.
 */
export function composePages(
  layer: string,
  pageStarts: readonly number[],
  ocrText: ReadonlyMap<number, string>,
): { text: string; pageBreaks: number[] } {
  const count = pageStarts.length;
  const starts: (number | null)[] = [];
  let text = '';
  const append = (piece: string): number | null => {
    if (piece === '') return null;
    if (text !== '') text += PAGE_SEPARATOR;
    const at = text.length;
    text += piece;
    return at;
  };
  let page = 1;
  while (page <= count) {
    const recognized = ocrText.get(page);
    if (recognized !== undefined) {
      starts.push(append(recognized));
      page += 1;
      continue;
    }
    // A run of pages with a text layer, read as one slice of it.
    let last = page;
    while (last < count && !ocrText.has(last + 1)) last += 1;
    const from = pageStarts[page - 1] ?? layer.length;
    const slice = layer.slice(from, last < count ? pageStarts[last] : layer.length);
    const lead = slice.length - slice.trimStart().length;
    const piece = slice.trim();
    const at = append(piece);
    for (let inRun = page; inRun <= last; inRun += 1) {
      const offset = (pageStarts[inRun - 1] ?? from) - from - lead;
      starts.push(at === null || offset >= piece.length ? null : at + Math.max(0, offset));
    }
    page = last + 1;
  }
  let next = text.length;
  for (let index = starts.length - 1; index >= 0; index -= 1) {
    next = starts[index] ?? next;
    starts[index] = next;
  }
  return { text, pageBreaks: starts.slice(1).map((start) => start ?? text.length) };
}

/** `promise`, or the signal's reason as soon as it is aborted. */
function whenNotAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
