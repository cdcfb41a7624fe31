import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TIMESTAMPTZ_OID, fastTypes, parseTimestamptz } from './timestamp-parser';

const pgParser = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date;

/** A number as `width` digits. */
function padded(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

describe('parseTimestamptz', () => {
  it('reads every form Postgres writes as pg itself does', () => {
    const fractions = ['', '.5', '.05', '.123', '.1234', '.123456', '.999999', '.000001'];
    const offsets = ['+00', '-05', '+05:30', '-03:30', '+14', '-00:25:21', '+05:53:28'];
    let random = 7;
    const next = (below: number) => {
      random = (random * 48271) % 2147483647;
      return random % below;
    };
    for (let i = 0; i < 2000; i += 1) {
      const text =
        `${padded(1000 + next(9000), 4)}-${padded(1 + next(12), 2)}-${padded(1 + next(28), 2)} ` +
        `${padded(next(24), 2)}:${padded(next(60), 2)}:${padded(next(60), 2)}` +
        `${fractions[next(fractions.length)] ?? ''}${offsets[next(offsets.length)] ?? ''}`;
      expect(parseTimestamptz(text).getTime(), text).toBe(pgParser(text).getTime());
    }
  });

  it.each([
    'infinity',
    '-infinity',
    '0044-03-15 12:00:00+00 BC',
    '0099-01-01 00:00:00+00',
    '12026-01-01 00:00:00+00',
    '2026-01-01 00:00:00.+00',
    '2026-01-01 00:00:00',
    '2026-01-01 00:00:0',
    '2026-01-01 00:00:00+05:3',
    '2026-01-01 00:00:00+05:30x',
    '2026-01-01 00:00:00+05:30:00:00',
  ])('leaves %j to pg', (text) => {
    expect(parseTimestamptz(text)).toEqual(pgParser(text));
  });

  it('is the pool’s timestamptz parser and leaves every other type to pg', () => {
    expect(fastTypes.getTypeParser(TIMESTAMPTZ_OID, 'text')).toBe(parseTimestamptz);
    expect(fastTypes.getTypeParser(20, 'text')).toBe(pg.types.getTypeParser(20, 'text'));
  });
});
