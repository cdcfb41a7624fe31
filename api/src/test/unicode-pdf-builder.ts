import { deflateSync } from 'node:zlib';
import { PAGE_HEIGHT, PAGE_WIDTH, assemblePdf } from './pdf-builder';

/*
 * A PDF whose text is in any script (Arabic, Persian, Hebrew…), for tests: the standard fonts
 * of pdf-builder.ts hold Latin-1 only, and no font file for other scripts ships with the
 * repository. So the text is a text layer only: a Type0 font (Identity-H) without a font
 * file, each character a CID and a ToUnicode map naming its code point, which is what a
 * reader extracts text by (a viewer draws it in a substitute font). Right-to-left lines are
 * drawn in visual order, right to left as glyphs stand on the page, as PDF producers do; a
 * reader (pdf.js) turns them back into logical order. Not used by the server.
 */

export interface UnicodeLine {
  text: string;
  /** Drawn right to left (Arabic, Hebrew…): its characters in visual order. */
  rtl?: boolean;
}

function hex(value: number): string {
  return value.toString(16).toUpperCase().padStart(4, '0');
}

/** A one-page PDF of these lines, top to bottom, 11-point, as a text layer (see above). */
export function buildUnicodeTextPdf(lines: readonly UnicodeLine[]): Buffer {
  const cids = new Map<string, number>();
  const cidOf = (char: string): number => {
    let cid = cids.get(char);
    if (cid === undefined) {
      cid = cids.size + 1;
      cids.set(char, cid);
    }
    return cid;
  };
  const drawing = lines.map((line, index) => {
    const chars = [...line.text];
    const visual = line.rtl ? chars.reverse() : chars;
    const codes = visual.map((char) => hex(cidOf(char))).join('');
    const y = PAGE_HEIGHT - 72 - index * 16;
    return `BT /F1 11 Tf 1 0 0 1 72 ${y} Tm <${codes}> Tj ET`;
  });

  const entries = [...cids.entries()].map(([char, cid]) => {
    const utf16 = Buffer.from(char, 'utf16le').swap16().toString('hex').toUpperCase();
    return `<${hex(cid)}> <${utf16}>`;
  });
  const blocks: string[] = [];
  for (let at = 0; at < entries.length; at += 100) {
    const block = entries.slice(at, at + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  const cmap = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');

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
  const toUnicode = add(stream('', Buffer.from(cmap, 'latin1')));
  const descriptor = add(
    '<< /Type /FontDescriptor /FontName /TextLayer /Flags 4 /FontBBox [0 -200 1000 900] ' +
      '/ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>',
  );
  const cidFont = add(
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /TextLayer ' +
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> ' +
      `/FontDescriptor ${descriptor} 0 R /DW 500 /CIDToGIDMap /Identity >>`,
  );
  const font = add(
    '<< /Type /Font /Subtype /Type0 /BaseFont /TextLayer /Encoding /Identity-H ' +
      `/DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
  );
  const content = add(stream('/Filter /FlateDecode', deflateSync(drawing.join('\n'))));
  const pagesId = add('');
  const page = add(
    `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
  );
  objects[pagesId - 1] = Buffer.from(`<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`, 'latin1');
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  return assemblePdf(objects, catalog);
}
