import { describe, expect, it } from 'vitest';
import { readImageHeader } from './image-header';
import { DocumentError } from '../document-error';

/** 1 × 1 WebP images, lossy (VP8), lossless (VP8L) and with alpha (VP8X), as browsers test for. */
const WEBP_LOSSY = 'UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA';
const WEBP_LOSSLESS = 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';
const WEBP_EXTENDED =
  'UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==';

function failureOf(bytes: Uint8Array): string {
  try {
    readImageHeader(bytes);
  } catch (error) {
    if (error instanceof DocumentError) return error.kind;
    throw error;
  }
  throw new Error('expected the header to be refused');
}

/** A baseline JPEG's first segments: SOI, an APP0 (JFIF) segment, then SOF0 with its size. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x0b, 8, height >> 8, height & 0xff, width >> 8, width & 0xff];
  return Buffer.from([0xff, 0xd8, ...app0, 0xff, 0xff, ...sof0, 1, 1, 0x11, 0]);
}

describe('readImageHeader', () => {
  it('reads the size of every WebP kind from its chunk header', () => {
    for (const image of [WEBP_LOSSY, WEBP_LOSSLESS, WEBP_EXTENDED]) {
      expect(readImageHeader(Buffer.from(image, 'base64'))).toEqual({
        format: 'webp',
        width: 1,
        height: 1,
      });
    }
    // The extended format's canvas is 24 bits a side: 30,000 × 20,000 is written as one less.
    const large = Buffer.from(WEBP_EXTENDED, 'base64');
    large.writeUIntLE(29_999, 24, 3);
    large.writeUIntLE(19_999, 27, 3);
    expect(readImageHeader(large)).toEqual({ format: 'webp', width: 30_000, height: 20_000 });
  });

  it("reads a JPEG's size from its start-of-frame, past other segments and fill bytes", () => {
    expect(readImageHeader(jpegHeader(1_240, 1_753))).toEqual({
      format: 'jpeg',
      width: 1_240,
      height: 1_753,
    });
  });

  it('refuses what is no image it reads as unsupported, and a broken header as malformed', () => {
    expect(failureOf(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe('unsupported');
    expect(failureOf(Buffer.from('%PDF-1.7\n', 'latin1'))).toBe('unsupported');
    expect(failureOf(Buffer.alloc(0))).toBe('unsupported');
    expect(failureOf(jpegHeader(1_240, 1_753).subarray(0, 24))).toBe('malformed');
    expect(failureOf(jpegHeader(0, 1_753))).toBe('malformed');
    expect(failureOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(
      'malformed',
    );
    expect(failureOf(Buffer.from(WEBP_LOSSY, 'base64').subarray(0, 29))).toBe('malformed');
  });
});
