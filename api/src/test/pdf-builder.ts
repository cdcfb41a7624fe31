import { deflateSync } from 'node:zlib';

/*
 * Builds real PDF files byte by byte, for tests: a catalog, a page tree, pages whose content
 * streams draw text in a standard font (Helvetica or Helvetica-Bold, WinAnsiEncoding: no font
 * file needed) at
 * given positions, optional grayscale images, and a cross-reference table with true offsets.
 * Any PDF reader opens them. Not used by the server.
 */

/** US Letter, in PDF points. */
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

/** One line of text drawn with its baseline starting at (x, y), y counted from the bottom. */
export interface PdfTextLine {
  text: string;
  x: number;
  y: number;
  /** Font size in points (default 11). */
  size?: number;
  /** Text render mode (`Tr`; 3 draws nothing). Default: not set (0, fill). */
  renderMode?: number;
  /** Fill colour as a grey level, 0 black to 1 white (`g`). Default: not set (black). */
  grey?: number;
  /** Set in Helvetica-Bold rather than Helvetica. */
  bold?: boolean;
}

/** A grayscale image drawn at (x, y) with the given size on the page. */
export interface PdfImage {
  /** Pixels across and down. */
  columns: number;
  rows: number;
  /** One byte per pixel (0 black, 255 white); default: a deterministic pattern. */
  pixels?: Buffer;
  /** Store the pixels without compression (to make a large file). Default: FlateDecode. */
  uncompressed?: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPage {
  lines?: PdfTextLine[];
  images?: PdfImage[];
  /**
   * zlib data stored as the page's content stream (FlateDecode) instead of the drawing of
   * `lines` and `images`: how a hostile file hides a deflate bomb.
   */
  rawContent?: Buffer;
}

/** A byte of a WinAnsi string inside `( )`: the delimiters and the backslash escaped. */
function pdfString(text: string): string {
  const bytes = Buffer.from(text, 'latin1');
  let out = '';
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `(${out})`;
}

function patternPixels(columns: number, rows: number): Buffer {
  const pixels = Buffer.alloc(columns * rows);
  let seed = 2463534242;
  for (let index = 0; index < pixels.length; index += 1) {
    // xorshift: noise compresses badly, like a real scan.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    pixels[index] = (seed >>> 0) & 0xff;
  }
  return pixels;
}

/**
 * A PDF of these objects (1-based numbers, `rootId` the catalog) with a true cross-reference
 * table, so pdf.js opens it. Shared with hostile-pdfs.ts.
 */
export function assemblePdf(objects: readonly Buffer[], rootId: number): Buffer {
  // A binary comment on the second line tells transfer tools the file is binary.
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((value) => `${String(value).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root ${rootId} 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** A complete PDF 1.4 file with these pages, in order. */
export function buildPdf(pages: readonly PdfPage[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string): number => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const stream = (dictionary: string, data: Buffer): Buffer =>
    Buffer.concat([
      Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);

  const font = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const boldFont = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  // The page tree's number is known once every page's objects are: reserve it now.
  const pagesId = add('');
  const pageIds: number[] = [];
  for (const page of pages) {
    const xObjects: string[] = [];
    const drawing: string[] = [];
    (page.images ?? []).forEach((image, index) => {
      const raw = image.pixels ?? patternPixels(image.columns, image.rows);
      const data = image.uncompressed ? raw : deflateSync(raw);
      const filter = image.uncompressed ? '' : ' /Filter /FlateDecode';
      const id = add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${image.columns} /Height ${image.rows} ` +
            `/ColorSpace /DeviceGray /BitsPerComponent 8${filter}`,
          data,
        ),
      );
      xObjects.push(`/Im${index} ${id} 0 R`);
      drawing.push(
        `q ${image.width} 0 0 ${image.height} ${image.x} ${image.y} cm /Im${index} Do Q`,
      );
    });
    for (const line of page.lines ?? []) {
      const mode = line.renderMode === undefined ? '' : `${line.renderMode} Tr `;
      const grey = line.grey === undefined ? '' : `${line.grey} g `;
      const text = `BT ${grey}${mode}/${line.bold === true ? 'F2' : 'F1'} ${line.size ?? 11} Tf 1 0 0 1 ${line.x} ${line.y} Tm ${pdfString(line.text)} Tj ET`;
      // A line drawn its own way keeps that to itself.
      drawing.push(mode === '' && grey === '' ? text : `q ${text} Q`);
    }
    const content = add(
      stream('/Filter /FlateDecode', page.rawContent ?? deflateSync(drawing.join('\n'))),
    );
    const resources =
      `<< /Font << /F1 ${font} 0 R /F2 ${boldFont} 0 R >>` +
      (xObjects.length > 0 ? ` /XObject << ${xObjects.join(' ')} >>` : '') +
      ' >>';
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
          `/Resources ${resources} /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[pagesId - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    'latin1',
  );
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);

  return assemblePdf(objects, catalog);
}

/** What one page of a laid-out text document holds. */
export interface TextPageSpec {
  /** Drawn at the top of the page, above the body. */
  header?: string;
  /** Drawn at the bottom of the page. */
  footer?: string;
  /** Paragraphs, each already broken into the lines it is printed on. */
  paragraphs: readonly (readonly string[])[];
}

/** Line spacing of laid-out body text, in points, and the extra space between paragraphs. */
export const BODY_LEADING = 14;
export const PARAGRAPH_GAP = 10;

/**
 * A text document as a word processor prints it: an optional header at the top and footer at
 * the bottom of each page, body lines 14 points apart, a blank gap between paragraphs.
 */
export function buildTextPdf(pages: readonly TextPageSpec[]): Buffer {
  return buildPdf(
    pages.map((page) => {
      const lines: PdfTextLine[] = [];
      if (page.header !== undefined) lines.push({ text: page.header, x: 72, y: 750, size: 9 });
      let y = 700;
      page.paragraphs.forEach((paragraph, index) => {
        if (index > 0) y -= PARAGRAPH_GAP;
        for (const text of paragraph) {
          lines.push({ text, x: 72, y });
          y -= BODY_LEADING;
        }
      });
      if (page.footer !== undefined) lines.push({ text: page.footer, x: 290, y: 40, size: 9 });
      return { lines };
    }),
  );
}

/** A "scanned" document: each page holds one full-page image and no text at all. */
export function buildScannedPdf(pageCount = 1): Buffer {
  return buildPdf(
    Array.from({ length: pageCount }, () => ({
      images: [{ columns: 120, rows: 160, x: 36, y: 36, width: 540, height: 720 }],
    })),
  );
}
