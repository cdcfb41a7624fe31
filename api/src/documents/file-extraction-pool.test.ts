import { afterEach, describe, expect, it } from 'vitest';
import { documentAnswer } from '../test/document-answer';
import { DocumentError } from './document-error';
import { defaultExtractionConcurrency, loadConfig } from '../config';
import { createTestConfig } from '../test/test-app';
import { buildDocx } from '../test/zip-builder';
import {
  BUSY_MESSAGE,
  defaultThreadEntry,
  FileExtractionPool,
  OWNER_BUSY_MESSAGE,
} from './file-extraction-pool';
import type { FileExtractionPoolOptions } from './file-extraction-pool';

/*
 * The pool's mechanics, with a stand-in thread (src/test/extraction-test-thread.ts) whose
 * requests say what to do: answer, wait, spin, fill the heap, fill memory outside the heap,
 * exit. The real thread's extraction is tested in the upload tests.
 */

const BUSY = { status: 503, code: 'SERVICE_UNAVAILABLE', message: BUSY_MESSAGE };
const testThread = new URL('../test/extraction-test-thread.ts', import.meta.url);
const pools: FileExtractionPool[] = [];

function pool(options: Partial<FileExtractionPoolOptions> = {}): FileExtractionPool {
  const created = new FileExtractionPool({
    timeoutMs: 10_000,
    memoryMb: 128,
    concurrency: 1,
    entry: testThread,
    // The stand-in thread's commands are sent as .txt files: none is decoded without a thread.
    inlineTextMaxBytes: 0,
    ...options,
  });
  pools.push(created);
  return created;
}

function command(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const answer = documentAnswer(error);
    if (answer) return { status: answer.status, code: answer.code, message: answer.message };
    throw error;
  }
  throw new Error('expected a DocumentError');
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

