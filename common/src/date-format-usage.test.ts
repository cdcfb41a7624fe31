import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One date format (docs/glossary.md "Dates"): no screen or file writes a date but through
 * common/src/date-format.ts. This scans the front end's sources (not its tests) for the ways a
 * second format creeps in.
 */
const ROOT = resolve(__dirname, '../..');
const SOURCE_DIRS = ['shell/src', 'common/src', 'remote-user/src', 'remote-admin/src']
  .concat(['remote-editor/src', 'remote-reviewer/src'])
  .map((dir) => join(ROOT, dir));

/** The one module that writes dates. */
const FORMATTER = 'common/src/date-format.ts';

const FORBIDDEN: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'toLocale…String', pattern: /\.toLocale(?:Date|Time)?String\s*\(/u },
  // `Intl.DateTimeFormat().resolvedOptions()` asks for the time zone: not a format.
  { name: 'Intl.DateTimeFormat', pattern: /Intl\.DateTimeFormat(?!\(\)\.resolvedOptions\(\))/u },
  { name: 'Intl.RelativeTimeFormat', pattern: /Intl\.RelativeTimeFormat/u },
  {
    name: 'toISOString() cut to a day',
    pattern: /toISOString\(\)\s*\.\s*(?:slice|substring|substr|split)/u,
  },
  { name: 'an ISO day cut from a string', pattern: /\\d\{4\}-\\d\{2\}-\\d\{2\}/u },
  { name: 'toDateString/toUTCString', pattern: /\.to(?:Date|Time|UTC|GMT)String\s*\(/u },
  { name: 'a date written by hand', pattern: /\.get(?:UTC)?(?:Month|Hours|Minutes|Day)\s*\(/u },
];

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'testing')
        files.push(...sourceFiles(path));
    } else if (/\.tsx?$/u.test(entry.name) && !/\.test\.tsx?$/u.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

/** `path:line: what` for every forbidden call in `source`. */
export function dateFormattingOutside(path: string, source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, index) => {
    for (const { name, pattern } of FORBIDDEN) {
      if (pattern.test(line)) found.push(`${path}:${index + 1}: ${name}`);
    }
  });
  return found;
}

describe('one date format', () => {
  it('finds the front end’s sources', () => {
    const files = SOURCE_DIRS.flatMap(sourceFiles).map((file) => relative(ROOT, file));
    expect(files).toContain(FORMATTER);
    expect(files).toContain('remote-user/src/features/history/history-summary-card.tsx');
    expect(files.length).toBeGreaterThan(100);
  });

  it('formats dates only in common/src/date-format.ts', () => {
    const offenders = SOURCE_DIRS.flatMap(sourceFiles)
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== FORMATTER)
      .flatMap((file) => dateFormattingOutside(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('would catch a second format', () => {
    for (const line of [
      "new Date(x).toLocaleDateString('en-US')",
      "const f = new Intl.DateTimeFormat('en-US', { month: 'short' });",
      'new Intl.RelativeTimeFormat("en").format(-1, "day")',
      'created.toISOString().slice(0, 10)',
      'const day = /^\\d{4}-\\d{2}-\\d{2}/.exec(createdAt)?.[0];',
      'date.toLocaleString()',
      '`${MONTHS[date.getMonth()]} ${date.getDate()}`',
    ]) {
      expect(dateFormattingOutside('x.ts', line)).not.toEqual([]);
    }
    expect(
      dateFormattingOutside('x.ts', 'Intl.DateTimeFormat().resolvedOptions().timeZone'),
    ).toEqual([]);
  });
});
