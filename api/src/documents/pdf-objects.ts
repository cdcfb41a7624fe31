/*
 * Just enough of PDF's object syntax for the pre-check in pdf-streams.ts: names (with their
 * `#xx` escapes and, for filters, the abbreviations of inline images that pdf.js also accepts),
 * numbers, indirect references, strings, arrays and dictionaries, read from latin1 text. It
 * never throws: what it cannot read it skips, as pdf.js does. Not a PDF reader: no streams, no
 * cross-reference, nothing resolved.
 */

export type PdfValue =
  | { type: 'name'; name: string }
  | { type: 'number'; value: number }
  | { type: 'ref'; id: number }
  | { type: 'array'; items: PdfValue[] }
  | { type: 'dictionary'; entries: Map<string, PdfValue> }
  | { type: 'other' };

/** Filters by their full names, from their abbreviations (PDF 32000-1, table 94). */
const FILTER_ABBREVIATIONS: Readonly<Record<string, string>> = {
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  Fl: 'FlateDecode',
  RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode',
  DCT: 'DCTDecode',
};

/** A filter's full name: `/Fl` is `FlateDecode`, as pdf.js reads it. */
export function filterName(name: string): string {
  return FILTER_ABBREVIATIONS[name] ?? name;
}

/** Nesting deeper than this is not read (a hostile file could nest without end). */
const MAX_DEPTH = 64;

function isWhiteSpace(code: number): boolean {
  return (
    code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c || code === 0
  );
}

