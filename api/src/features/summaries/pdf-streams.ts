import { constants, inflateSync } from 'node:zlib';

/*
 * A check of a PDF's compressed streams before pdf.js reads it. pdf.js decodes a stream into
 * one growing typed array: memory outside the JavaScript heap, which a worker's heap limit does
 * not cover. A 1 MB PDF whose page content is a deflate bomb made it hold 2.7 GB within 20 s.
 * Here every FlateDecode stream that text extraction may decode (page contents, forms, fonts,
 * object streams: anything but an image) is inflated once with a hard cap on its output, the
 * result dropped, so such a file is refused in a second and in little memory. The worker
 * pool's memory watchdog stays the backstop for what this does not see (other filters, a
 * stream hidden from this scan).
 */

export interface PdfStreamLimits {
  /** Most bytes one stream may unpack to. */
  maxStreamBytes: number;
  /** Most bytes all checked streams may unpack to, together. */
  maxTotalBytes: number;
}

/** Why a PDF was refused by checkPdfStreams. */
export class PdfStreamError extends Error {
  override readonly name = 'PdfStreamError';
}

const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
/** How far back from `stream` a stream's dictionary is looked for. */
const MAX_DICTIONARY_BYTES = 64 * 1024;

function isWhiteSpace(byte: number | undefined): boolean {
  return (
    byte === 0x20 ||
    byte === 0x0a ||
    byte === 0x0d ||
    byte === 0x09 ||
    byte === 0x0c ||
    byte === 0x00
  );
}

/** The text of the dictionary that ends just before `keyword` (at `<<`...`>>`), or null. */
function dictionaryBefore(pdf: Buffer, keyword: number): string | null {
  let end = keyword - 1;
  while (end >= 0 && isWhiteSpace(pdf[end])) end -= 1;
  if (end < 1 || pdf[end] !== 0x3e || pdf[end - 1] !== 0x3e) return null;
  let depth = 0;
  const floor = Math.max(0, end - MAX_DICTIONARY_BYTES);
  for (let index = end; index > floor; index -= 1) {
    if (pdf[index] === 0x3e && pdf[index - 1] === 0x3e) {
      depth += 1;
      index -= 1;
    } else if (pdf[index] === 0x3c && pdf[index - 1] === 0x3c) {
      depth -= 1;
      if (depth === 0) return pdf.toString('latin1', index - 1, end + 1);
      index -= 1;
    }
  }
  return null;
}

/** The names in a dictionary's /Filter: one name, or an array of them. */
function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary);
  if (!match?.[1]) return [];
  return [...match[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((name) => name[1] ?? '');
}

/** Inflates zlib data to at most `cap` bytes; more throws a PdfStreamError, damage gives null. */
function inflateCapped(data: Buffer, cap: number): Buffer | null {
  try {
    // Z_SYNC_FLUSH: a stream cut short (or with trailing bytes) still yields what it holds.
    return inflateSync(data, { maxOutputLength: cap, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if (error instanceof RangeError)
      throw new PdfStreamError('A stream unpacks to more than the limit');
    // Not zlib at all, or damaged: pdf.js judges it (and decodes nothing more from it).
    return null;
  }
}

/**
 * Throws a PdfStreamError when a FlateDecode stream of `pdf` (images aside) unpacks to more
 * than the limits, one stream or all of them together, twice-deflated streams included.
 */
export function checkPdfStreams(pdf: Buffer, limits: PdfStreamLimits): void {
  let total = 0;
  let position = pdf.indexOf(STREAM);
  while (position !== -1) {
    const dictionary = dictionaryBefore(pdf, position);
    let start = position + STREAM.length;
    if (pdf[start] === 0x0d) start += 1;
    if (pdf[start] === 0x0a) start += 1;
    if (dictionary === null || start === position + STREAM.length) {
      position = pdf.indexOf(STREAM, position + STREAM.length);
      continue;
    }
    // A direct /Length says where the data ends (an `N 0 R` reference does not count here).
    const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    const declared = direct?.[1] === undefined ? -1 : Number(direct[1]);
    const searched = pdf.indexOf(ENDSTREAM, start);
    const end =
      declared >= 0 && start + declared <= pdf.length
        ? start + declared
        : searched === -1
          ? pdf.length
          : searched;
    const filters = filtersOf(dictionary);
    if (!/\/Subtype\s*\/Image\b/.test(dictionary) && filters[0] === 'FlateDecode') {
      const cap = Math.max(1, Math.min(limits.maxStreamBytes, limits.maxTotalBytes - total));
      let data: Buffer | null = pdf.subarray(start, end);
      for (const filter of filters) {
        if (filter !== 'FlateDecode' || data === null) break;
        data = inflateCapped(data, cap);
      }
      total += data?.length ?? 0;
    }
    position = pdf.indexOf(STREAM, Math.max(end, start));
  }
}
