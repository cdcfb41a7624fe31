import { describe, expect, it } from 'vitest';
import { acceptableEncodings, negotiateEncoding } from '../../lib/content-encoding';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['deflate', null],
    ['gzip;q=garbage, br;q=0', null],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('lists every acceptable coding, best first, for a fallback when a variant is missing', () => {
    expect(acceptableEncodings('gzip, br')).toEqual(['br', 'gzip']);
    expect(acceptableEncodings('gzip;q=1, br;q=0.1')).toEqual(['gzip', 'br']);
  });
});
