import { crc32, deflateRawSync } from 'node:zlib';
import { HiddenTextList, isWhite, MIN_READABLE_POINTS } from './hidden-text';
import type { HiddenPassage, HiddenReason } from './hidden-text';
import type { ZipEntry } from './zip-archive';

/*
 * The runs of a .docx that a reader of the document cannot see (issue 28): hidden (`w:vanish`),
 * coloured white (or the page's own background colour, `w:background`) without a highlight or
 * shading behind them, or set under 2 pt (`w:sz` is in half-points). mammoth knows none of this,
 * so those runs are found in word/document.xml by a scan of its markup, and taken out of the
 * part mammoth reads. A run is formatted by the document's defaults (`w:docDefaults`), then its
 * paragraph's style, then its character style (each through the styles it is `basedOn`), then
 * its own properties, each of which overrides what came before (word/styles.xml, read by
 * DocxStyles).
 */

/** A `<w:r>` run (not `<w:rPr>`, `<w:rStyle>`…), or the start or end of a paragraph. */
const RUN_OR_PARAGRAPH_END = /<w:r(?:\s[^>]*)?>([\s\S]*?)<\/w:r>|<\/w:p>|(<w:p(?:\s[^>]*)?>)/g;
const RUN_PROPERTIES = /<w:rPr(?:\s[^>]*)?>([\s\S]*?)<\/w:rPr>/;
const RUN_TEXT = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(tab|br|cr)(?:\s[^>]*)?\/>/g;
const PAGE_BACKGROUND = /<w:background\s[^>]*?w:color="([0-9A-Fa-f]{6})"/;

/** The expressions of isOn and attribute, made once a name. */
const ELEMENTS = new Map<string, RegExp>();
const VALUES = new Map<string, RegExp>();

/** `<w:NAME …/>` present and not switched off (`w:val="0"`, `"false"`, `"off"`). */
function isOn(properties: string, name: string): boolean {
  let pattern = ELEMENTS.get(name);
  if (pattern === undefined) {
    pattern = new RegExp(`<w:${name}(\\s[^>]*)?/?>`);
    ELEMENTS.set(name, pattern);
  }
  const element = pattern.exec(properties);
  if (element === null) return false;
  const value = /w:val="([^"]*)"/.exec(element[1] ?? '')?.[1];
  return value === undefined || !['0', 'false', 'off'].includes(value.toLowerCase());
}

function attribute(properties: string, name: string): string | undefined {
  if (!properties.includes(`<w:${name}`)) return undefined;
  let pattern = VALUES.get(name);
  if (pattern === undefined) {
    pattern = new RegExp(`<w:${name}\\s[^>]*?w:val="([^"]*)"`);
    VALUES.set(name, pattern);
  }
  return pattern.exec(properties)?.[1];
}

/**
 * The paper under a run whose colour cannot be known cheaply (a highlight, a table whose style
 * shades its cells): no colour equals it, and it is not white.
 */
const UNKNOWN_PAPER = 'marked';

/** A table, table cell or paragraph shaded in a colour: the paper of the runs inside it. */
interface ShadedSpan {
  start: number;
  end: number;
  fill: string;
  /** A paragraph's own shading, which comes before its style's. */
  paragraph: boolean;
}

const HEX_COLOUR = /^[0-9A-Fa-f]{6}$/;
const SHADING_FILL = /<w:shd\s[^>]*?w:fill="([^"]*)"/;

/**
 * The table cells (`w:tcPr`) and paragraphs (`w:pPr`) of word/document.xml shaded in a colour
 * (`w:shd w:fill`, not `auto`), and the tables in a style that shades cells, in document order:
 * a white run in a dark header cell is read.
 */
function shadedSpans(xml: string, styles: DocxStyles): ShadedSpan[] {
  const spans: ShadedSpan[] = [];
  const shaded =
    /<w:(tc|p)(?:\s[^>]*)?>\s*<w:(?:tcPr|pPr)(?:\s[^>]*)?>((?:(?!<\/w:(?:tcPr|pPr)>)[\s\S])*?)<\/w:(?:tcPr|pPr)>/g;
  for (const match of xml.matchAll(shaded)) {
    const fill = SHADING_FILL.exec(match[2] ?? '')?.[1];
    if (fill === undefined || !HEX_COLOUR.test(fill)) continue;
    const close = xml.indexOf(`</w:${match[1] ?? 'p'}>`, match.index);
    spans.push({
      start: match.index,
      end: close === -1 ? xml.length : close,
      fill,
      paragraph: match[1] === 'p',
    });
  }
  if (styles.shadingTables.size > 0) {
    const styled = /<w:tbl>\s*<w:tblPr(?:\s[^>]*)?>((?:(?!<\/w:tblPr>)[\s\S])*?)<\/w:tblPr>/g;
    for (const match of xml.matchAll(styled)) {
      const style = attribute(match[1] ?? '', 'tblStyle');
      if (style === undefined || !styles.shadingTables.has(style)) continue;
      const close = xml.indexOf('</w:tbl>', match.index);
      const end = close === -1 ? xml.length : close;
      spans.push({ start: match.index, end, fill: UNKNOWN_PAPER, paragraph: false });
    }
    spans.sort((a, b) => a.start - b.start);
  }
  return spans;
}