describe('FileExtractionPool', () => {
  it('answers through a thread and keeps it for the next file', async () => {
    const extractor = pool();
    expect(await extractor.extract('txt', command('echo:first'))).toBe('first');
    expect(await extractor.extract('txt', command('echo:second'))).toBe('second');
    expect(extractor.threadCount).toBe(1);
  });

  it('stops a thread past the time limit with a 413 sentence, and the next file gets a new one', async () => {
    const extractor = pool({ timeoutMs: 1_000 });
    await extractor.extract('txt', command('echo:warm'));
    const started = performance.now();
    expect(await refusal(extractor.extract('pdf', command('spin')))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The file took too long to read (over 1 second). It may be too large or too complex; try a smaller file, or paste its text.',
    });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(5_000);
    expect(await extractor.extract('txt', command('echo:after'))).toBe('after');
  });

  it('gives a file up on Stop: a waiting one leaves the queue, a running one its thread', async () => {
    const extractor = pool();
    await extractor.extract('txt', command('echo:warm'));
    const stop = new AbortController();
    const leave = new AbortController();
    const running = extractor.extract('pdf', command('spin'), { signal: stop.signal });
    const waiting = extractor.extract('txt', command('echo:never'), { signal: leave.signal });
    leave.abort(new Error('Left the page'));
    await expect(waiting).rejects.toThrow('Left the page');
    const started = performance.now();
    stop.abort(new Error('Stopped by the person'));
    await expect(running).rejects.toThrow('Stopped by the person');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await extractor.extract('txt', command('echo:after'))).toBe('after');
  });

  it('answers 413 when a thread reaches its heap limit, and the next file still works', async () => {
    const extractor = pool({ memoryMb: 64 });
    expect(await refusal(extractor.extract('docx', command('heap')))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The file needs more memory to read than the server allows (64 MB). It may be too large or too complex; try a smaller file, or paste its text.',
    });
    expect(await extractor.extract('txt', command('echo:after'))).toBe('after');
  });

  it('stops a thread whose memory outside the heap grows past its share', async () => {
    const extractor = pool({ memoryMb: 128 });
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    const answer = await refusal(extractor.extract('pdf', command('buffers')));
    clearInterval(sampler);
    expect(answer).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(answer.message).toContain('(128 MB)');
    // The check runs every 50 ms: the thread is stopped soon after its share is used up.
    expect(peak - before).toBeLessThan(512 * 1024 * 1024);
    expect(await extractor.extract('txt', command('echo:after'))).toBe('after');
  });

  it('fails with a plain error (a 500) when a thread dies or throws, then carries on', async () => {
    const extractor = pool();
    await expect(extractor.extract('txt', command('exit'))).rejects.toThrow(
      'An extraction thread exited with code 3',
    );
    const thrown = extractor.extract('txt', command('throw'));
    await expect(thrown).rejects.not.toBeInstanceOf(DocumentError);
    await expect(thrown).rejects.toThrow(/failed in its thread: Error: unknown command throw/);
    expect(await extractor.extract('txt', command('echo:after'))).toBe('after');
  });

  it('runs at most `concurrency` files at once; the others wait their turn', async () => {
    const extractor = pool({ concurrency: 2 });
    const started = performance.now();
    const answers = await Promise.all(
      [1, 2, 3, 4].map((index) => extractor.extract('txt', command(`sleep:${300 + index}`))),
    );
    expect(answers).toEqual(['slept 301', 'slept 302', 'slept 303', 'slept 304']);
    expect(extractor.threadCount).toBe(2);
    // Two rounds of about 300 ms each: never four at once, never one at a time.
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('refuses with 503 when the queue is full', async () => {
    const extractor = pool({ maxQueued: 1 });
    const running = extractor.extract('txt', command('sleep:500'));
    const waiting = extractor.extract('txt', command('echo:waited'));
    expect(await refusal(extractor.extract('txt', command('echo:no room')))).toEqual(BUSY);
    expect(await running).toBe('slept 500');
    expect(await waiting).toBe('waited');
  });

  it('refuses with 503 a file that waited in the queue longer than the time limit', async () => {
    const extractor = pool({ timeoutMs: 1_000 });
    await extractor.extract('txt', command('echo:warm'));
    const first = refusal(extractor.extract('pdf', command('spin')));
    const second = refusal(extractor.extract('pdf', command('spin')));
    const third = refusal(extractor.extract('txt', command('echo:too late')));
    // The first runs out its second; the second then takes the thread; the third has waited too long.
    expect(await third).toEqual(BUSY);
    expect((await first).status).toBe(413);
    expect((await second).status).toBe(413);
  });

  it('replaces a thread that refused a PDF for a limit (413) instead of reusing it', async () => {
    const extractor = pool();
    const first = await extractor.extract('pdf', command('thread'));
    expect(await extractor.extract('pdf', command('thread'))).toBe(first);
    expect(await refusal(extractor.extract('pdf', command('limit')))).toMatchObject({
      status: 413,
    });
    const next = await extractor.extract('pdf', command('thread'));
    expect(next).not.toBe(first);
    expect(extractor.threadCount).toBe(1);
  });

  it("takes owners' files in turn: one owner's queue never waits in front of another's", async () => {
    const extractor = pool();
    const done: string[] = [];
    const flood = [1, 2, 3, 4, 5].map((index) =>
      extractor
        .extract('pdf', command(`sleep:${200 + index}`), { owner: 'flooder' })
        .then((text) => done.push(text)),
    );
    const other = extractor
      .extract('pdf', command('echo:other'), { owner: 'other' })
      .then((text) => done.push(text));
    await Promise.all([...flood, other]);
    // The flooder's first file was being read; the other owner's comes next, not last.
    expect(done).toEqual([
      'slept 201',
      'other',
      'slept 202',
      'slept 203',
      'slept 204',
      'slept 205',
    ]);
  });

  it('refuses an owner with too many files waiting (429, Retry-After) before anyone else', async () => {
    const extractor = pool({ maxQueued: 6, timeoutMs: 5_000 });
    const flood = [1, 2, 3, 4, 5].map((index) =>
      extractor.extract('pdf', command(`sleep:${100 + index}`), { owner: 'flooder' }),
    );
    let refused: unknown;
    try {
      await extractor.extract('pdf', command('echo:sixth'), { owner: 'flooder' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DocumentError);
    expect(documentAnswer(refused)).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: OWNER_BUSY_MESSAGE,
      headers: { 'Retry-After': '5' },
    });
    expect(await extractor.extract('pdf', command('echo:other'), { owner: 'other' })).toBe('other');
    expect(await Promise.all(flood)).toHaveLength(5);
  });

  it('reads at most perOwnerConcurrency files of one owner at once, others beside them', async () => {
    const extractor = pool({ concurrency: 2 });
    const started = performance.now();
    const finished = (promise: Promise<string>) =>
      promise.then(() => Math.round(performance.now() - started));
    const [firstOfA, secondOfA, ofB] = await Promise.all([
      finished(extractor.extract('pdf', command('sleep:400'), { owner: 'a' })),
      finished(extractor.extract('pdf', command('sleep:400'), { owner: 'a' })),
      finished(extractor.extract('pdf', command('sleep:400'), { owner: 'b' })),
    ]);
    // a's second file waits for its first; b's runs beside a's first, on the second thread.
    expect(secondOfA - firstOfA).toBeGreaterThanOrEqual(350);
    expect(ofB).toBeLessThan(secondOfA);
  });

  it('decodes a small .txt at once, without a thread, even while every thread is busy', async () => {
    const extractor = pool({ inlineTextMaxBytes: 1024 });
    const busy = extractor.extract('pdf', command('sleep:1000'));
    const started = performance.now();
    expect(await extractor.extract('txt', command('plain words'), { owner: 'other' })).toBe(
      'plain words',
    );
    expect(performance.now() - started).toBeLessThan(200);
    expect(await refusal(extractor.extract('txt', command('  \n ')))).toMatchObject({
      status: 422,
      code: 'NO_TEXT',
    });
    expect(await busy).toBe('slept 1000');
  });

  it('refuses new work once closed, and frees its threads', async () => {
    const extractor = pool();
    await extractor.extract('txt', command('echo:x'));
    await extractor.close();
    expect(extractor.threadCount).toBe(0);
    await expect(extractor.extract('txt', command('echo:y'))).rejects.toThrow('closed');
  });

  it('runs the real extraction thread from the sources (tsx) by default', async () => {
    expect(defaultThreadEntry().pathname.endsWith('/src/extraction-thread.ts')).toBe(true);
    const extractor = pool({ entry: defaultThreadEntry() });
    const text = await extractor.extract(
      'docx',
      new Uint8Array(buildDocx(['From a real thread.'])),
    );
    expect(text.trim()).toBe('From a real thread.');
  });
});

describe('EXTRACTION_* configuration', () => {
  it('defaults to 30 s, 512 MB and one thread per core but one (1 to 4)', () => {
    expect(createTestConfig().extraction).toEqual({
      timeoutMs: 30_000,
      memoryMb: 512,
      concurrency: defaultExtractionConcurrency(),
    });
    expect([1, 2, 3, 8, 64].map((cores) => defaultExtractionConcurrency(cores))).toEqual([
      1, 1, 2, 4, 4,
    ]);
  });

  it('reads the variables and names a bad one', () => {
    expect(
      createTestConfig(
        {},
        {
          EXTRACTION_TIMEOUT_SECONDS: '5',
          EXTRACTION_MEMORY_MB: '256',
          EXTRACTION_CONCURRENCY: '3',
        },
      ).extraction,
    ).toEqual({ timeoutMs: 5_000, memoryMb: 256, concurrency: 3 });
    for (const [variable, value] of [
      ['EXTRACTION_TIMEOUT_SECONDS', '0'],
      ['EXTRACTION_MEMORY_MB', '32'],
      ['EXTRACTION_CONCURRENCY', 'many'],
    ] as const) {
      expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), [variable]: value })).toThrow(variable);
    }
  });
});
