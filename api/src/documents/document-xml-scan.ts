/*
 * One pass over word/document.xml that counts what mammoth would build, without building it:
 * mammoth parses the whole part into a tree first (about 1.5 KB of heap per element), so a
 * small .docx of a few hundred thousand tiny paragraphs costs seconds and gigabytes before a
 * single rule can be checked. This scanner walks the bytes tag by tag, keeping only the stack
 * of open elements (bounded by maxDepth) and a few counters.
 */

export interface DocumentXmlLimits {
  /** Deepest element nesting read; deeper documents are refused at once. */
  maxDepth: number;
}

export interface DocumentXmlTally {
  /** Every start tag. */
  elements: number;
  /** `w:p` start tags, wherever they are. */
  paragraphs: number;
  /**
   * Characters other than white space in the `w:t` text that mammoth certainly puts into its
   * output (the body, outside deleted content and the `mc:Choice` branches mammoth skips),
   * counted in code points: a lower bound of the length of the trimmed text.
   */
  textCharacters: number;
  /** The nesting went past maxDepth; the scan stopped there. */
  tooDeep: boolean;
  /** The part declares a DOCTYPE (Word never writes one; it is how entity bombs start). */
  doctype: boolean;
}

/**
 * How mammoth treats an element's children: `read` them, read only the `mc:Fallback` of an
 * `alternate` block, keep a `text` element's characters, or `skip` the whole subtree.
 */
type Mode = 'document' | 'read' | 'alternate' | 'text' | 'skip';

interface Frame {
  name: string;
  mode: Mode;
}

/*
 * The elements whose children mammoth's body reader reads as they are (docx/body-reader.js,
 * mammoth 1.13). Anything else is either ignored with its subtree or read selectively, so it
 * counts nothing here: leaving an element out can only make the count smaller, never wrong.
 * w:sdt is left out on purpose (a checkbox control replaces its text).
 */
const READ_CHILDREN = new Set([
  'w:p',
  'w:r',
  'w:hyperlink',
  'w:tbl',
  'w:tr',
  'w:tc',
  'w:customXml',
  'w:ins',
  'w:moveTo',
  'w:smartTag',
  'w:object',
  'v:roundrect',
  'v:shape',
  'v:textbox',
  'w:txbxContent',
  'v:group',
  'v:rect',
]);

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const BANG = 0x21;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

function isNameEnd(byte: number): boolean {
  return (
    byte === 0x20 ||
    byte === 0x09 ||
    byte === 0x0a ||
    byte === 0x0d ||
    byte === SLASH ||
    byte === GREATER_THAN
  );
}

function childMode(parent: Frame | undefined, name: string): Mode {
  if (parent === undefined) return 'document';
  switch (parent.mode) {
    case 'document':
      return name === 'w:body' ? 'read' : 'skip';
    case 'read':
      if (name === 'w:t') return 'text';
      if (name === 'mc:AlternateContent') return 'alternate';
      return READ_CHILDREN.has(name) ? 'read' : 'skip';
    case 'alternate':
      return name === 'mc:Fallback' ? 'read' : 'skip';
    case 'text':
    case 'skip':
      return 'skip';
  }
}

/** The white space of JavaScript's trim() beyond ASCII: these never count as text. */
const WIDE_WHITE_SPACE = new Set([
  0x00a0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
  0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
]);

function isAsciiWhiteSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/** The code point of an entity's name (`#65`, `#x41`, `amp`): named ones are never white space. */
function entityCodePoint(name: string): number {
  if (name.startsWith('#x') || name.startsWith('#X')) return Number.parseInt(name.slice(2), 16);
  if (name.startsWith('#')) return Number.parseInt(name.slice(1), 10);
  return 0x21;
}

/**
 * Characters other than white space in the UTF-8 character data `xml[start, end)`, entities
 * decoded, counted in code points, without making a string of it.
 */
