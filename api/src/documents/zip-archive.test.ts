import { describe, expect, it } from 'vitest';
import { DOCX_LIMITS } from './docx-text';
import { inflateZipEntry, looksLikeZip, readZipDirectory, ZipArchiveError } from './zip-archive';
import type { ZipProblem } from './zip-archive';
import { buildZip, deflatedZeros } from '../test/zip-builder';

function problemOf(run: () => unknown): ZipProblem | 'none' {
  try {
    run();
    return 'none';
  } catch (error) {
    if (error instanceof ZipArchiveError) return error.problem;
    throw error;
  }
}

const read = (archive: Buffer) => () => readZipDirectory(archive, DOCX_LIMITS);

describe('readZipDirectory and inflateZipEntry', () => {
  it('read a well-formed archive, stored and deflated entries alike', () => {
    const archive = buildZip([
      { name: 'a.txt', data: 'hello hello hello hello', method: 8 },
      { name: 'dir/b.bin', data: Buffer.from([1, 2, 3]), method: 0 },
      { name: 'empty.txt', data: '' },
    ]);
    expect(looksLikeZip(archive)).toBe(true);
    const entries = readZipDirectory(archive, DOCX_LIMITS);
    expect(entries.map((entry) => [entry.name, entry.method, entry.uncompressedSize])).toEqual([
      ['a.txt', 8, 23],
      ['dir/b.bin', 0, 3],
      ['empty.txt', 8, 0],
    ]);
    const [a, b, empty] = entries;
    if (!a || !b || !empty) throw new Error('entries missing');
    expect(inflateZipEntry(archive, a).toString()).toBe('hello hello hello hello');
    expect([...inflateZipEntry(archive, b)]).toEqual([1, 2, 3]);
    expect(inflateZipEntry(archive, empty).length).toBe(0);
  });

  it('refuse what is not a ZIP, or a truncated one (no end of central directory)', () => {
    expect(problemOf(read(Buffer.from('just some text, nothing zipped here at all')))).toBe(
      'corrupt',
    );
    expect(problemOf(read(Buffer.alloc(3)))).toBe('corrupt');
    const archive = buildZip([{ name: 'a.txt', data: 'x'.repeat(1000) }]);
    expect(problemOf(read(archive.subarray(0, archive.length - 10)))).toBe('corrupt');
    expect(problemOf(read(archive.subarray(0, Math.floor(archive.length / 2))))).toBe('corrupt');
  });

  it('refuse a directory pointing outside the archive', () => {
    const archive = buildZip([{ name: 'a.txt', data: 'abc' }]);
    const broken = Buffer.from(archive);
    broken.writeUInt32LE(archive.length, archive.length - 6); // central directory offset
    expect(problemOf(read(broken))).toBe('corrupt');
  });

  it('refuse encrypted entries, in the central or the local header', () => {
    expect(problemOf(read(buildZip([{ name: 'a.txt', data: 'secret', flags: 0x1 }])))).toBe(
      'encrypted',
    );
    expect(problemOf(read(buildZip([{ name: 'a.txt', data: 'secret', method: 99 }])))).toBe(
      'encrypted',
    );
    const archive = buildZip([{ name: 'a.txt', data: 'secret' }]);
    archive.writeUInt16LE(archive.readUInt16LE(6) | 0x1, 6); // the first local header's flags
    expect(problemOf(read(archive))).toBe('encrypted');
  });

  it('refuse compression methods other than stored and deflate, and ZIP64 markers', () => {
    expect(problemOf(read(buildZip([{ name: 'a.bz2', data: 'x', method: 12 }])))).toBe(
      'unsupported',
    );
    expect(problemOf(read(buildZip([{ name: 'a', data: 'x', declaredSize: 0xffffffff }])))).toBe(
      'unsupported',
    );
  });

  it('refuse more than 2,000 entries before reading them', () => {
    const entries = Array.from({ length: 2_001 }, (_, index) => ({
      name: `f${index}`,
      data: '',
      method: 0,
    }));
    expect(problemOf(read(buildZip(entries)))).toBe('too-many-entries');
    expect(problemOf(read(buildZip(entries.slice(0, 2_000))))).toBe('none');
  });

  it('refuse a declared total over 50 MB and a ratio over 100:1', () => {
    const honestBomb = buildZip([
      { name: 'zeros', packed: deflatedZeros(60), declaredSize: 60 * 1024 * 1024 },
    ]);
    expect(problemOf(read(honestBomb))).toBe('too-large');
    const ratio = buildZip([
      { name: 'zeros', packed: deflatedZeros(20), declaredSize: 20 * 1024 * 1024 },
    ]);
    expect(problemOf(read(ratio))).toBe('too-large');
    // Small entries may compress far beyond 100:1; they cannot bomb.
    expect(problemOf(read(buildZip([{ name: 'small', data: 'a'.repeat(100 * 1024) }])))).toBe(
      'none',
    );
  });

  it('stop inflating an entry that lies about its size, at once', () => {
    const archive = buildZip([{ name: 'zeros', packed: deflatedZeros(300), declaredSize: 4096 }]);
    const [entry] = readZipDirectory(archive, DOCX_LIMITS);
    if (!entry) throw new Error('entry missing');
    const started = performance.now();
    expect(problemOf(() => inflateZipEntry(archive, entry))).toBe('too-large');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuse an entry shorter than declared, or failing its checksum', () => {
    const short = buildZip([{ name: 'a.txt', data: 'abc', declaredSize: 10 }]);
    const [shortEntry] = readZipDirectory(short, DOCX_LIMITS);
    if (!shortEntry) throw new Error('entry missing');
    expect(problemOf(() => inflateZipEntry(short, shortEntry))).toBe('corrupt');

    const badCrc = buildZip([{ name: 'a.txt', data: 'abc', declaredCrc32: 12345 }]);
    const [badEntry] = readZipDirectory(badCrc, DOCX_LIMITS);
    if (!badEntry) throw new Error('entry missing');
    expect(problemOf(() => inflateZipEntry(badCrc, badEntry))).toBe('corrupt');

    const garbage = buildZip([
      { name: 'a.txt', packed: Buffer.from([0xff, 0xff, 0xff]), declaredSize: 3 },
    ]);
    const [garbageEntry] = readZipDirectory(garbage, DOCX_LIMITS);
    if (!garbageEntry) throw new Error('entry missing');
    expect(problemOf(() => inflateZipEntry(garbage, garbageEntry))).toBe('corrupt');
  });

  it('refuse duplicate names, overlapping entries and local headers naming another file', () => {
    expect(
      problemOf(
        read(
          buildZip([
            { name: 'a.txt', data: '1' },
            { name: 'a.txt', data: '2' },
          ]),
        ),
      ),
    ).toBe('corrupt');

    // b.txt's local header and data sit inside a.txt's stored data: the two entries overlap.
    const inner = buildZip([{ name: 'b.txt', data: 'two', method: 0 }]).subarray(0, 30 + 5 + 3);
    const overlapping = buildZip([
      { name: 'a.txt', data: inner, method: 0 },
      { name: 'b.txt', data: 'two', method: 0, pointTo: 30 + 5 },
    ]);
    expect(problemOf(read(overlapping))).toBe('corrupt');
    expect(() => read(overlapping)()).toThrow('Two entries overlap');

    const archive = buildZip([
      { name: 'a.txt', data: 'one' },
      { name: 'b.txt', data: 'two' },
    ]);
    const renamed = Buffer.from(archive);
    renamed.write('z', 30, 'latin1'); // first local header's name: z.txt
    expect(problemOf(read(renamed))).toBe('corrupt');
  });
});
