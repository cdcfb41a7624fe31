import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DocumentError } from '../../documents/document-error';
import type { DocumentErrorKind } from '../../documents/document-error';
import type {
  DocumentReader,
  FileDocument,
  ReadOptions,
  WebDocument,
} from '../../documents/document-reader';
import type { SummaryDto } from '../../domain/summary-response';
import type { ErrorEnvelope } from '../../test/envelope';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import { readEvents } from '../../test/server-sent-events';
import type { ReceivedEvent } from '../../test/server-sent-events';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';

/*
 * Issue 27 on the summaries' side (API.md round 3): a summary from a web address (`url` in POST
 * /api/summaries, /stream and /async) or from a file read with progress (/upload/stream), the
 * source's details stored and answered (sourceUrl, sourceTitle, ocr, pageBreaks), every refusal
 * of the documents module answered with its status and code, and nothing charged for any of
 * them. The documents module is replaced by a scripted reader here; its own tests (and
 * summary-sources-real.test.ts) read real pages and scans.
 */

const ARTICLE =
  'The river authority published its annual report on Monday. Water levels in the northern ' +
  'reservoirs rose by twelve percent after a wet spring. Engineers plan to repair the old weir ' +
  'before the autumn floods. Farmers downstream welcomed the news but asked for earlier warnings.';

interface Script {
  /** What readUrl / readFile give, or the error they throw. */
  page: Omit<WebDocument, 'text'> & { text: string };
  file: Omit<FileDocument, 'text'> & { text: string };
  error: DocumentError | null;
  /** Progress reported before answering. */
  progress: NonNullable<Parameters<NonNullable<ReadOptions['onProgress']>>[0]>[];
  /** Resolves when the read may answer (default at once). */
  hold: Promise<void> | null;
  calls: { kind: 'url' | 'file'; target: string; options: ReadOptions }[];
}

const script: Script = {
  page: pageOf(ARTICLE),
  file: fileDocOf(ARTICLE),
  error: null,
  progress: [],
  hold: null,
  calls: [],
};

function pageOf(text: string): WebDocument {
  return {
    text,
    format: 'html',
    title: 'River report 2026',
    ocr: false,
    pageBreaks: [],
    sections: [],
    hiddenText: [],
    url: 'https://news.example.org/river-report',
  };
}

function fileDocOf(text: string): FileDocument {
  return {
    text,
    format: 'pdf',
    title: null,
    ocr: true,
    pageBreaks: [text.indexOf('Engineers')],
    sections: [],
    hiddenText: [],
    fileName: 'scan.pdf',
  };
}

async function answer<T>(document: T, options: ReadOptions): Promise<T> {
  for (const progress of script.progress) options.onProgress?.(progress);
  if (script.hold) {
    const aborted = new Promise<never>((_, reject) => {
      options.signal?.addEventListener('abort', () => reject(options.signal?.reason), {
        once: true,
      });
    });
    await Promise.race([script.hold, aborted]);
  }
  if (script.error) throw script.error;
  return document;
}

const reader: DocumentReader = {
  readUrl(url, options = {}) {
    script.calls.push({ kind: 'url', target: url, options });
    return answer(script.page, options);
  },
  readFile(file, options = {}) {
    script.calls.push({ kind: 'file', target: file.name, options });
    return answer(script.file, options);
  },
  close: () => Promise.resolve(),
};

let t: TestApp;
let fake: FakeSummarizer;
let user: TestUser;

beforeAll(async () => {
  fake = createFakeSummarizer();
  t = await createTestApp({ deps: { summarizer: fake, documents: reader } });
});

afterAll(() => t.destroy());

beforeEach(async () => {
  script.page = pageOf(ARTICLE);
  script.file = fileDocOf(ARTICLE);
  script.error = null;
  script.progress = [];
  script.hold = null;
  script.calls.length = 0;
  fake.calls.length = 0;
  user = await t.createUser({ credits: 3 });
});

