import pg from 'pg';

/** The type id of timestamptz, as Postgres describes its columns. */
export const TIMESTAMPTZ_OID = 1184;

/** pg's own (it gives ±Infinity for ±infinity, which the API never stores). */
const defaultTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (
  text: string,
) => Date;

const DASH = 45;
const SPACE = 32;
const COLON = 58;
const DOT = 46;
const PLUS = 43;

/** The value of the decimal digits of `text` from `start` to `end` (exclusive), or -1. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1; // NaN past the end, too
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A timestamptz as Postgres writes it under DateStyle ISO, `2026-11-25 10:00:00.123456+00`
 * (the offset may also be `+05:30` or `-00:25:21`), as a Date: the same instant `pg`'s own
 * parser gives, with fractions of a millisecond dropped as it drops them, for a few percent of
 * its cost (issue 13: a list page reads about forty). Anything else (years before 1000 or
 * after 9999, BC, infinity) goes to `pg`'s parser.
 */
export function parseTimestamptz(text: string): Date {
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  if (
    year < 1000 ||
    (month | day | hour | minute | second) < 0 ||
    text.charCodeAt(4) !== DASH ||
    text.charCodeAt(7) !== DASH ||
    text.charCodeAt(10) !== SPACE ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
  ) {
    return defaultTimestamptz(text);
  }
  let at = 19;
  let millisecond = 0;
  if (text.charCodeAt(at) === DOT) {
    // Up to six digits, of which the first three are milliseconds (".5" is 500 ms).
    let scale = 100;
    for (at += 1; at < text.length && at < 26; at += 1) {
      const digit = text.charCodeAt(at) - 48;
      if (!(digit >= 0 && digit <= 9)) break;
      millisecond += digit * scale;
      scale /= 10;
    }
    if (at === 20) return defaultTimestamptz(text);
    millisecond = Math.floor(millisecond);
  }
  const signCode = text.charCodeAt(at);
  const sign = signCode === PLUS ? 1 : signCode === DASH ? -1 : 0;
  const offsetHours = digits(text, at + 1, at + 3);
  const offsetMinutes = text.length > at + 3 ? minutesOrSeconds(text, at + 3) : 0;
  const offsetSeconds = text.length > at + 6 ? minutesOrSeconds(text, at + 6) : 0;
  if (sign === 0 || (offsetHours | offsetMinutes | offsetSeconds) < 0 || text.length > at + 9) {
    return defaultTimestamptz(text);
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  return new Date(utc - sign * (offsetHours * 3600 + offsetMinutes * 60 + offsetSeconds) * 1000);
}

/** `:mm` or `:ss` of an offset at `at`, as a number; -1 when it is not that. */
function minutesOrSeconds(text: string, at: number): number {
  return text.charCodeAt(at) === COLON && text.length >= at + 3 ? digits(text, at + 1, at + 3) : -1;
}

/**
 * `pg`'s type parsers with timestamptz read by `parseTimestamptz`: the `types` of the API's
 * pool.
 */
export const fastTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID && format !== 'binary'
      ? parseTimestamptz
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
