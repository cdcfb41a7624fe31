import { crc32, deflateSync } from 'node:zlib';

/*
 * Builds PNG files byte by byte, for tests of reading images: a signature, an IHDR chunk with
 * any size it is told, and (only when given pixels) the image data. Not used by the server.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A greyscale PNG; `pixels` is only encoded when given, so a header can claim any size. */
export function buildPng(
  width: number,
  height: number,
  pixels?: (x: number, y: number) => number,
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
  ];
  if (pixels) {
    const rows = Buffer.alloc((width + 1) * height);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) rows[y * (width + 1) + 1 + x] = pixels(x, y);
    }
    parts.push(chunk('IDAT', deflateSync(rows)));
  }
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
