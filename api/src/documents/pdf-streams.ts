import { constants, inflateSync } from 'node:zlib';
import {
  nameEntry,
  PdfObjectReader,
  readDictionary,
  referencedIds,
  streamFilters,
} from './pdf-objects';
import type { PdfValue } from './pdf-objects';

/*
 * A check of a PDF's streams before pdf.js reads it. pdf.js decodes a stream into one growing
 * typed array: memory outside the JavaScript heap, which a worker's heap limit does not cover.
 * A 1 MB PDF whose page content is a deflate bomb made it hold 2.7 GB within 20 s. Here every
 * stream that text extraction may decode (page contents, forms, fonts, object streams: anything
 * but an image, and any stream a page names as its content, whatever its dictionary says) is
 * decoded once through its whole filter chain with a hard cap on each step's output, the result
 * dropped, so such a file is refused in a second and in little memory. Filter names are read as
 * pdf.js reads them: `#xx` escapes decoded, abbreviations (`/Fl`, `/AHx`...) expanded, every
 * filter of an array; `/Subtype` only from the stream's own dictionary, never a nested one.
 *
 * It also bounds the work of reading the pages: pdf.js parses each page's content streams once
 * per page, so 5,000 pages that share one 40 MB stream are 200 GB of parsing in a 1 MB file.
 * The content a page names (its unpacked bytes) is capped per page and, summed over the pages
 * (a shared stream counted once per page that draws it), per file. The worker pool's time and
 * memory limits stay the backstop for what this does not see (forms a page draws many times,
 * filters it does not decode).
 */

export interface PdfStreamLimits {
  /** Most bytes one stream may unpack to. */
  maxStreamBytes: number;
  /** Most bytes all checked streams may unpack to, together. */
  maxTotalBytes: number;
  /** Most bytes of unpacked content streams one page may name. */
  maxPageContentBytes: number;
  /** Most bytes of unpacked content streams all pages may name together (shared streams once per page). */
  maxFileContentBytes: number;
}

/** Which limit a PDF went past. */
export type PdfStreamLimit = 'stream' | 'page' | 'file';

/** Why a PDF was refused by checkPdfStreams. */
export class PdfStreamError extends Error {
  override readonly name = 'PdfStreamError';

  constructor(
    readonly limit: PdfStreamLimit,
    message: string,
  ) {
    super(message);
  }
}

const STREAM = 'stream';
const ENDSTREAM = 'endstream';
// (?<!\d): a match starts at a number's first digit only, so long runs of digits (in hex
// stream data, say) cost linear time, not quadratic.
const OBJECT_HEADER = /(?<!\d)(\d+)\s+\d+\s+obj\b/g;
/** An integer object, such as a stream's indirect /Length. */
const INTEGER_OBJECT = /(?<!\d)(\d+)\s+\d+\s+obj\s+(\d+)\s+endobj\b/g;

function streamTooLarge(): PdfStreamError {
  return new PdfStreamError('stream', 'A stream unpacks to more than the limit');
}

