import { crc32, deflateRawSync } from 'node:zlib';
import { HiddenTextList, isWhite, MIN_READABLE_POINTS } from './hidden-text';
import type { HiddenPassage, HiddenReason } from './hidden-text';
import type { ZipEntry } from './zip-archive';

/*
 * The runs of a .docx that a reader of the document cannot see (issue 28): hidden (`w:vanish`),
 * coloured white (or the page's own background colour, `w:background`) without a highlight or
 * shading behind them, or set under 2 pt (`w:sz` is in half-points). mammoth knows none of this,
 * so those runs are found in word/document.xml by a scan of its markup, and taken out of the
 * part mammoth reads. Run styles that hide text are not followed: direct formatting is how such
 * text is planted, and it is what a scan can see cheaply.
 */

/** A `<w:r>` run (not `<w:rPr>`, `<w:rStyle>`…), or the start or end of a paragraph. */
const RUN_OR_PARAGRAPH_END = /<w:r(?:\s[^>]*)?>([\s\S]*?)<\/w:r>|<\/w:p>|(<w:p(?:\s[^>]*)?>)/g;
const RUN_PROPERTIES = /<w:rPr(?:\s[^>]*)?>([\s\S]*?)<\/w:rPr>/;
const RUN_TEXT = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(tab|br|cr)(?:\s[^>]*)?\/>/g;
const PAGE_BACKGROUND = /<w:background\s[^>]*?w:color="([0-9A-Fa-f]{6})"/;

/** `<w:NAME …/>` present and not switched off (`w:val="0"`, `"false"`, `"off"`). */
function isOn(properties: string, name: string): boolean {
  const element = new RegExp(`<w:${name}(\\s[^>]*)?/?>`).exec(properties);
  if (element === null) return false;
  const value = /w:val="([^"]*)"/.exec(element[1] ?? '')?.[1];
  return value === undefined || !['0', 'false', 'off'].includes(value.toLowerCase());
}

function attribute(properties: string, name: string): string | undefined {
  return new RegExp(`<w:${name}\\s[^>]*?w:val="([^"]*)"`).exec(properties)?.[1];
}

/** A table cell or paragraph shaded in a colour: the paper of the runs inside it. */
interface ShadedSpan {
  start: number;
  end: number;
  fill: string;
}

/**
 * The table cells (`w:tcPr`) and paragraphs (`w:pPr`) of word/document.xml shaded in a colour
 * (`w:shd w:fill`, not `auto`), in document order: a white run in a dark header cell is read.
 */
function shadedSpans(xml: string): ShadedSpan[] {
  const spans: ShadedSpan[] = [];
  const shaded =
    /<w:(tc|p)(?:\s[^>]*)?>\s*<w:(?:tcPr|pPr)(?:\s[^>]*)?>((?:(?!<\/w:(?:tcPr|pPr)>)[\s\S])*?)<\/w:(?:tcPr|pPr)>/g;
  for (const match of xml.matchAll(shaded)) {
    const fill = /<w:shd\s[^>]*?w:fill="([0-9A-Fa-f]{6})"/.exec(match[2] ?? '')?.[1];
    if (fill === undefined) continue;
    const close = xml.indexOf(`</w:${match[1] ?? 'p'}>`, match.index);
    spans.push({ start: match.index, end: close === -1 ? xml.length : close, fill });
  }
  return spans;
}