/** What of a run's formatting decides whether it can be seen, each as written when set. */
export interface RunFormatting {
  vanish?: boolean;
  halfPoints?: number;
  colour?: string;
  highlight?: string;
  shading?: string;
}

/** The formatting set by run properties (the inside of a `w:rPr`). */
function formattingOf(properties: string): RunFormatting {
  const formatting: RunFormatting = {};
  if (properties === '') return formatting;
  if (/<w:vanish[\s/>]/.test(properties)) formatting.vanish = isOn(properties, 'vanish');
  const halfPoints = attribute(properties, 'sz');
  if (halfPoints !== undefined && /^\d+$/.test(halfPoints)) {
    formatting.halfPoints = Number(halfPoints);
  }
  const colour = attribute(properties, 'color');
  if (colour !== undefined) formatting.colour = colour;
  const highlight = attribute(properties, 'highlight');
  if (highlight !== undefined) formatting.highlight = highlight;
  const shading = SHADING_FILL.exec(properties)?.[1];
  if (shading !== undefined) formatting.shading = shading;
  return formatting;
}

/** Why a run formatted so cannot be seen on a paper of `background`, or null. */
function reasonOfFormatting(
  formatting: RunFormatting,
  background: string | null,
): HiddenReason | null {
  if (formatting.vanish === true) return 'hidden';
  const { halfPoints, colour, highlight, shading } = formatting;
  if (halfPoints !== undefined && halfPoints / 2 < MIN_READABLE_POINTS) return 'tiny';
  if (colour !== undefined && HEX_COLOUR.test(colour)) {
    // A highlight or a shading behind the run is its paper: white text on it can be read.
    const runShading = shading !== undefined && HEX_COLOUR.test(shading) ? shading : undefined;
    const paper =
      highlight !== undefined && highlight !== 'none' ? UNKNOWN_PAPER : (runShading ?? background);
    const sameAsPaper =
      paper === null ? isWhite(colour) : paper.toLowerCase() === colour.toLowerCase();
    if (sameAsPaper) return 'same-colour';
  }
  return null;
}

/**
 * Why a run with these properties (direct formatting, over what its styles give it,
 * `inherited`) cannot be seen on a page of `background`, or null.
 */
export function hiddenRunReason(
  properties: string,
  background: string | null,
  inherited: RunFormatting = {},
): HiddenReason | null {
  return reasonOfFormatting({ ...inherited, ...formattingOf(properties) }, background);
}

interface StyleEntry {
  type: string;
  basedOn: string | undefined;
  run: RunFormatting;
  /** The paragraph shading it sets (`w:pPr/w:shd w:fill`). */
  shading: string | undefined;
}

const STYLE = /<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g;
const RUN_DEFAULTS =
  /<w:rPrDefault(?:\s[^>]*)?>\s*<w:rPr(?:\s[^>]*)?>([\s\S]*?)<\/w:rPr>\s*<\/w:rPrDefault>/;
/** basedOn chains followed at most: a loop in a hostile file ends there. */
const MAX_STYLE_DEPTH = 12;

/**
 * The formatting word/styles.xml gives runs: the document's defaults, and what each paragraph
 * and character style sets, through the styles it is based on (toggles such as `w:vanish` are
 * taken as set or not, as direct formatting is).
 */
export class DocxStyles {
  private readonly styles = new Map<string, StyleEntry>();
  private readonly defaults: RunFormatting;
  private readonly defaultParagraph: string | undefined;
  private readonly defaultCharacter: string | undefined;
  private readonly resolved = new Map<string, RunFormatting>();
  private readonly inherited = new Map<string, RunFormatting>();
  /** Table styles that shade cells in a colour (a header row, banded rows). */
  readonly shadingTables = new Set<string>();