function visibleCharacters(xml: Uint8Array, start: number, end: number): number {
  let count = 0;
  let index = start;
  while (index < end) {
    const byte = xml[index] ?? 0;
    if (byte < 0x80) {
      if (byte === 0x26) {
        const semicolon = xml.indexOf(0x3b, index);
        if (semicolon !== -1 && semicolon < end && semicolon - index <= 10) {
          const code = entityCodePoint(
            Buffer.from(xml.subarray(index + 1, semicolon)).toString('latin1'),
          );
          if (!isAsciiWhiteSpace(code) && !WIDE_WHITE_SPACE.has(code)) count += 1;
          index = semicolon + 1;
          continue;
        }
      }
      if (!isAsciiWhiteSpace(byte)) count += 1;
      index += 1;
    } else {
      // A lead byte: decode the code point only to tell the few wide spaces apart.
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      let code = length === 1 ? byte : byte & (0xff >> (length + 1));
      for (let next = 1; next < length; next += 1)
        code = (code << 6) | ((xml[index + next] ?? 0) & 0x3f);
      if (!WIDE_WHITE_SPACE.has(code)) count += 1;
      index += length;
    }
  }
  return count;
}

/** Index of the `>` that ends the tag opened at `start`, skipping quoted attribute values. */
function tagEnd(xml: Uint8Array, start: number): number {
  let quote = 0;
  for (let index = start; index < xml.length; index += 1) {
    const byte = xml[index];
    if (quote !== 0) {
      if (byte === quote) quote = 0;
    } else if (byte === DOUBLE_QUOTE || byte === SINGLE_QUOTE) {
      quote = byte;
    } else if (byte === GREATER_THAN) {
      return index;
    }
  }
  return -1;
}

/**
 * Counts the elements, paragraphs and certain text characters of a WordprocessingML part
 * (UTF-8). Never throws: malformed XML ends the scan with what was counted, and mammoth then
 * judges the document itself.
 */
export function scanDocumentXml(xml: Buffer, limits: DocumentXmlLimits): DocumentXmlTally {
  const tally: DocumentXmlTally = {
    elements: 0,
    paragraphs: 0,
    textCharacters: 0,
    tooDeep: false,
    doctype: false,
  };
  const stack: Frame[] = [];
  let position = 0;
  while (position < xml.length) {
    const open = xml.indexOf(LESS_THAN, position);
    const textEnd = open === -1 ? xml.length : open;
    const top = stack.at(-1);
    if (top?.mode === 'text' && textEnd > position) {
      tally.textCharacters += visibleCharacters(xml, position, textEnd);
    }
    if (open === -1) break;

    const marker = xml[open + 1];
    if (marker === SLASH) {
      const close = xml.indexOf(GREATER_THAN, open);
      if (close === -1) break;
      stack.pop();
      position = close + 1;
    } else if (marker === QUESTION) {
      const close = xml.indexOf('?>', open);
      if (close === -1) break;
      position = close + 2;
    } else if (marker === BANG) {
      if (xml.toString('latin1', open, open + 4) === '<!--') {
        const close = xml.indexOf('-->', open + 4);
        if (close === -1) break;
        position = close + 3;
      } else if (xml.toString('latin1', open, open + 9) === '<![CDATA[') {
        const close = xml.indexOf(']]>', open + 9);
        if (close === -1) break;
        if (top?.mode === 'text') tally.textCharacters += visibleCharacters(xml, open + 9, close);
        position = close + 3;
      } else {
        tally.doctype = true;
        return tally;
      }
    } else {
      let nameEnd = open + 1;
      while (nameEnd < xml.length && !isNameEnd(xml[nameEnd] ?? GREATER_THAN)) nameEnd += 1;
      const name = xml.toString('latin1', open + 1, nameEnd);
      const close = tagEnd(xml, nameEnd);
      if (close === -1) break;
      tally.elements += 1;
      if (name === 'w:p') tally.paragraphs += 1;
      // A deleted table row (w:tr > w:trPr > w:del) is left out by mammoth, cells and all.
      if (name === 'w:del' && top?.name === 'w:trPr') {
        const row = stack.at(-2);
        if (row?.name === 'w:tr') row.mode = 'skip';
      }
      if (xml[close - 1] !== SLASH) {
        stack.push({ name, mode: childMode(top, name) });
        if (stack.length > limits.maxDepth) {
          tally.tooDeep = true;
          return tally;
        }
      }
      position = close + 1;
    }
  }
  return tally;
}
