import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * Builds ZIP archives and minimal .docx files byte by byte, for tests: well-formed ones, and
 * ones that lie (sizes, flags, methods) the way hostile uploads do. Not used by the server.
 */

export interface ZipEntrySpec {
  name: string;
  /** The entry's content (UTF-8 when a string). Ignored when `packed` is given. */
  data?: Buffer | string;
  /** 0 stored, 8 deflate (default), or any number to test refusals. */
  method?: number;
  /** General-purpose flags to add (bit 0: encrypted). */
  flags?: number;
  /** The packed bytes to store as they are (e.g. a hand-made deflate stream). */
  packed?: Buffer;
  /** The uncompressed size to declare, instead of the true one. */
  declaredSize?: number;
  /** The CRC-32 to declare, instead of the true one. */
  declaredCrc32?: number;
  /**
   * Write no local header or data for this entry: its central header points at this offset,
   * where another entry's bytes already are (how overlapping-entry bombs are made).
   */
  pointTo?: number;
}

function toBuffer(data: Buffer | string | undefined): Buffer {
  if (data === undefined) return Buffer.alloc(0);
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}

/** A ZIP archive of `entries`, in order, with a central directory and its end record. */
export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const content = toBuffer(entry.data);
    const method = entry.method ?? 8;
    const packed = entry.packed ?? (method === 8 ? deflateRawSync(content) : content);
    const name = Buffer.from(entry.name, 'utf8');
    const flags = 0x0800 | (entry.flags ?? 0);
    const checksum = entry.declaredCrc32 ?? crc32(content) >>> 0;
    const size = entry.declaredSize ?? content.length;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    if (entry.pointTo === undefined) locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(entry.pointTo ?? offset, 42);
    centrals.push(central, name);

    if (entry.pointTo === undefined) offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';

const PACKAGE_RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

/** word/document.xml whose body is `bodyXml`, as it is (raw WordprocessingML). */
export function documentXmlOfBody(bodyXml: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">' +
    `<w:body>${bodyXml}</w:body></w:document>`
  );
}

/** word/document.xml holding one paragraph per string. */
export function documentXml(paragraphs: string[]): string {
  return documentXmlOfBody(
    paragraphs
      .map(
        (paragraph) =>
          `<w:p><w:r><w:t xml:space="preserve">${escapeXml(paragraph)}</w:t></w:r></w:p>`,
      )
      .join(''),
  );
}

/** The parts of a minimal WordprocessingML package: content types, relationships, document. */
export function docxEntries(paragraphs: string[]): ZipEntrySpec[] {
  return docxEntriesOfBody(documentXml(paragraphs));
}

/** The parts of a minimal package whose word/document.xml is `document` as it is. */
export function docxEntriesOfBody(document: string): ZipEntrySpec[] {
  return [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: PACKAGE_RELATIONSHIPS },
    { name: 'word/document.xml', data: document },
  ];
}

/** A .docx whose body is `bodyXml` as it is. */
export function buildDocxOfBody(bodyXml: string): Buffer {
  return buildZip(docxEntriesOfBody(documentXmlOfBody(bodyXml)));
}

const BOMB_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * `count` tiny paragraphs, `<w:p><w:r><w:t>ab</w:t></w:r></w:p>`, each holding `letters`
 * pseudo-random letters (deterministic): varied enough to compress only about 10:1, so the
 * archive passes the zip guard's ratio and size checks while mammoth builds a huge tree.
 */
export function tinyParagraphs(count: number, letters = 2): string {
  let seed = 12345;
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    let text = '';
    for (let letter = 0; letter < letters; letter += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      text += BOMB_LETTERS[seed % BOMB_LETTERS.length];
    }
    parts.push(`<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`);
  }
  return parts.join('');
}

/**
 * The DOM bomb of issue 9: about 650 KB of .docx whose 9.1 MB word/document.xml holds
 * 260,000 paragraphs of two letters. It passes every zip check; read by mammoth on the
 * request's thread it blocked the event loop for tens of seconds and took 1.5 GB.
 */
export function buildParagraphBombDocx(count = 260_000): Buffer {
  return buildDocxOfBody(tinyParagraphs(count));
}

/** A minimal valid .docx (Word and mammoth read it) with one paragraph per string. */
export function buildDocx(paragraphs: string[]): Buffer {
  return buildZip(docxEntries(paragraphs));
}

/**
 * A raw deflate stream that inflates to `megabytes` MiB of zeros, about 1 KB per MiB, built
 * without ever holding the zeros: one flushed block of 1 MiB repeated, then an empty final block.
 */
export function deflatedZeros(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), {
    flush: constants.Z_FULL_FLUSH,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  return Buffer.concat([
    ...Array.from({ length: megabytes }, () => block),
    Buffer.from([0x03, 0x00]),
  ]);
}
