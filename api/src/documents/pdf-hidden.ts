import { isWhite, MIN_READABLE_POINTS } from './hidden-text';
import type { HiddenReason } from './hidden-text';

/*
 * Which of a PDF page's text runs a reader cannot see (issue 28). pdf.js's text content gives
 * each run's place and size but not how it is drawn, so the page's operator list is walked
 * too, keeping the graphics state (fill colour and alpha, text render mode, transformation),
 * and each character drawn is marked visible or not; the text content's characters are then
 * matched to those, in order. Text drawn in render mode 3 or 7 (neither filled nor stroked) or
 * fully transparent is hidden; so is text filled in the colour of what lies under it: the last
 * area filled before it where it starts, or the white paper (a white title on a blue banner is
 * read, blue words on that banner are not; a picture under text counts as no colour). Text
 * under 2 pt, text outside the page's box, and the characters of a string that fall outside
 * the clipping path (its bounding box) are hidden too. On a page mostly covered by an image,
 * invisible or same-colour text is the text layer that OCR software lays over a scan, and is
 * taken as seen.
 */

/** The operator numbers used here (pdf.js's `OPS`). */
export interface PdfOps {
  beginText: number;
  setFont: number;
  setLeading: number;
  setTextMatrix: number;
  moveText: number;
  setLeadingMoveText: number;
  nextLine: number;
  save: number;
  restore: number;
  transform: number;
  setTextRenderingMode: number;
  setFillRGBColor: number;
  setFillTransparent: number;
  setGState: number;
  showText: number;
  showSpacedText: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  constructPath: number;
  clip: number;
  eoClip: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
}

/** A page's operators as pdf.js lists them. */
export interface PdfOperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** One character drawn, with why it cannot be seen (null: it can). */
export interface DrawnCharacter {
  char: string;
  reason: HiddenReason | null;
}

/** A box in page space: [left, bottom, right, top]. */
type Box = [number, number, number, number];

interface GraphicsState {
  fill: string;
  fillAlpha: number;
  renderMode: number;
  matrix: number[];
  fontSize: number;
  leading: number;
  /** The clipping path's bounding box in page space; null: nothing clipped. */
  clip: Box | null;
}

/** What a page draws as text: the characters text content should match, and the off-page text. */
export interface DrawnText {
  /** Characters drawn on the page, in order (white space and off-page text left out). */
  characters: DrawnCharacter[];
  /** Text drawn wholly outside the page box, a passage a string (pdf.js leaves it out). */
  offPage: string[];
}

const IDENTITY = [1, 0, 0, 1, 0, 0];

/** An image covering at least this share of the page makes it a scan (or a picture). */
const SCAN_COVER = 0.5;

function multiply(m: readonly number[], n: readonly number[]): number[] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  const [p = 1, q = 0, r = 0, s = 1, t = 0, u = 0] = n;
  return [
    a * p + b * r,
    a * q + b * s,
    c * p + d * r,
    c * q + d * s,
    e * p + f * r + t,
    e * q + f * s + u,
  ];
}

/** `count` numbers from an array or a typed array (pdf.js passes both); else null. */
function numbersOf(value: unknown, count: number): number[] | null {
  const items: unknown[] = Array.isArray(value)
    ? value
    : ArrayBuffer.isView(value) && !(value instanceof DataView)
      ? Array.from(value as unknown as ArrayLike<number>)
      : [];
  if (items.length !== count || !items.every((item) => typeof item === 'number')) return null;
  return items as number[];
}

/** A transformation matrix: six numbers. */
function matrixOf(value: unknown): number[] | null {
  return numbersOf(value, 6);
}