  constructor(xml: string) {
    this.defaults = formattingOf(RUN_DEFAULTS.exec(xml)?.[1] ?? '');
    let defaultParagraph: string | undefined;
    let defaultCharacter: string | undefined;
    for (const match of xml.matchAll(STYLE)) {
      const opening = match[1] ?? '';
      const body = match[2] ?? '';
      const id = /\bw:styleId="([^"]*)"/.exec(opening)?.[1];
      if (id === undefined) continue;
      const type = /\bw:type="([^"]*)"/.exec(opening)?.[1] ?? 'paragraph';
      if (type === 'table') {
        const fills = [...body.matchAll(/<w:shd\s[^>]*?w:fill="([0-9A-Fa-f]{6})"/g)];
        if (fills.some((fill) => !isWhite(fill[1] ?? ''))) this.shadingTables.add(id);
        continue;
      }
      const isDefault = /\bw:default="(?:1|true|on)"/.test(opening);
      if (isDefault && type === 'paragraph') defaultParagraph ??= id;
      if (isDefault && type === 'character') defaultCharacter ??= id;
      const paragraphProperties = /<w:pPr(?:\s[^>]*)?>([\s\S]*?)<\/w:pPr>/.exec(body)?.[1] ?? '';
      this.styles.set(id, {
        type,
        basedOn: attribute(body, 'basedOn'),
        run: formattingOf(/<w:rPr(?:\s[^>]*)?>([\s\S]*?)<\/w:rPr>/.exec(body)?.[1] ?? ''),
        shading: SHADING_FILL.exec(paragraphProperties)?.[1],
      });
    }
    this.defaultParagraph = defaultParagraph;
    this.defaultCharacter = defaultCharacter;
  }

  /** The run formatting a style gives, through the styles it is based on. */
  private styleRun(id: string | undefined): RunFormatting {
    if (id === undefined) return {};
    const known = this.resolved.get(id);
    if (known !== undefined) return known;
    const chain: StyleEntry[] = [];
    const seen = new Set<string>();
    for (let at: string | undefined = id; at !== undefined && !seen.has(at);) {
      const style = this.styles.get(at);
      if (style === undefined || chain.length >= MAX_STYLE_DEPTH) break;
      seen.add(at);
      chain.push(style);
      at = style.basedOn;
    }
    let formatting: RunFormatting = {};
    for (const style of chain.reverse()) formatting = { ...formatting, ...style.run };
    this.resolved.set(id, formatting);
    return formatting;
  }

  /**
   * What a run of character style `runStyle` in a paragraph of style `paragraphStyle` has
   * before its own properties (either null or absent: the default style).
   */
  runFormatting(paragraphStyle: string | undefined, runStyle: string | undefined): RunFormatting {
    const key = `${paragraphStyle ?? ''}\u0000${runStyle ?? ''}`;
    const known = this.inherited.get(key);
    if (known !== undefined) return known;
    const formatting = {
      ...this.defaults,
      ...this.styleRun(paragraphStyle ?? this.defaultParagraph),
      ...this.styleRun(runStyle ?? this.defaultCharacter),
    };
    this.inherited.set(key, formatting);
    return formatting;
  }

  /** The shading a paragraph style gives its paragraphs (a hex colour), through its bases. */
  paragraphShading(paragraphStyle: string | undefined): string | undefined {
    const seen = new Set<string>();
    let at = paragraphStyle ?? this.defaultParagraph;
    while (at !== undefined && !seen.has(at) && seen.size < MAX_STYLE_DEPTH) {
      seen.add(at);
      const style = this.styles.get(at);
      if (style?.shading !== undefined) {
        return HEX_COLOUR.test(style.shading) ? style.shading : undefined;
      }
      at = style?.basedOn;
    }
    return undefined;
  }
}

const NO_STYLES = new DocxStyles('');

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

/**
 * The hidden runs of word/document.xml (`xml`), and the part without them; `styles` are those
 * of word/styles.xml.
 */
export function findHiddenRuns(xml: string, styles: DocxStyles = NO_STYLES): DocxHiddenRuns {
  const background = PAGE_BACKGROUND.exec(xml)?.[1] ?? null;
  const shading = shadedSpans(xml, styles);
  let nextShading = 0;
  let openShading: ShadedSpan[] = [];
  /** The innermost shading around the text at `at`. */
  const shadingAt = (at: number): ShadedSpan | undefined => {
    while (nextShading < shading.length && (shading[nextShading]?.start ?? Infinity) <= at) {
      openShading.push(shading[nextShading] as ShadedSpan);
      nextShading += 1;
    }
    openShading = openShading.filter((span) => span.end > at);
    return openShading.at(-1);
  };
  const passages = new HiddenTextList();
  let cuts: [number, number][] = [];
  // The paragraph being read: where it starts, its style, and whether it has hidden or visible
  // text.
  let paragraph: {
    start: number;
    style: string | undefined;
    hidden: boolean;
    visible: boolean;
  } = { start: -1, style: undefined, hidden: false, visible: false };
  const paragraphProperties = /\s*<w:pPr(?:\s[^>]*)?>([\s\S]*?)<\/w:pPr>/y;
  for (const match of xml.matchAll(RUN_OR_PARAGRAPH_END)) {
    const body = match[1];
    if (match[2] !== undefined) {
      paragraphProperties.lastIndex = match.index + match[0].length;
      const properties = paragraphProperties.exec(xml)?.[1] ?? '';
      const style = attribute(properties, 'pStyle');
      paragraph = { start: match.index, style, hidden: false, visible: false };
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
      paragraph = { start: -1, style: undefined, hidden: false, visible: false };
      continue;
    }
    const properties = RUN_PROPERTIES.exec(body)?.[1] ?? '';
    const inherited = styles.runFormatting(paragraph.style, attribute(properties, 'rStyle'));
    // The paper: the paragraph's own shading, else its style's, else a table cell's or table's
    // around it, else the page.
    const span = shadingAt(match.index);
    const paper =
      span?.paragraph === true
        ? span.fill
        : (styles.paragraphShading(paragraph.style) ?? span?.fill ?? background);
    const reason = hiddenRunReason(properties, paper, inherited);
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