function create(body: unknown, path = '/api/summaries') {
  return t.request(path, { method: 'POST', token: user.token, json: body });
}

function uploadStream(file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('length', 'short');
  return t.request('/api/summaries/upload/stream', {
    method: 'POST',
    token: user.token,
    body: form,
  });
}

async function account() {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();
  const summaries = await t.db
    .selectFrom('summaries')
    .select('id')
    .where('user_id', '=', user.user.id)
    .execute();
  return { credits: row.credits, summaries: summaries.length };
}

async function expectNothingCharged() {
  expect(await account()).toEqual({ credits: 3, summaries: 0 });
}

async function allEvents(res: Response): Promise<ReceivedEvent[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  if (!res.body) throw new Error('no body');
  return readEvents(res.body).rest();
}

describe('POST /api/summaries with url', () => {
  it('summarizes the page for 1 credit, storing its address after redirects and its title', async () => {
    const res = await create({ url: '  https://news.example.org/r?id=7  ', length: 'short' });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as {
      data: { summary: SummaryDto; updatedCredits: number };
    };
    expect(data.updatedCredits).toBe(2);
    expect(data.summary).toMatchObject({
      source: 'url',
      sourceUrl: 'https://news.example.org/river-report',
      sourceTitle: 'River report 2026',
      fileName: null,
      ocr: false,
      pageBreaks: [],
      originalContent: ARTICLE,
      length: 'short',
    });
    expect(script.calls).toHaveLength(1);
    expect(script.calls[0]).toMatchObject({
      kind: 'url',
      target: 'https://news.example.org/r?id=7',
      options: { owner: user.user.id },
    });
    expect(fake.calls[0]?.text).toBe(ARTICLE);
    const again = await t.request(`/api/summaries/${data.summary.id}`, { token: user.token });
    expect(((await again.json()) as { data: { summary: SummaryDto } }).data.summary).toMatchObject({
      source: 'url',
      sourceUrl: 'https://news.example.org/river-report',
    });
    expect(await account()).toEqual({ credits: 2, summaries: 1 });
  });

  it.each<[string, unknown, string, string]>([
    [
      'both content and url',
      { content: ARTICLE, url: 'https://a.example/' },
      'url',
      'Send either content or url, not both',
    ],
    ['neither', { length: 'short' }, 'content', 'Content is required'],
    [
      'an address that is not one',
      { url: 'not an address' },
      'url',
      'Page address must be a web address starting with http:// or https://',
    ],
    [
      'an empty address',
      { url: '   ' },
      'url',
      'Page address must be a web address starting with http:// or https://',
    ],
    [
      'an address over 2,048 characters',
      { url: `https://a.example/${'x'.repeat(2040)}` },
      'url',
      'Page address must be at most 2,048 characters',
    ],
    ['an address that is not text', { url: 42 }, 'url', 'Page address must be text'],
  ])(
    'refuses %s with a 400 on the field, before anything is read',
    async (_, body, field, message) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      const error = (await res.json()) as ErrorEnvelope;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.errors).toContainEqual({ field, message });
      expect(script.calls).toHaveLength(0);
      await expectNothingCharged();
    },
  );

  it.each<[DocumentErrorKind, number, string]>([
    ['not-allowed', 400, 'URL_NOT_ALLOWED'],
    ['unreachable', 422, 'URL_UNREACHABLE'],
    ['unsupported', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['too-large', 413, 'PAYLOAD_TOO_LARGE'],
    ['no-text', 422, 'NO_TEXT'],
  ])(
    'answers a page the reader refuses as %s with %i %s, charging nothing',
    async (kind, status, code) => {
      script.error = new DocumentError(kind, `Why, in words (${kind}).`);
      const res = await create({ url: 'https://news.example.org/' });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({
        success: false,
        code,
        message: `Why, in words (${kind}).`,
      });
      expect(fake.calls).toHaveLength(0);
      await expectNothingCharged();
    },
  );

  it('holds the text of a page to 50..500,000 characters: 413 past it, 400 under it', async () => {
    script.page = pageOf(`${'A long line of the report. '.repeat(18_519)}`);
    const long = await create({ url: 'https://news.example.org/' });
    expect(long.status).toBe(413);
    expect(((await long.json()) as ErrorEnvelope).message).toMatch(
      /^Content exceeds maximum 500,000 characters \(current: 50001\d\)$/,
    );
    script.page = pageOf('Too short.');
    const short = await create({ url: 'https://news.example.org/' });
    expect(short.status).toBe(400);
    expect(((await short.json()) as ErrorEnvelope).errors).toEqual([
      { field: 'url', message: 'Content must be at least 50 characters (current: 10)' },
    ]);
    await expectNothingCharged();
  });

  it('accepts a page of 400,000 characters (a long report) for 1 credit', async () => {
    const text = 'The report covers the year in detail. '.repeat(10_526).trim();
    expect(text.length).toBeGreaterThan(399_000);
    script.page = pageOf(text);
    const res = await create({ url: 'https://news.example.org/' });
    expect(res.status).toBe(201);
    expect(await account()).toEqual({ credits: 2, summaries: 1 });
  });

  it('queues a page with POST /async: read now, summarized by a worker, its details kept', async () => {
    const res = await create({ url: 'https://news.example.org/' }, '/api/summaries/async');
    expect(res.status).toBe(202);
    const { data } = (await res.json()) as { data: { jobId: string; queue: string } };
    expect(data.queue).toBe('file-processing');
    expect(script.calls).toHaveLength(1);
    await t.startWorkers(1);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const status = await t.request(`/api/summaries/job/${data.jobId}?queue=file-processing`, {
        token: user.token,
      });
      const body = (await status.json()) as {
        data: { state: string; result?: { summary: SummaryDto } };
      };
      if (body.data.state === 'completed') {
        const summary = await t.db
          .selectFrom('summaries')
          .select(['source', 'source_url', 'source_title', 'ocr', 'page_breaks'])
          .where('user_id', '=', user.user.id)
          .executeTakeFirstOrThrow();
        expect(summary).toEqual({
          source: 'url',
          source_url: 'https://news.example.org/river-report',
          source_title: 'River report 2026',
          ocr: false,
          page_breaks: [],
        });
        break;
      }
      expect(body.data.state).not.toBe('failed');
      if (Date.now() > deadline) throw new Error(`job still ${body.data.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

describe('POST /api/summaries/stream with url', () => {
  it('reports fetching, reading and summarizing before the text, then done with the page', async () => {
    script.progress = [{ stage: 'fetching' }, { stage: 'reading' }];
    const events = await allEvents(
      await create({ url: 'https://news.example.org/' }, '/api/summaries/stream'),
    );
    const names = events.map((event) => event.event);
    expect(names.slice(0, 3)).toEqual(['progress', 'progress', 'progress']);
    expect(events.slice(0, 3).map((event) => event.data)).toEqual([
      { stage: 'fetching' },
      { stage: 'reading' },
      { stage: 'summarizing' },
    ]);
    expect(names.slice(3, -1).every((name) => name === 'delta')).toBe(true);
    expect(names.at(-1)).toBe('done');
    const done = events.at(-1)?.data as { summary: SummaryDto; updatedCredits: number };
    expect(done.summary).toMatchObject({ source: 'url', sourceTitle: 'River report 2026' });
    expect(done.updatedCredits).toBe(2);
  });

  it('ends with an error event naming the refusal when the page cannot be read, charging nothing', async () => {
    script.progress = [{ stage: 'fetching' }];
    script.error = new DocumentError(
      'not-allowed',
      'This address points inside a private network.',
    );
    const events = await allEvents(
      await create({ url: 'http://10.0.0.1/' }, '/api/summaries/stream'),
    );
    expect(events).toEqual([
      { event: 'progress', data: { stage: 'fetching' } },
      {
        event: 'error',
        data: { code: 'URL_NOT_ALLOWED', message: 'This address points inside a private network.' },
      },
    ]);
    await expectNothingCharged();
  });

  it('sends pasted text as before: no progress events', async () => {
    const events = await allEvents(await create({ content: ARTICLE }, '/api/summaries/stream'));
    expect(events.some((event) => event.event === 'progress')).toBe(false);
    expect(events.at(-1)?.event).toBe('done');
    expect(script.calls).toHaveLength(0);
  });

  it('stops reading when the client leaves, charging nothing', async () => {
    let release: () => void = () => undefined;
    script.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const controller = new AbortController();
    const res = await t.request('/api/summaries/stream', {
      method: 'POST',
      token: user.token,
      json: { url: 'https://news.example.org/' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    await expect.poll(() => script.calls.length).toBe(1);
    controller.abort();
    await expect.poll(() => script.calls[0]?.options.signal?.aborted).toBe(true);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls).toHaveLength(0);
    await expectNothingCharged();
  });
});

describe('POST /api/summaries/upload/stream', () => {
  it('streams a scan: reading, OCR page by page, summarizing, then the summary with ocr and its page breaks', async () => {
    script.progress = [
      { stage: 'reading' },
      { stage: 'ocr', page: 1, pages: 2 },
      { stage: 'ocr', page: 2, pages: 2 },
    ];
    const events = await allEvents(await uploadStream(new File(['%PDF-1.7 stand-in'], 'scan.pdf')));
    expect(events.filter((event) => event.event === 'progress').map((event) => event.data)).toEqual(
      [
        { stage: 'reading' },
        { stage: 'ocr', page: 1, pages: 2 },
        { stage: 'ocr', page: 2, pages: 2 },
        { stage: 'summarizing' },
      ],
    );
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect((done?.data as { summary: SummaryDto }).summary).toMatchObject({
      source: 'pdf',
      fileName: 'scan.pdf',
      ocr: true,
      pageBreaks: [ARTICLE.indexOf('Engineers')],
      length: 'short',
    });
    expect(script.calls[0]).toMatchObject({ kind: 'file', target: 'scan.pdf' });
    expect(await account()).toEqual({ credits: 2, summaries: 1 });
  });

  it('keeps a photo as source image', async () => {
    script.file = { ...fileDocOf(ARTICLE), format: 'image', pageBreaks: [], fileName: 'notes.jpg' };
    const events = await allEvents(await uploadStream(new File(['jpeg stand-in'], 'notes.jpg')));
    expect((events.at(-1)?.data as { summary: SummaryDto }).summary).toMatchObject({
      source: 'image',
      ocr: true,
      fileName: 'notes.jpg',
    });
  });

  it('ends with NO_TEXT for a scan without text, charging nothing', async () => {
    script.error = new DocumentError('no-text', 'This scan has no text Brevity could read.');
    const events = await allEvents(await uploadStream(new File(['png'], 'blank.png')));
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'NO_TEXT', message: 'This scan has no text Brevity could read.' },
    });
    await expectNothingCharged();
  });

  it('answers 402 in JSON before reading, for a user without credits', async () => {
    const poor = await t.createUser({ credits: 0 });
    const form = new FormData();
    form.append('file', new File([ARTICLE], 'notes.txt'));
    const res = await t.request('/api/summaries/upload/stream', {
      method: 'POST',
      token: poor.token,
      body: form,
    });
    expect(res.status).toBe(402);
    expect(((await res.json()) as ErrorEnvelope).code).toBe('INSUFFICIENT_CREDITS');
    expect(script.calls).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    const form = new FormData();
    form.append('file', new File([ARTICLE], 'notes.txt'));
    const res = await t.request('/api/summaries/upload/stream', { method: 'POST', body: form });
    expect(res.status).toBe(401);
  });
});
