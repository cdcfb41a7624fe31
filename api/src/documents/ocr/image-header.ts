import { DocumentError } from '../document-error';

/** The image formats OCR reads, known by their first bytes, never by a file's name. */
export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format an image's first bytes announce, or null when they announce none OCR reads. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

/**
 * An image's format and size, read from its header alone so that a decompression bomb (a small
 * file that decodes to billions of pixels) is refused before anything is decoded: PNG's IHDR,
 * JPEG's start-of-frame, WebP's VP8, VP8L or VP8X chunk. Throws `unsupported` for anything else
 * and `malformed` for a header that breaks off or contradicts itself.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  const format = imageFormatOf(bytes);
  if (format === null) {
    throw new DocumentError('unsupported', 'This file is not a PNG, JPEG or WebP image.');
  }
  const size =
    format === 'png' ? pngSize(bytes) : format === 'jpeg' ? jpegSize(bytes) : webpSize(bytes);
  if (size === null || size.width === 0 || size.height === 0) {
    throw new DocumentError('malformed', `This ${format.toUpperCase()} image is damaged.`);
  }
  return { format, ...size };
}

interface Size {
  width: number;
  height: number;
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function pngSize(bytes: Uint8Array): Size | null {
  // The first chunk must be IHDR: length 13, then width and height as big-endian 32-bit.
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  const data = view(bytes);
  return { width: data.getUint32(16), height: data.getUint32(20) };
}

/** Start-of-frame markers: C0–CF less DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Uint8Array): Size | null {
  const data = view(bytes);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes (FF FF ...) may pad between segments.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // The scan (or the image's end) came before any frame header.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = data.getUint16(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: data.getUint16(offset + 5), width: data.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array): Size | null {
  if (bytes.length < 30) return null;
  const data = view(bytes);
  const chunk = ascii(bytes, 12, 4);
  const start = 20;
  if (chunk === 'VP8 ') {
    // A key frame: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit sizes.
    if (bytes[start + 3] !== 0x9d || bytes[start + 4] !== 0x01 || bytes[start + 5] !== 0x2a) {
      return null;
    }
    return {
      width: data.getUint16(start + 6, true) & 0x3fff,
      height: data.getUint16(start + 8, true) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    // The signature 2F, then width - 1 and height - 1 in 14 bits each, least significant first.
    if (bytes[start] !== 0x2f) return null;
    const bits = data.getUint32(start + 1, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Flags (4 bytes), then the canvas's width - 1 and height - 1 in 24 bits each.
    const width = data.getUint16(start + 4, true) + ((bytes[start + 6] ?? 0) << 16) + 1;
    const height = data.getUint16(start + 7, true) + ((bytes[start + 9] ?? 0) << 16) + 1;
    return { width, height };
  }
  return null;
}