/** The page-space box around the user-space box `[x1, y1, x2, y2]` drawn through `matrix`. */
function boxThrough(box: readonly number[], matrix: readonly number[]): Box {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = box;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = matrix;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [x1, y1],
    [x1, y2],
    [x2, y1],
    [x2, y2],
  ] as const) {
    xs.push(a * x + c * y + e);
    ys.push(b * x + d * y + f);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function inside(box: Box, x: number, y: number): boolean {
  return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
}

function intersection(a: Box | null, b: Box): Box {
  if (a === null) return b;
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

/** The red, green and blue of a `#rrggbb` colour (pdf.js's fill colours); null for another. */
function channelsOf(colour: string): number[] | null {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (hex === undefined) return null;
  return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
}

/** Two colours a reader cannot tell apart: no channel differs by more than 10 of 255. */
function sameColour(a: string, b: string): boolean {
  if (isWhite(a) && isWhite(b)) return true;
  const [first, second] = [channelsOf(a), channelsOf(b)];
  if (first === null || second === null) return false;
  return first.every((channel, index) => Math.abs(channel - (second[index] ?? -1)) <= 10);
}

/** An area painted before the text: filled in a colour, or a picture (`colour` null). */
interface Backdrop {
  box: Box;
  colour: string | null;
}

/** Cells a side of the grid that files a page's backdrops by where they lie. */
const GRID = 32;

/**
 * The areas painted on a page, in the order drawn, filed in a grid of the page's box so that
 * finding what lies under a string looks at the areas of its cell only: a page of 20,000 boxes
 * and as many strings would otherwise test 400 million pairs. Places off the page fall in the
 * nearest edge cell; `inside` still decides.
 */
class Backdrops {
  private readonly cells: Backdrop[][] = Array.from({ length: GRID * GRID }, () => []);
  private readonly left: number;
  private readonly bottom: number;
  private readonly cellWidth: number;
  private readonly cellHeight: number;

  constructor(view: readonly number[]) {
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = view;
    this.left = Math.min(x1, x2);
    this.bottom = Math.min(y1, y2);
    this.cellWidth = Math.abs(x2 - x1) / GRID || 1;
    this.cellHeight = Math.abs(y2 - y1) / GRID || 1;
  }

  private column(x: number): number {
    return Math.min(GRID - 1, Math.max(0, Math.floor((x - this.left) / this.cellWidth)));
  }

  private row(y: number): number {
    return Math.min(GRID - 1, Math.max(0, Math.floor((y - this.bottom) / this.cellHeight)));
  }

  add(backdrop: Backdrop): void {
    const [left, bottom, right, top] = backdrop.box;
    for (let row = this.row(bottom); row <= this.row(top); row += 1) {
      for (let column = this.column(left); column <= this.column(right); column += 1) {
        this.cells[row * GRID + column]?.push(backdrop);
      }
    }
  }

  /** The colour of the last area drawn under (x, y), or the paper's when there is none. */
  colourUnder(x: number, y: number): string | null {
    const cell = this.cells[this.row(y) * GRID + this.column(x)] ?? [];
    for (let at = cell.length - 1; at >= 0; at -= 1) {
      const backdrop = cell[at];
      if (backdrop !== undefined && inside(backdrop.box, x, y)) return backdrop.colour;
    }
    return PAPER;
  }
}

/** A glyph's advance in thousandths of the font size, as pdf.js gives it (0 when it does not). */
function glyphWidth(glyph: unknown): number {
  if (typeof glyph !== 'object' || glyph === null || !('width' in glyph)) return 0;
  const { width } = glyph as { width: unknown };
  return typeof width === 'number' && Number.isFinite(width) ? width / 1000 : 0;
}

function glyphText(glyph: unknown): string {
  if (typeof glyph !== 'object' || glyph === null || !('unicode' in glyph)) return '';
  const { unicode } = glyph as { unicode: unknown };
  return typeof unicode === 'string' ? unicode : '';
}

/**
 * Why text drawn in `state` cannot be seen, `under` being the colour of what lies beneath it
 * (the paper's white when nothing was filled there, null for a picture).
 */
function reasonOfState(state: GraphicsState, under: string | null): HiddenReason | null {
  // Bit 0 and 1 of the mode: fill, stroke, both or neither; 3 and 7 draw nothing.
  if ((state.renderMode & 3) === 3) return 'invisible';
  if (state.fill === 'transparent' || state.fillAlpha === 0) return 'invisible';
  if ((state.renderMode & 3) === 0 && under !== null && sameColour(state.fill, under)) {
    return 'same-colour';
  }
  return null;
}

/** The paper's colour: what lies under text drawn where nothing was filled. */
const PAPER = '#ffffff';

/**
 * The characters a page draws as text, in order (white space left out), each marked with why a
 * reader cannot see it. `pageArea` is the page box's area, in points squared.
 */
export function drawnText(
  operators: PdfOperatorList,
  ops: PdfOps,
  view: readonly number[],
): DrawnText {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = view;
  const pageArea = Math.abs((x2 - x1) * (y2 - y1));
  const drawn: DrawnCharacter[] = [];
  const offPage: string[] = [];
  let state: GraphicsState = {
    fill: '#000000',
    fillAlpha: 1,
    renderMode: 0,
    matrix: [...IDENTITY],
    fontSize: 0,
    leading: 0,
    clip: null,
  };
  const saved: GraphicsState[] = [];
  let scanned = false;
  // Areas filled or painted with an image, in the order drawn: what text drawn later lies on.
  const backdrops = new Backdrops(view);
  // A clipping operator (W, W*) comes before the path it makes the clip of.
  let clipping = false;
  const fills = new Set([
    ops.fill,
    ops.eoFill,
    ops.fillStroke,
    ops.eoFillStroke,
    ops.closeFillStroke,
    ops.closeEOFillStroke,
  ]);
  const paintsColour = (): boolean => state.fill !== 'transparent' && state.fillAlpha > 0;
  // The text and line matrices (PDF 32000 9.4.2): where the next string starts.
  let textMatrix = [...IDENTITY];
  let lineMatrix = [...IDENTITY];
  const moveLine = (tx: number, ty: number): void => {
    lineMatrix = multiply([1, 0, 0, 1, tx, ty], lineMatrix);
    textMatrix = [...lineMatrix];
  };
  operators.fnArray.forEach((fn, index) => {
    const args = operators.argsArray[index];
    const list = Array.isArray(args) ? (args as unknown[]) : [];
    switch (fn) {
      case ops.save:
        saved.push({ ...state });
        break;
      case ops.restore:
        state = saved.pop() ?? state;
        break;
      case ops.paintFormXObjectBegin: {
        saved.push({ ...state });
        const matrix = matrixOf(list[0]);
        if (matrix !== null) state = { ...state, matrix: multiply(matrix, state.matrix) };
        break;
      }
      case ops.paintFormXObjectEnd:
        state = saved.pop() ?? state;
        break;
      case ops.transform: {
        const matrix = matrixOf(args);
        if (matrix !== null) state = { ...state, matrix: multiply(matrix, state.matrix) };
        break;
      }
      case ops.beginText:
        textMatrix = [...IDENTITY];
        lineMatrix = [...IDENTITY];
        break;
      case ops.setTextMatrix: {
        const matrix = matrixOf(list[0]) ?? matrixOf(args);
        if (matrix !== null) {
          textMatrix = matrix;
          lineMatrix = [...matrix];
        }
        break;
      }
      case ops.moveText:
      case ops.setLeadingMoveText: {
        const [tx, ty] = list;
        if (typeof tx === 'number' && typeof ty === 'number') {
          if (fn === ops.setLeadingMoveText) state = { ...state, leading: -ty };
          moveLine(tx, ty);
        }
        break;
      }
      case ops.nextLine:
        moveLine(0, -state.leading);
        break;
      case ops.setLeading:
        if (typeof list[0] === 'number') state = { ...state, leading: list[0] };
        break;
      case ops.setFont:
        if (typeof list[1] === 'number') state = { ...state, fontSize: list[1] };
        break;
      case ops.setTextRenderingMode:
        if (typeof list[0] === 'number') state = { ...state, renderMode: list[0] };
        break;
      case ops.setFillRGBColor:
        if (typeof list[0] === 'string') state = { ...state, fill: list[0] };
        break;
      case ops.setFillTransparent:
        state = { ...state, fill: 'transparent' };
        break;
      case ops.setGState: {
        const entries = Array.isArray(list[0]) ? (list[0] as unknown[]) : [];
        for (const entry of entries) {
          if (Array.isArray(entry) && entry[0] === 'ca' && typeof entry[1] === 'number') {
            state = { ...state, fillAlpha: entry[1] };
          }
        }
        break;
      }
      case ops.clip:
      case ops.eoClip:
        clipping = true;
        break;
      case ops.constructPath: {
        // pdf.js gives the path's painting operator and its bounding box in user space.
        const box = numbersOf(list[2], 4);
        if (box !== null && clipping) {
          state = { ...state, clip: intersection(state.clip, boxThrough(box, state.matrix)) };
        }
        clipping = false;
        if (typeof list[0] === 'number' && fills.has(list[0]) && box !== null && paintsColour()) {
          backdrops.add({ box: boxThrough(box, state.matrix), colour: state.fill });
        }
        break;
      }
      case ops.paintImageXObject:
      case ops.paintInlineImageXObject:
      case ops.paintImageMaskXObject: {
        // An image is the unit square drawn through the current matrix.
        const [a = 0, b = 0, c = 0, d = 0] = state.matrix;
        if (pageArea > 0 && Math.abs(a * d - b * c) >= pageArea * SCAN_COVER) scanned = true;
        backdrops.add({ box: boxThrough([0, 0, 1, 1], state.matrix), colour: null });
        break;
      }
      case ops.showText:
      case ops.showSpacedText: {
        const glyphs = Array.isArray(list[0]) ? (list[0] as unknown[]) : [];
        const [a = 1, b = 0, , , x = 0, y = 0] = multiply(textMatrix, state.matrix);
        const reason = reasonOfState(state, backdrops.colourUnder(x, y));
        const scale = Math.hypot(a, b) || 1;
        const size = Math.abs(state.fontSize) * scale;
        // A string starting past the right or top edge, or a line below the bottom, is off the
        // page; one starting left of the page may run onto it, so it must start well before.
        const outside =
          x >= Math.max(x1, x2) ||
          y >= Math.max(y1, y2) + size ||
          y + size <= Math.min(y1, y2) ||
          x + glyphs.length * size <= Math.min(x1, x2);
        if (outside) {
          offPage.push(
            glyphs
              .map((glyph) =>
                typeof glyph === 'number' ? (glyph < -200 ? ' ' : '') : glyphText(glyph),
              )
              .join(''),
          );
          break;
        }
        // Each glyph's middle along the baseline (its advance from pdf.js's widths, in
        // thousandths of the font size; a number in a spaced string moves back by as much),
        // to tell the characters the clipping path cuts away.
        const [along, across] = [a / scale, b / scale];
        let advance = 0;
        for (const glyph of glyphs) {
          if (typeof glyph === 'number') {
            advance -= (glyph / 1000) * size;
            continue;
          }
          const width = glyphWidth(glyph) * size;
          const middle = advance + width / 2;
          advance += width;
          const clipped =
            state.clip !== null &&
            !inside(state.clip, x + along * middle, y + across * middle + size / 3);
          for (const char of glyphText(glyph).normalize('NFKC')) {
            if (/\s/u.test(char)) continue;
            drawn.push({ char, reason: reason ?? (clipped ? 'invisible' : null) });
          }
        }
        break;
      }
      default:
        break;
    }
  });
  if (scanned) {
    for (const character of drawn) {
      if (character.reason === 'invisible' || character.reason === 'same-colour') {
        character.reason = null;
      }
    }
  }
  return { characters: drawn, offPage };
}

/** How far ahead a character of the text content is looked for among those drawn. */
const MATCH_WINDOW = 64;

/**
 * Why each of `runs` (the text content's strings, in order) cannot be seen, from the
 * characters drawn: the reason most of a run's characters share, when more than half share it.
 */
export function reasonsOfRuns(
  runs: readonly string[],
  drawn: readonly DrawnCharacter[],
): (HiddenReason | null)[] {
  let cursor = 0;
  return runs.map((run) => {
    const counts = new Map<HiddenReason, number>();
    let total = 0;
    for (const char of run.normalize('NFKC')) {
      if (/\s/u.test(char)) continue;
      total += 1;
      const end = Math.min(drawn.length, cursor + MATCH_WINDOW);
      for (let at = cursor; at < end; at += 1) {
        const candidate = drawn[at];
        if (candidate?.char !== char) continue;
        cursor = at + 1;
        if (candidate.reason !== null) {
          counts.set(candidate.reason, (counts.get(candidate.reason) ?? 0) + 1);
        }
        break;
      }
    }
    let best: HiddenReason | null = null;
    let bestCount = 0;
    for (const [reason, count] of counts) {
      if (count > bestCount) [best, bestCount] = [reason, count];
    }
    return bestCount * 2 > total ? best : null;
  });
}

/** A run's place: baseline origin, width and size in points (pdf-layout.ts's PdfTextRun). */
export interface PlacedRun {
  x: number;
  y: number;
  width: number;
  size: number;
}

/**
 * Why a run cannot be seen from its place alone: under 2 pt (`tiny`), or wholly outside the
 * page's box `view` ([x1, y1, x2, y2], the crop box within the media box) (`off-page`).
 */
export function placeReason(run: PlacedRun, view: readonly number[]): HiddenReason | null {
  if (run.size < MIN_READABLE_POINTS) return 'tiny';
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = view;
  const [left, right] = [Math.min(x1, x2), Math.max(x1, x2)];
  const [bottom, top] = [Math.min(y1, y2), Math.max(y1, y2)];
  const outside =
    run.x + Math.max(run.width, 0) <= left ||
    run.x >= right ||
    run.y + run.size <= bottom ||
    run.y >= top;
  return outside ? 'off-page' : null;
}