/** Inflates zlib data to at most `cap` bytes; more throws a PdfStreamError, damage gives null. */
function inflateCapped(data: Buffer, cap: number): Buffer | null {
  try {
    // Z_SYNC_FLUSH: a stream cut short (or with trailing bytes) still yields what it holds.
    return inflateSync(data, { maxOutputLength: cap, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if (error instanceof RangeError) throw streamTooLarge();
    // Not zlib at all, or damaged: pdf.js judges it (and decodes nothing more from it).
    return null;
  }
}

/** ASCIIHexDecode: pairs of hex digits up to `>`, white space ignored (never larger than its input). */
function asciiHexDecode(data: Buffer): Buffer {
  const out = Buffer.alloc(Math.ceil(data.length / 2));
  let length = 0;
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break;
    const digit =
      byte >= 0x30 && byte <= 0x39
        ? byte - 0x30
        : byte >= 0x41 && byte <= 0x46
          ? byte - 0x37
          : byte >= 0x61 && byte <= 0x66
            ? byte - 0x57
            : -1;
    if (digit === -1) continue;
    if (high === -1) high = digit;
    else {
      out[length] = high * 16 + digit;
      length += 1;
      high = -1;
    }
  }
  if (high !== -1) {
    out[length] = high * 16;
    length += 1;
  }
  return out.subarray(0, length);
}

/** ASCII85Decode up to `~>` (`z` is four zero bytes: at most 4 bytes out per byte in). */
function ascii85Decode(data: Buffer, cap: number): Buffer {
  const out: number[] = [];
  let group: number[] = [];
  const flush = (digits: number[], bytes: number): void => {
    let value = 0;
    for (const digit of digits) value = value * 85 + digit;
    for (let shift = 3; shift >= 4 - bytes; shift -= 1) out.push((value >>> (shift * 8)) & 0xff);
  };
  for (const byte of data) {
    if (out.length > cap) throw streamTooLarge();
    if (byte === 0x7e) break;
    if (byte === 0x7a && group.length === 0) {
      out.push(0, 0, 0, 0);
    } else if (byte >= 0x21 && byte <= 0x75) {
      group.push(byte - 0x21);
      if (group.length === 5) {
        flush(group, 4);
        group = [];
      }
    }
  }
  if (group.length > 1) {
    const count = group.length - 1;
    while (group.length < 5) group.push(84);
    flush(group, count);
  }
  if (out.length > cap) throw streamTooLarge();
  return Buffer.from(out);
}

/** RunLengthDecode, at most `cap` bytes out (up to 64 bytes out per byte in). */
function runLengthDecode(data: Buffer, cap: number): Buffer {
  const chunks: Buffer[] = [];
  let length = 0;
  let index = 0;
  while (index < data.length) {
    const header = data[index] ?? 128;
    index += 1;
    if (header === 128) break;
    const chunk =
      header < 128
        ? data.subarray(index, index + header + 1)
        : Buffer.alloc(257 - header, data[index] ?? 0);
    index += header < 128 ? header + 1 : 1;
    length += chunk.length;
    if (length > cap) throw streamTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** LZWDecode (early change 1, as by default), at most `cap` bytes out. */
function lzwDecode(data: Buffer, cap: number): Buffer {
  const chunks: Buffer[] = [];
  let length = 0;
  let table: Buffer[] = [];
  const reset = (): void => {
    table = Array.from({ length: 258 }, (_, code) => Buffer.from([code & 0xff]));
  };
  reset();
  let previous: Buffer | null = null;
  let codeLength = 9;
  let bits = 0;
  let bitCount = 0;
  for (const byte of data) {
    bits = ((bits << 8) | byte) & 0xffffff;
    bitCount += 8;
    while (bitCount >= codeLength) {
      const code = (bits >>> (bitCount - codeLength)) & ((1 << codeLength) - 1);
      bitCount -= codeLength;
      if (code === 257) return Buffer.concat(chunks);
      if (code === 256) {
        reset();
        previous = null;
        codeLength = 9;
        continue;
      }
      let entry = table[code];
      if (entry === undefined) {
        if (previous === null || code !== table.length) return Buffer.concat(chunks);
        entry = Buffer.concat([previous, previous.subarray(0, 1)]);
      }
      if (previous !== null && table.length < 4096) {
        table.push(Buffer.concat([previous, entry.subarray(0, 1)]));
      }
      previous = entry;
      length += entry.length;
      if (length > cap) throw streamTooLarge();
      chunks.push(entry);
      const next = table.length + 1;
      codeLength = next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9;
    }
  }
  return Buffer.concat(chunks);
}

/**
 * A stream's data through its filters, each step capped at `cap` bytes; null when a step is
 * damaged or is one this check does not decode (images' filters: DCT, CCITT, JBIG2, JPX...),
 * as pdf.js then has nothing large to parse from it either.
 */
function decodeChain(data: Buffer, filters: readonly string[], cap: number): Buffer | null {
  let current: Buffer | null = data;
  for (const filter of filters) {
    if (current === null) return null;
    switch (filter) {
      case 'FlateDecode':
        current = inflateCapped(current, cap);
        break;
      case 'ASCIIHexDecode':
        current = asciiHexDecode(current);
        break;
      case 'ASCII85Decode':
        current = ascii85Decode(current, cap);
        break;
      case 'RunLengthDecode':
        current = runLengthDecode(current, cap);
        break;
      case 'LZWDecode':
        current = lzwDecode(current, cap);
        break;
      default:
        return null;
    }
    if (current !== null && current.length > cap) throw streamTooLarge();
  }
  return current;
}

interface StreamRecord {
  entries: Map<string, PdfValue>;
  start: number;
  end: number;
  /** Its size unpacked, once known. */
  size: number | undefined;
}

/** Where the data of a stream ends: its /Length (direct, or an integer object), else `endstream`. */
function streamEnd(
  pdf: Buffer,
  start: number,
  entries: Map<string, PdfValue>,
  integers: Map<number, number>,
): number {
  const length = entries.get('Length');
  const declared =
    length?.type === 'number'
      ? length.value
      : length?.type === 'ref'
        ? (integers.get(length.id) ?? -1)
        : -1;
  if (Number.isInteger(declared) && declared >= 0 && start + declared <= pdf.length) {
    return start + declared;
  }
  const searched = pdf.indexOf(ENDSTREAM, start, 'latin1');
  return searched === -1 ? pdf.length : searched;
}

/** A page's content streams, if `entries` is a page dictionary; else null. */
function pageContents(entries: Map<string, PdfValue>): number[] | null {
  return nameEntry(entries, 'Type') === 'Page' ? referencedIds(entries.get('Contents')) : null;
}

/** The pages among the objects of a decoded object stream (`/N` pairs of number and offset, then the objects from `/First`). */
function objectStreamPages(entries: Map<string, PdfValue>, objects: string): number[][] {
  const count = entries.get('N');
  const first = entries.get('First');
  if (count?.type !== 'number' || first?.type !== 'number') return [];
  const reader = new PdfObjectReader(objects, 0, Math.min(objects.length, first.value));
  const pages: number[][] = [];
  for (let index = 0; index < count.value; index += 1) {
    const id = reader.read();
    const offset = reader.read();
    if (id?.type !== 'number' || offset?.type !== 'number') break;
    const start = new PdfObjectReader(objects, first.value + offset.value);
    start.skipSpace();
    const dictionary = readDictionary(objects, start.position);
    const contents = dictionary === null ? null : pageContents(dictionary.entries);
    if (contents !== null) pages.push(contents);
  }
  return pages;
}

/**
 * Throws a PdfStreamError when a stream of `pdf` that text extraction may decode unpacks to
 * more than the limits (one stream, or all of them together), or when the pages name more
 * content than a page or the file may hold; see the comment at the top of this file.
 */
export function checkPdfStreams(pdf: Buffer, limits: PdfStreamLimits): void {
  const text = pdf.toString('latin1');
  const integers = new Map<number, number>();
  for (const match of text.matchAll(INTEGER_OBJECT)) {
    integers.set(Number(match[1]), Number(match[2]));
  }
  const streams = new Map<number, StreamRecord>();
  const pages: number[][] = [];
  let total = 0;
  const decode = (record: StreamRecord): void => {
    const cap = Math.max(1, Math.min(limits.maxStreamBytes, limits.maxTotalBytes - total));
    const data = pdf.subarray(record.start, record.end);
    const filters = streamFilters(record.entries);
    const decoded = filters.length === 0 ? data : decodeChain(data, filters, cap);
    record.size = decoded?.length ?? 0;
    if (filters.length > 0) total += record.size;
    if (nameEntry(record.entries, 'Type') === 'ObjStm' && decoded !== null) {
      pages.push(...objectStreamPages(record.entries, decoded.toString('latin1')));
    }
  };

  // Every object in the file: streams are checked (their data skipped over), other objects are
  // looked at for pages. Objects in an object stream are looked at once it is decoded.
  let previousEnd = 0;
  for (const header of text.matchAll(OBJECT_HEADER)) {
    const at = header.index;
    if (at < previousEnd) continue;
    const id = Number(header[1]);
    const reader = new PdfObjectReader(text, at + header[0].length);
    reader.skipSpace();
    if (!text.startsWith('<<', reader.position)) continue;
    const dictionary = readDictionary(text, reader.position);
    if (dictionary === null) continue;
    reader.position = dictionary.end;
    if (!reader.startsWith(STREAM)) {
      const contents = pageContents(dictionary.entries);
      if (contents !== null) pages.push(contents);
      previousEnd = dictionary.end;
      continue;
    }
    let start = reader.position + STREAM.length;
    if (pdf[start] === 0x0d) start += 1;
    if (pdf[start] === 0x0a) start += 1;
    const end = streamEnd(pdf, start, dictionary.entries, integers);
    const record: StreamRecord = { entries: dictionary.entries, start, end, size: undefined };
    streams.set(id, record);
    if (nameEntry(dictionary.entries, 'Subtype') !== 'Image') decode(record);
    previousEnd = end;
  }

  // What each page names as its content: an image-typed stream drawn as content is decoded too.
  let fileContent = 0;
  for (const contents of pages) {
    let pageContent = 0;
    for (const id of contents) {
      const record = streams.get(id);
      if (record === undefined) continue;
      if (record.size === undefined) decode(record);
      pageContent += record.size ?? 0;
    }
    if (pageContent > limits.maxPageContentBytes) {
      throw new PdfStreamError('page', 'A page has more content than the limit');
    }
    fileContent += pageContent;
    if (fileContent > limits.maxFileContentBytes) {
      throw new PdfStreamError('file', 'The pages have more content than the limit');
    }
  }
}
