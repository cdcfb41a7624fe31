import { crc32, inflateRawSync } from 'node:zlib';

/*
 * A small, strict reader of a ZIP file's central directory, written so an uploaded .docx can
 * be judged before any library unpacks it: every number in the directory is checked against
 * the buffer and the limits, and an entry is inflated only with a hard cap on its output, so a
 * zip bomb, a lying header or a truncated file is refused quickly and in little memory.
 * Single-disk ZIP with stored or deflated entries only; ZIP64 is refused (a .docx under
 * 10 MB never needs it).
 */

/** Why an archive was refused. */
export type ZipProblem =
  /** Not a ZIP at all, truncated, or numbers that do not add up. */
  | 'corrupt'
  /** ZIP64, split archives, or a compression method other than stored / deflate. */
  | 'unsupported'
  /** An entry is encrypted. */
  | 'encrypted'
  /** Too big once unpacked: the total, one entry's compression ratio, or an entry's own cap. */
  | 'too-large'
  | 'too-many-entries';

export class ZipArchiveError extends Error {
  override readonly name = 'ZipArchiveError';
  readonly problem: ZipProblem;

  constructor(problem: ZipProblem, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.problem = problem;
  }
}

export interface ZipLimits {
  /** Most entries an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may declare once unpacked, together. */
  maxTotalUncompressedBytes: number;
  /** Highest unpacked : packed ratio of one entry... */
  maxCompressionRatio: number;
  /** ...checked only for entries that unpack to more than this (tiny files compress wildly). */
  ratioGraceBytes: number;
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: 0 | 8;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's packed bytes start in the archive. */
  dataOffset: number;
}

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY_SIGNATURE = 0x06054b50;
const LOCAL_HEADER_SIZE = 30;
const CENTRAL_HEADER_SIZE = 46;
const END_OF_CENTRAL_DIRECTORY_SIZE = 22;
const MAX_COMMENT_SIZE = 0xffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8_NAME = 0x0800;
const METHOD_AES = 99;

/** Where a record's fields stand: each one's offset in the record and its width in bytes. */
type RecordLayout = Readonly<Record<string, readonly [offset: number, bytes: 2 | 4]>>;

/** The fields an entry's local header is read for. */
const LOCAL_HEADER_FIELDS = {
  flags: [6, 2],
  nameLength: [26, 2],
  extraLength: [28, 2],
} as const satisfies RecordLayout;

/** The fields of an entry's central directory header. */
const CENTRAL_HEADER_FIELDS = {
  flags: [8, 2],
  method: [10, 2],
  checksum: [16, 4],
  compressedSize: [20, 4],
  uncompressedSize: [24, 4],
  nameLength: [28, 2],
  extraLength: [30, 2],
  commentLength: [32, 2],
  startDisk: [34, 2],
  localOffset: [42, 4],
} as const satisfies RecordLayout;

/** The fields of the end-of-central-directory record. */
const END_OF_CENTRAL_DIRECTORY_FIELDS = {
  diskNumber: [4, 2],
  directoryDisk: [6, 2],
  entriesOnDisk: [8, 2],
  entryCount: [10, 2],
  directorySize: [12, 4],
  directoryOffset: [16, 4],
} as const satisfies RecordLayout;

/** The little-endian unsigned fields of `layout` in the record that starts at `position`. */
function readRecord<Layout extends RecordLayout>(
  archive: Buffer,
  position: number,
  layout: Layout,
): { [Field in keyof Layout]: number } {
  const fields: Record<string, number> = {};
  for (const [field, [offset, bytes]] of Object.entries(layout)) {
    fields[field] =
      bytes === 2
        ? archive.readUInt16LE(position + offset)
        : archive.readUInt32LE(position + offset);
  }
  return fields as { [Field in keyof Layout]: number };
}

function corrupt(message: string): ZipArchiveError {
  return new ZipArchiveError('corrupt', message);
}

/** The offset of the end-of-central-directory record, searching back over a possible comment. */
function findEndOfCentralDirectory(archive: Buffer): number {
  const last = archive.length - END_OF_CENTRAL_DIRECTORY_SIZE;
  const first = Math.max(0, last - MAX_COMMENT_SIZE);
  for (let offset = last; offset >= first; offset -= 1) {
    if (
      archive.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY_SIGNATURE &&
      offset + END_OF_CENTRAL_DIRECTORY_SIZE + archive.readUInt16LE(offset + 20) <= archive.length
    ) {
      return offset;
    }
  }
  throw corrupt('The archive has no end of central directory (truncated or not a ZIP)');
}

/** True when `archive` starts like a ZIP file (a local file header). */
export function looksLikeZip(archive: Buffer): boolean {
  return archive.length >= 4 && archive.readUInt32LE(0) === LOCAL_HEADER_SIGNATURE;
}

/**
 * Reads and checks the central directory: entry count, sizes, ratios, encryption and methods,
 * and that each entry's local header and packed bytes lie inside the archive, before the
 * directory, and apart from every other entry's. Throws a ZipArchiveError; inflates nothing.
 */
