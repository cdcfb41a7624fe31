import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { assemblePdf } from './pdf-builder';

/*
 * Hostile PDF files for the tests and the bench scripts of issue 24 (bench/fair/): many pages
 * sharing one big content stream, and deflate bombs whose filter is written in the ways a
 * careless check misses. Built byte by byte, with a true cross-reference table, so pdf.js opens
 * them. Not used by the server.
 */

const MEGABYTE = 1024 * 1024;

/** A PDF of these objects, object 1 the catalog. */
function assemble(objects: readonly Buffer[]): Buffer {
  return assemblePdf(objects, 1);
}

function streamObject(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const PAGE_RESOURCES = '/Resources << /Font << /F1 3 0 R >> >>';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/**
 * A PDF of `pageCount` pages that all draw the same content stream (object 4), which holds a
 * line of text and then `contentBytes` of drawing operators: small on disk (the stream is
 * deflated, the pages are a few hundred bytes each), but a reader that parses each page's
 * content parses the big stream once per page. Issue 24's attack: 5,000 pages, 40 MB.
 */
export function buildSharedContentPdf(pageCount: number, contentBytes: number): Buffer {
  const head = 'BT /F1 11 Tf 72 700 Td (Shared content) Tj ET\n';
  const filler = '1 0 0 1 0 0 cm\n';
  const content = Buffer.alloc(Math.max(head.length, contentBytes), filler, 'latin1');
  content.write(head, 0, 'latin1');
  const data = deflateSync(content, { level: constants.Z_BEST_COMPRESSION });
  const firstPage = 5;
  const kids = Array.from({ length: pageCount }, (_, index) => `${firstPage + index} 0 R`);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from(`<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pageCount} >>`, 'latin1'),
    Buffer.from(FONT, 'latin1'),
    streamObject('/Filter /FlateDecode', data),
  ];
  for (let index = 0; index < pageCount; index += 1) {
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${PAGE_RESOURCES} /Contents 4 0 R >>`,
        'latin1',
      ),
    );
  }
  return assemble(objects);
}

/**
 * zlib data that inflates to `bytes` zero bytes (a whole number of megabytes): one megabyte of
 * zeros deflated and fully flushed (so the next piece refers to nothing before it), repeated,
 * then a final empty block and the Adler-32 of the zeros (1 and the count, modulo 65521).
 */
export function deflatedZeros(bytes: number): Buffer {
  const piece = deflateRawSync(Buffer.alloc(MEGABYTE), {
    level: constants.Z_BEST_COMPRESSION,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const pieces = Math.ceil(bytes / MEGABYTE);
  const zerosSum = (pieces * MEGABYTE) % 65521;
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: pieces }, () => piece),
    deflateRawSync(Buffer.alloc(0)),
    Buffer.from([(zerosSum >> 8) & 0xff, zerosSum & 0xff, 0x00, 0x01]),
  ]);
}

/** How each bomb names its filter (issue 24, item 4). */
export const FILTER_BOMB_VARIANTS = [
  'abbreviation',
  'escaped',
  'array',
  'hex-then-flate',
  'subtype-decoy',
] as const;
export type FilterBombVariant = (typeof FILTER_BOMB_VARIANTS)[number];

/**
 * A one-page PDF whose content stream inflates to `bytes` zero bytes (1 GiB by default), its
 * filter written as `variant` says: `/Fl`, `/Flat#65Decode`, `[ /Fl ]`, `[/AHx /Fl]` (the zlib
 * data written in hex), or `/FlateDecode` with a nested `<< /Subtype /Image >>` decoy.
 */
export function buildFilterBombPdf(variant: FilterBombVariant, bytes = 1024 * MEGABYTE): Buffer {
  let data = deflatedZeros(bytes);
  let dictionary: string;
  switch (variant) {
    case 'abbreviation':
      dictionary = '/Filter /Fl';
      break;
    case 'escaped':
      dictionary = '/Filter /Flat#65Decode';
      break;
    case 'array':
      dictionary = '/Filter [ /Fl ]';
      break;
    case 'hex-then-flate':
      dictionary = '/Filter [/AHx /Fl]';
      data = Buffer.from(`${data.toString('hex')}>`, 'latin1');
      break;
    case 'subtype-decoy':
      dictionary = '/Filter /FlateDecode /DecodeParms << /Subtype /Image >>';
      break;
  }
  return assemble([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [4 0 R] /Count 1 >>', 'latin1'),
    Buffer.from(FONT, 'latin1'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${PAGE_RESOURCES} /Contents 5 0 R >>`,
      'latin1',
    ),
    streamObject(dictionary, data),
  ]);
}
