import { deflateSync } from 'node:zlib';

/*
 * Real PDF files built byte by byte, so the journeys upload a PDF without a fixture file: a
 * text PDF (Helvetica, a standard font that needs no embedded font file, one page per list of
 * paragraphs, with an optional running header and numbered footer) and a "scanned" PDF whose
 * pages are images with no text layer. The shell may not import the API's own test builder
 * (lint keeps api/src out of the shell); this one makes the same kind of file.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const LEADING = 14;
const PARAGRAPH_GAP = 10;

/** A WinAnsi string inside `( )`, its delimiters escaped; other characters as octal escapes. */
function pdfString(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'latin1')) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `(${out})`;
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A PDF file of the given objects (object 1 is the catalog), with a true cross-reference table. */
function assemble(objects: Buffer[]): Buffer {
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
  const table =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((value) => `${String(value).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(table, 'latin1')]);
}

/** Catalog, page tree and one page per content stream; `resources` names the page resources. */
function pagesPdf(
  contents: Buffer[],
  resources: (page: number) => string,
  extra: Buffer[],
): Buffer {
  // 1 catalog, 2 page tree, then the extra objects, then a content and a page object per page.
  const first = 3 + extra.length;
  const pageIds = contents.map((_, index) => first + index * 2 + 1);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from(
      `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
      'latin1',
    ),
    ...extra,
  ];
  contents.forEach((content, index) => {
    objects.push(stream('/Filter /FlateDecode', deflateSync(content)));
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
          `/Resources ${resources(index)} /Contents ${first + index * 2} 0 R >>`,
        'latin1',
      ),
    );
  });
  return assemble(objects);
}

/** A heading line, set larger than the body (16 pt) alone on its line. */
export interface TextPdfHeading {
  heading: string;
}

export interface TextPdfPage {
  /** Paragraphs, each already broken into the lines it is printed on, or a heading. */
  paragraphs: readonly (readonly string[] | TextPdfHeading)[];
}

const HEADING_SIZE = 16;

/** `text` broken into lines of at most `width` characters, at spaces. */
export function wrapLines(text: string, width = 80): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines;
}

/**
 * A text PDF: each page's paragraphs in Helvetica 11 pt, 14 pt apart, a blank gap between
 * paragraphs, headings in 16 pt; with `header`, that line at the top of every page and
 * "Page N of M" at the foot.
 */
export function buildTextPdf(pages: readonly TextPdfPage[], header?: string): Buffer {
  const contents = pages.map((page, pageIndex) => {
    const drawn: string[] = [];
    const line = (text: string, x: number, y: number, size: number) =>
      drawn.push(`BT /F1 ${size} Tf 1 0 0 1 ${x} ${y} Tm ${pdfString(text)} Tj ET`);
    if (header !== undefined) {
      line(header, 72, 750, 9);
      line(`Page ${pageIndex + 1} of ${pages.length}`, 280, 40, 9);
    }
    let y = 700;
    page.paragraphs.forEach((paragraph, index) => {
      if (index > 0) y -= PARAGRAPH_GAP;
      if ('heading' in paragraph) {
        line(paragraph.heading, 72, y, HEADING_SIZE);
        y -= HEADING_SIZE + 4;
        return;
      }
      for (const text of paragraph) {
        line(text, 72, y, 11);
        y -= LEADING;
      }
    });
    return Buffer.from(drawn.join('\n'), 'latin1');
  });
  const font = Buffer.from(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    'latin1',
  );
  return pagesPdf(contents, () => '<< /Font << /F1 3 0 R >> >>', [font]);
}

/** A "scanned" PDF: every page one full-page grayscale image, and no text at all. */
export function buildScannedPdf(pageCount = 1): Buffer {
  const columns = 120;
  const rows = 160;
  const pixels = Buffer.alloc(columns * rows);
  let seed = 2463534242;
  for (let index = 0; index < pixels.length; index += 1) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    pixels[index] = (seed >>> 0) & 0xff;
  }
  const image = stream(
    `/Type /XObject /Subtype /Image /Width ${columns} /Height ${rows} /ColorSpace /DeviceGray ` +
      '/BitsPerComponent 8 /Filter /FlateDecode',
    deflateSync(pixels),
  );
  const contents = Array.from({ length: pageCount }, () =>
    Buffer.from('q 540 0 0 720 36 36 cm /Im0 Do Q', 'latin1'),
  );
  return pagesPdf(contents, () => '<< /XObject << /Im0 3 0 R >> >>', [image]);
}

/** Width, height and colour components of a JPEG, from its start-of-frame marker. */
function jpegFrame(jpeg: Buffer): { width: number; height: number; components: number } {
  let offset = 2;
  while (offset + 9 < jpeg.length) {
    if (jpeg[offset] !== 0xff) throw new Error('not a JPEG: no marker where one belongs');
    const marker = jpeg[offset + 1] ?? 0;
    const length = jpeg.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      return {
        height: jpeg.readUInt16BE(offset + 5),
        width: jpeg.readUInt16BE(offset + 7),
        components: jpeg[offset + 9] ?? 3,
      };
    }
    offset += 2 + length;
  }
  throw new Error('not a JPEG: no start-of-frame marker');
}

/**
 * A scanned PDF made of photographed or scanned pages: one JPEG (embedded as it is, DCTDecode)
 * per page, fitted to a Letter page, and no text layer at all.
 */
export function buildJpegScanPdf(jpegs: readonly Buffer[]): Buffer {
  const frames = jpegs.map(jpegFrame);
  const images = jpegs.map((jpeg, index) => {
    const { width, height, components } = frames[index] ?? jpegFrame(jpeg);
    const colorSpace =
      components === 1 ? '/DeviceGray' : components === 4 ? '/DeviceCMYK' : '/DeviceRGB';
    return stream(
      `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace ${colorSpace} ` +
        '/BitsPerComponent 8 /Filter /DCTDecode',
      jpeg,
    );
  });
  const contents = frames.map(({ width, height }) => {
    const scale = Math.min(PAGE_WIDTH / width, PAGE_HEIGHT / height);
    const shownWidth = width * scale;
    const shownHeight = height * scale;
    const x = (PAGE_WIDTH - shownWidth) / 2;
    const y = (PAGE_HEIGHT - shownHeight) / 2;
    return Buffer.from(
      `q ${shownWidth.toFixed(2)} 0 0 ${shownHeight.toFixed(2)} ${x.toFixed(2)} ${y.toFixed(2)} cm /Im0 Do Q`,
      'latin1',
    );
  });
  return pagesPdf(contents, (page) => `<< /XObject << /Im0 ${3 + page} 0 R >> >>`, images);
}