/** Why a run with these properties cannot be seen on a page of `background`, or null. */
export function hiddenRunReason(
  properties: string,
  background: string | null,
): HiddenReason | null {
  if (isOn(properties, 'vanish')) return 'hidden';
  const halfPoints = attribute(properties, 'sz');
  if (halfPoints !== undefined && /^\d+$/.test(halfPoints)) {
    if (Number(halfPoints) / 2 < MIN_READABLE_POINTS) return 'tiny';
  }
  const colour = attribute(properties, 'color');
  if (colour !== undefined && /^[0-9A-Fa-f]{6}$/.test(colour)) {
    const highlight = attribute(properties, 'highlight');
    const shading = /<w:shd\s[^>]*?w:fill="([0-9A-Fa-f]{6})"/.exec(properties)?.[1];
    // A highlight or a shading behind the run is its paper: white text on it can be read.
    const paper =
      highlight !== undefined && highlight !== 'none' ? 'marked' : (shading ?? background);
    const sameAsPaper =
      paper === null ? isWhite(colour) : paper.toLowerCase() === colour.toLowerCase();
    if (sameAsPaper) return 'same-colour';
  }
  return null;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

function runText(run: string): string {
  let text = '';
  for (const match of run.matchAll(RUN_TEXT)) {
    if (match[1] !== undefined) text += unescapeXml(match[1]);
    else text += match[2] === 'tab' ? '\t' : '\n';
  }
  return text;
}

export interface DocxHiddenRuns {
  /** The hidden passages, in order; consecutive hidden runs of one reason make one passage. */
  passages: HiddenPassage[];
  /** word/document.xml without the hidden runs; null when it has none. */
  withoutHidden: string | null;
}

/** The hidden runs of word/document.xml (`xml`), and the part without them. */
export function findHiddenRuns(xml: string): DocxHiddenRuns {
  const background = PAGE_BACKGROUND.exec(xml)?.[1] ?? null;
  const shading = shadedSpans(xml);
  let nextShading = 0;
  let openShading: ShadedSpan[] = [];
  /** The paper under the text at `at`: the innermost shading around it, else the page. */
  const paperAt = (at: number): string | null => {
    while (nextShading < shading.length && (shading[nextShading]?.start ?? Infinity) <= at) {
      openShading.push(shading[nextShading] as ShadedSpan);
      nextShading += 1;
    }
    openShading = openShading.filter((span) => span.end > at);
    return openShading.at(-1)?.fill ?? background;
  };
  const passages = new HiddenTextList();
  let cuts: [number, number][] = [];
  // The paragraph being read: where it starts, and whether it has hidden or visible text.
  let paragraph = { start: -1, hidden: false, visible: false };
  for (const match of xml.matchAll(RUN_OR_PARAGRAPH_END)) {
    const body = match[1];
    if (match[2] !== undefined) {
      paragraph = { start: match.index, hidden: false, visible: false };
      continue;
    }
    if (body === undefined) {
      // A paragraph's end: its hidden runs and the next paragraph's are apart. A paragraph of
      // hidden text only goes whole, so that no empty paragraph is left in its place.
      passages.close();
      if (paragraph.hidden && !paragraph.visible && paragraph.start >= 0) {
        const { start } = paragraph;
        cuts = cuts.filter(([from]) => from < start);
        cuts.push([start, match.index + match[0].length]);
      }
      paragraph = { start: -1, hidden: false, visible: false };
      continue;
    }
    const properties = RUN_PROPERTIES.exec(body)?.[1] ?? '';
    const reason = properties === '' ? null : hiddenRunReason(properties, paperAt(match.index));
    const text = runText(body);
    if (reason === null) {
      if (text.trim() !== '') {
        passages.close();
        paragraph.visible = true;
      }
      continue;
    }
    if (text === '') continue;
    passages.add(text, reason, null, true);
    paragraph.hidden = true;
    cuts.push([match.index, match.index + match[0].length]);
  }
  if (cuts.length === 0) return { passages: passages.list(), withoutHidden: null };
  let withoutHidden = '';
  let from = 0;
  for (const [start, end] of cuts) {
    withoutHidden += xml.slice(from, start);
    from = end;
  }
  withoutHidden += xml.slice(from);
  return { passages: passages.list(), withoutHidden };
}

/**
 * `archive` with the part `name` replaced by `content` (deflated), every other entry copied
 * as it is packed. `entries` is the archive's directory, already checked (readZipDirectory).
 */
export function replaceZipEntry(
  archive: Buffer,
  entries: readonly ZipEntry[],
  name: string,
  content: Buffer,
): Buffer {
  const pieces: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const replaced = entry.name === name;
    const packed = replaced
      ? deflateRawSync(content)
      : archive.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    const method = replaced ? 8 : entry.method;
    const checksum = replaced ? crc32(content) >>> 0 : entry.crc32;
    const size = replaced ? content.length : entry.uncompressedSize;
    const fileName = Buffer.from(entry.name, 'utf8');

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    pieces.push(local, fileName, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...pieces, directory, end]);
}