export function readZipDirectory(archive: Buffer, limits: ZipLimits): ZipEntry[] {
  if (archive.length < END_OF_CENTRAL_DIRECTORY_SIZE)
    throw corrupt('The archive is too short to be a ZIP');
  const end = findEndOfCentralDirectory(archive);
  const { diskNumber, directoryDisk, entriesOnDisk, entryCount, directorySize, directoryOffset } =
    readRecord(archive, end, END_OF_CENTRAL_DIRECTORY_FIELDS);

  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw new ZipArchiveError('unsupported', 'ZIP64 archives are not supported');
  }
  if (diskNumber !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) {
    throw new ZipArchiveError('unsupported', 'Split archives are not supported');
  }
  if (entryCount > limits.maxEntries) {
    throw new ZipArchiveError('too-many-entries', `The archive has ${entryCount} entries`);
  }
  const directoryEnd = directoryOffset + directorySize;
  if (directoryEnd > end) throw corrupt('The central directory lies outside the archive');

  const entries: ZipEntry[] = [];
  const spans: { start: number; end: number }[] = [];
  const names = new Set<string>();
  let totalUncompressed = 0;
  let position = directoryOffset;

  for (let index = 0; index < entryCount; index += 1) {
    if (position + CENTRAL_HEADER_SIZE > directoryEnd)
      throw corrupt('The central directory is truncated');
    if (archive.readUInt32LE(position) !== CENTRAL_HEADER_SIGNATURE) {
      throw corrupt('A central directory header is damaged');
    }
    const {
      flags,
      method,
      checksum,
      compressedSize,
      uncompressedSize,
      nameLength,
      extraLength,
      commentLength,
      startDisk,
      localOffset,
    } = readRecord(archive, position, CENTRAL_HEADER_FIELDS);
    const nameStart = position + CENTRAL_HEADER_SIZE;
    position = nameStart + nameLength + extraLength + commentLength;
    if (position > directoryEnd) throw corrupt('The central directory is truncated');

    const nameBytes = archive.subarray(nameStart, nameStart + nameLength);
    const name = nameBytes.toString(flags & FLAG_UTF8_NAME ? 'utf8' : 'latin1');

    if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION) || method === METHOD_AES) {
      throw new ZipArchiveError('encrypted', `The entry ${name} is encrypted`);
    }
    if (
      compressedSize === 0xffffffff ||
      uncompressedSize === 0xffffffff ||
      localOffset === 0xffffffff
    ) {
      throw new ZipArchiveError('unsupported', 'ZIP64 archives are not supported');
    }
    if (startDisk !== 0)
      throw new ZipArchiveError('unsupported', 'Split archives are not supported');
    if (method !== 0 && method !== 8) {
      throw new ZipArchiveError(
        'unsupported',
        `The entry ${name} uses compression method ${method}`,
      );
    }
    if (method === 0 && compressedSize !== uncompressedSize) {
      throw corrupt(`The stored entry ${name} has two different sizes`);
    }
    if (names.has(name)) throw corrupt(`The entry ${name} appears twice`);
    names.add(name);

    totalUncompressed += uncompressedSize;
    if (totalUncompressed > limits.maxTotalUncompressedBytes) {
      throw new ZipArchiveError('too-large', 'The archive unpacks to more than the limit');
    }
    if (
      uncompressedSize > limits.ratioGraceBytes &&
      uncompressedSize > compressedSize * limits.maxCompressionRatio
    ) {
      throw new ZipArchiveError(
        'too-large',
        `The entry ${name} is compressed beyond the allowed ratio`,
      );
    }

    if (localOffset + LOCAL_HEADER_SIZE > directoryOffset)
      throw corrupt(`The entry ${name} lies outside the archive`);
    if (archive.readUInt32LE(localOffset) !== LOCAL_HEADER_SIGNATURE) {
      throw corrupt(`The local header of ${name} is damaged`);
    }
    const local = readRecord(archive, localOffset, LOCAL_HEADER_FIELDS);
    if (local.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) {
      throw new ZipArchiveError('encrypted', `The entry ${name} is encrypted`);
    }
    const localNameStart = localOffset + LOCAL_HEADER_SIZE;
    const dataOffset = localNameStart + local.nameLength + local.extraLength;
    const dataEnd = dataOffset + compressedSize;
    if (dataEnd > directoryOffset) throw corrupt(`The entry ${name} lies outside the archive`);
    if (!archive.subarray(localNameStart, localNameStart + local.nameLength).equals(nameBytes)) {
      throw corrupt(`The local header of ${name} names another file`);
    }

    spans.push({ start: localOffset, end: dataEnd });
    entries.push({ name, method, crc32: checksum, compressedSize, uncompressedSize, dataOffset });
  }
  if (position !== directoryEnd)
    throw corrupt('The central directory size does not match its entries');

  // Entries sharing bytes are how a small archive claims huge contents many times over.
  spans.sort((a, b) => a.start - b.start);
  for (let index = 1; index < spans.length; index += 1) {
    const previous = spans[index - 1];
    const current = spans[index];
    if (previous && current && current.start < previous.end) throw corrupt('Two entries overlap');
  }
  return entries;
}

/**
 * Unpacks one entry of `archive`, producing at most its declared size: a header that lies
 * about the size is caught after that many bytes, never after inflating the whole bomb.
 * Checks the size and the CRC-32 of the result.
 */
export function inflateZipEntry(archive: Buffer, entry: ZipEntry): Buffer {
  const packed = archive.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let content: Buffer;
  if (entry.method === 0) {
    content = packed;
  } else {
    try {
      // maxOutputLength must be at least 1; an empty entry is then checked by its length below.
      content = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      if (error instanceof RangeError) {
        throw new ZipArchiveError(
          'too-large',
          `The entry ${entry.name} unpacks to more than it declares`,
          {
            cause: error,
          },
        );
      }
      throw new ZipArchiveError('corrupt', `The entry ${entry.name} cannot be unpacked`, {
        cause: error,
      });
    }
  }
  if (content.length !== entry.uncompressedSize) {
    throw corrupt(`The entry ${entry.name} unpacks to another size than it declares`);
  }
  if (crc32(content) >>> 0 !== entry.crc32)
    throw corrupt(`The entry ${entry.name} fails its checksum`);
  return content;
}