function isDelimiter(code: number): boolean {
  // ( ) < > [ ] { } / %
  return (
    code === 0x28 ||
    code === 0x29 ||
    code === 0x3c ||
    code === 0x3e ||
    code === 0x5b ||
    code === 0x5d ||
    code === 0x7b ||
    code === 0x7d ||
    code === 0x2f ||
    code === 0x25
  );
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/** Reads objects from `text` (latin1: one character a byte). */
export class PdfObjectReader {
  position: number;

  constructor(
    private readonly text: string,
    start = 0,
    private readonly end = text.length,
  ) {
    this.position = start;
  }

  private code(at = this.position): number {
    return at < this.end ? this.text.charCodeAt(at) : -1;
  }

  /** Skips white space and comments. */
  skipSpace(): void {
    while (this.position < this.end) {
      const code = this.code();
      if (isWhiteSpace(code)) this.position += 1;
      else if (code === 0x25) {
        while (this.position < this.end && this.code() !== 0x0a && this.code() !== 0x0d) {
          this.position += 1;
        }
      } else return;
    }
  }

  /** Whether `word` comes next (after white space), as a whole keyword. */
  startsWith(word: string): boolean {
    this.skipSpace();
    if (!this.text.startsWith(word, this.position)) return false;
    const after = this.code(this.position + word.length);
    return after === -1 || isWhiteSpace(after) || isDelimiter(after);
  }

  /** A name after its `/`, `#xx` escapes decoded. */
  private readName(): string {
    this.position += 1;
    let name = '';
    while (this.position < this.end) {
      const code = this.code();
      if (isWhiteSpace(code) || isDelimiter(code)) break;
      const high = code === 0x23 ? hexValue(this.code(this.position + 1)) : -1;
      const low = high === -1 ? -1 : hexValue(this.code(this.position + 2));
      if (low !== -1) {
        name += String.fromCharCode(high * 16 + low);
        this.position += 3;
      } else {
        name += this.text[this.position];
        this.position += 1;
      }
    }
    return name;
  }

  private skipLiteralString(): void {
    let depth = 0;
    while (this.position < this.end) {
      const code = this.code();
      this.position += 1;
      if (code === 0x5c) this.position += 1;
      else if (code === 0x28) depth += 1;
      else if (code === 0x29) {
        depth -= 1;
        if (depth === 0) return;
      }
    }
  }

  private readToken(): string {
    const start = this.position;
    while (this.position < this.end) {
      const code = this.code();
      if (isWhiteSpace(code) || isDelimiter(code)) break;
      this.position += 1;
    }
    return this.text.slice(start, this.position);
  }

  /** `N G R` after a number N already read: a reference, or the number alone. */
  private referenceOr(value: number): PdfValue {
    const save = this.position;
    this.skipSpace();
    const generation = this.readToken();
    this.skipSpace();
    if (/^\d+$/.test(generation) && this.code() === 0x52 && Number.isInteger(value)) {
      const after = this.code(this.position + 1);
      if (after === -1 || isWhiteSpace(after) || isDelimiter(after)) {
        this.position += 1;
        return { type: 'ref', id: value };
      }
    }
    this.position = save;
    return { type: 'number', value };
  }

  /** The next object, or null at the end, at a closing delimiter, or past MAX_DEPTH. */
  read(depth = 0): PdfValue | null {
    this.skipSpace();
    if (this.position >= this.end || depth > MAX_DEPTH) return null;
    const code = this.code();
    if (code === 0x2f) return { type: 'name', name: this.readName() };
    if (code === 0x3c && this.code(this.position + 1) === 0x3c) {
      this.position += 2;
      const entries = new Map<string, PdfValue>();
      for (;;) {
        this.skipSpace();
        if (this.position >= this.end) break;
        if (this.code() === 0x3e && this.code(this.position + 1) === 0x3e) {
          this.position += 2;
          break;
        }
        if (this.code() !== 0x2f) {
          // Not a key: skip it, as pdf.js does with junk in a dictionary.
          if (this.read(depth + 1) === null) this.position += 1;
          continue;
        }
        const key = this.readName();
        const value = this.read(depth + 1);
        if (value === null) continue;
        // The first of a repeated key counts, as in pdf.js.
        if (!entries.has(key)) entries.set(key, value);
      }
      return { type: 'dictionary', entries };
    }
    if (code === 0x3c) {
      const close = this.text.indexOf('>', this.position);
      this.position = close === -1 || close >= this.end ? this.end : close + 1;
      return { type: 'other' };
    }
    if (code === 0x5b) {
      this.position += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (this.position >= this.end) break;
        if (this.code() === 0x5d) {
          this.position += 1;
          break;
        }
        const item = this.read(depth + 1);
        if (item === null) this.position += 1;
        else items.push(item);
      }
      return { type: 'array', items };
    }
    if (code === 0x28) {
      this.skipLiteralString();
      return { type: 'other' };
    }
    if (code === 0x3e || code === 0x5d || code === 0x29 || code === 0x7b || code === 0x7d) {
      return null;
    }
    const token = this.readToken();
    if (token === '') {
      this.position += 1;
      return { type: 'other' };
    }
    const value = Number(token);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token) && Number.isFinite(value)) {
      return this.referenceOr(value);
    }
    return { type: 'other' };
  }
}

/** The dictionary that starts at `start` in `text` (at its `<<`), and where it ends; or null. */
export function readDictionary(
  text: string,
  start: number,
): { entries: Map<string, PdfValue>; end: number } | null {
  const reader = new PdfObjectReader(text, start);
  const value = reader.read();
  return value?.type === 'dictionary' ? { entries: value.entries, end: reader.position } : null;
}

/** A name entry of a dictionary (its own, not a nested one's), or null. */
export function nameEntry(entries: Map<string, PdfValue>, key: string): string | null {
  const value = entries.get(key);
  return value?.type === 'name' ? value.name : null;
}

/**
 * The filters of a stream's dictionary, in order, by their full names: `/Filter` is a name or
 * an array of names; anything else there (a reference, say) gives `?`, which no check decodes.
 */
export function streamFilters(entries: Map<string, PdfValue>): string[] {
  const value = entries.get('Filter');
  if (value === undefined) return [];
  const items = value.type === 'array' ? value.items : [value];
  return items.map((item) => (item.type === 'name' ? filterName(item.name) : '?'));
}

/** The object numbers that a page's `/Contents` names: one reference or an array of them. */
export function referencedIds(value: PdfValue | undefined): number[] {
  if (value === undefined) return [];
  if (value.type === 'ref') return [value.id];
  if (value.type === 'array') {
    return value.items.flatMap((item) => (item.type === 'ref' ? [item.id] : []));
  }
  return [];
}
