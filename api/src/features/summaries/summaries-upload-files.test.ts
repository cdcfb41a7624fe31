import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SummaryDto } from '../../domain/summary-response';
import type { ErrorEnvelope } from '../../test/envelope';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import { buildPdf, buildScannedPdf, buildTextPdf } from '../../test/pdf-builder';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import {
  buildDocx,
  buildDocxOfBody,
  buildParagraphBombDocx,
  tinyParagraphs,
} from '../../test/zip-builder';

/*
 * Uploads read in worker threads, through both routes: PDFs (text, scanned, renamed, too
 * large), files with no text, the DOM-bomb .docx, and files that make a thread reach its
 * time or memory limit. Every refusal costs nothing; after a stopped thread the next upload
 * works.
 */

const PAGE_ONE = [
  [
    'Rivers carry sediment from the mountains to the sea, and over centuries',
    'the deposits build deltas where cities grow. Engineers gather infor-',
    'mation about every flood.',
  ],
  ['Dams now trap much of that sediment upstream, so many deltas shrink', 'each year.'],
];
const PAGE_TWO = [
  ['Restoring the flow of sediment is slow work, but some rivers already', 'carry more of it.'],
];
const REPORT = buildTextPdf([
  { header: 'Delta Watch', footer: 'Page 1 of 2', paragraphs: PAGE_ONE },
  { header: 'Delta Watch', footer: 'Page 2 of 2', paragraphs: PAGE_TWO },
]);
const REPORT_TEXT =
  'Rivers carry sediment from the mountains to the sea, and over centuries the deposits build ' +
  'deltas where cities grow. Engineers gather information about every flood.\n\n' +
  'Dams now trap much of that sediment upstream, so many deltas shrink each year.\n\n' +
  'Restoring the flow of sediment is slow work, but some rivers already carry more of it.';

const SCANNED_MESSAGE =
  'This PDF has no readable text: it has no text layer, and no text was found on its scanned pages. Try a sharper scan, or paste the text.';
const UNSUPPORTED = 'Only .txt, .docx, .pdf, .png, .jpg, .jpeg and .webp files are supported';
const BLANK_TXT = 'This text file is empty: it holds no text to summarize.';
const SMALL_DOCX_TEXT =
  'Lighthouses guided ships along dangerous coasts for centuries, their keepers trimming wicks.';

let t: TestApp;
let fake: FakeSummarizer;
let user: TestUser;

beforeAll(async () => {
  fake = createFakeSummarizer();
  t = await createTestApp({ deps: { summarizer: fake } });
});

afterAll(async () => {
  await t.destroy();
});

beforeEach(async () => {
  fake.calls.length = 0;
  user = await t.createUser({ credits: 5 });
});

function fileOf(bytes: Buffer | string, name: string): File {
  return new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);
}

function upload(app: TestApp, file: File, path = '/api/summaries/upload'): Promise<Response> {
  const form = new FormData();
  form.append('file', file);
  return app.request(path, { method: 'POST', token: user.token, body: form });
}

async function expectError(res: Response, status: number, code: string, message: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toMatchObject({ success: false, code, message });
}

async function expectNothingCharged() {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();
  expect(row.credits).toBe(5);
  expect(
    await t.db.selectFrom('summaries').select('id').where('user_id', '=', user.user.id).execute(),
  ).toEqual([]);
  expect(fake.calls).toHaveLength(0);
}

/** Runs `work` while a 10 ms timer measures how late the event loop lets it fire. */
async function withLoopWatch<T>(
  work: () => Promise<T>,
): Promise<{ result: T; maxLagMs: number; rssGrowthMb: number }> {
  let maxLag = 0;
  let last = performance.now();
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const timer = setInterval(() => {
    const now = performance.now();
    maxLag = Math.max(maxLag, now - last - 10);
    last = now;
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await work();
    return {
      result,
      maxLagMs: Math.round(maxLag),
      rssGrowthMb: Math.round((rssPeak - rssBefore) / 2 ** 20),
    };
  } finally {
    clearInterval(timer);
  }
}

/** The scanned pages of the evaluation data (read at test time, never copied in). */
const SCANNED_PHOTO = join(import.meta.dirname, '../../../../../shared/data/ocr/page-02.jpg');

describe('photo and scan uploads', () => {
  it.skipIf(!existsSync(SCANNED_PHOTO))(
    'summarizes a photographed page read by OCR: source image, ocr true (skipped without shared/data)',
    async () => {
      const res = await upload(t, fileOf(readFileSync(SCANNED_PHOTO), 'page.jpg'));
      expect(res.status).toBe(201);
      const body = (await res.json()) as { data: { summary: SummaryDto } };
      expect(body.data.summary).toMatchObject({ source: 'image', ocr: true, fileName: 'page.jpg' });
      expect(body.data.summary.originalContent).toContain('YouTube star Promise Tamang');
    },
    120_000,
  );
});

describe('PDF uploads', () => {
  it('summarizes a text PDF: pages joined, hyphenation mended, header, footer and page numbers gone', async () => {
    const res = await upload(t, fileOf(REPORT, 'Delta Watch.PDF'));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { summary: SummaryDto; updatedCredits: number } };
    expect(body.data.updatedCredits).toBe(4);
    expect(body.data.summary).toMatchObject({
      originalContent: REPORT_TEXT,
      source: 'pdf',
      fileName: 'Delta Watch.PDF',
    });
    expect(fake.calls.map((call) => call.text)).toEqual([REPORT_TEXT]);
  });

  it('answers a scanned PDF (an image, no text layer) with 422 NO_TEXT and charges nothing', async () => {
    await expectError(
      await upload(t, fileOf(buildScannedPdf(3), 'scan.pdf')),
      422,
      'NO_TEXT',
      SCANNED_MESSAGE,
    );
    await expectNothingCharged();
  });

  it('refuses a renamed binary, a renamed .docx and plain text named .pdf with 415', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    for (const file of [
      fileOf(png, 'photo.pdf'),
      fileOf(buildDocx([SMALL_DOCX_TEXT]), 'letter.pdf'),
      fileOf(SMALL_DOCX_TEXT, 'notes.pdf'),
    ]) {
      await expectError(await upload(t, file), 415, 'UNSUPPORTED_FILE_TYPE', UNSUPPORTED);
    }
    await expectError(
      await upload(t, fileOf(REPORT.subarray(0, 200), 'cut.pdf')),
      415,
      'UNSUPPORTED_FILE_TYPE',
      'The PDF file is damaged or incomplete',
    );
    await expectNothingCharged();
  });

  it('refuses a real PDF over 10 MB with 413', async () => {
    // A page holding an uncompressed image of 10 MB and 4 KB.
    const big = buildPdf([
      {
        lines: [{ text: 'A very large scan.', x: 72, y: 740 }],
        images: [
          { columns: 2048, rows: 5122, uncompressed: true, x: 36, y: 36, width: 540, height: 680 },
        ],
      },
    ]);
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    await expectError(
      await upload(t, fileOf(big, 'huge.pdf')),
      413,
      'PAYLOAD_TOO_LARGE',
      'File exceeds the 10MB limit',
    );
    await expectNothingCharged();
  });

  it('goes through the same extraction when queued (/upload/async)', async () => {
    // An app of its own: its job workers poll the database, which the other tests do not need.
    const queuedApp = await createTestApp({ database: t.database, deps: { summarizer: fake } });
    try {
      await queuedApp.startWorkers(1);
      const queued = await upload(
        queuedApp,
        fileOf(REPORT, 'report.pdf'),
        '/api/summaries/upload/async',
      );
      expect(queued.status).toBe(202);
      const { jobId } = ((await queued.json()) as { data: { jobId: string } }).data;
      const status = await waitForJob(queuedApp, jobId);
      expect(status).toMatchObject({ state: 'completed' });
      expect(status.summary).toMatchObject({
        originalContent: REPORT_TEXT,
        source: 'pdf',
        fileName: 'report.pdf',
      });

      // A scanned file is refused when it is queued, as /upload refuses it: nothing charged.
      const scanned = await upload(
        queuedApp,
        fileOf(buildScannedPdf(), 'scan.pdf'),
        '/api/summaries/upload/async',
      );
      await expectError(scanned, 422, 'NO_TEXT', SCANNED_MESSAGE);
      const row = await t.db
        .selectFrom('users')
        .select('credits')
        .where('id', '=', user.user.id)
        .executeTakeFirstOrThrow();
      expect(row.credits).toBe(4);
    } finally {
      await queuedApp.destroy();
    }
  });
});

async function waitForJob(
  app: TestApp,
  jobId: string,
): Promise<{ state: string; error?: string; summary?: SummaryDto }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await app.request(`/api/summaries/job/${jobId}?queue=file-processing`, {
      token: user.token,
    });
    const { data } = (await res.json()) as {
      data: { state: string; error?: string; summary?: SummaryDto };
    };
    if (data.state === 'completed' || data.state === 'failed') return data;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${data.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('files with no text', () => {
  it('answers an empty .docx and a blank .txt with 422 NO_TEXT and a sentence for each', async () => {
    await expectError(
      await upload(t, fileOf(buildDocx(['', '   ']), 'empty.docx')),
      422,
      'NO_TEXT',
      'This .docx file has no text to summarize (it may hold only images). Add some text, or paste it instead.',
    );
    await expectError(await upload(t, fileOf('\n\n \t', 'blank.txt')), 422, 'NO_TEXT', BLANK_TXT);
    await expectNothingCharged();
  });

  it('keeps the 400 for text that is there but shorter than 50 characters', async () => {
    const res = await upload(
      t,
      fileOf(buildTextPdf([{ paragraphs: [['Too short to summarize.']] }]), 'short.pdf'),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Content must be at least 50 characters (current: 23)',
      errors: [{ field: 'file', message: 'Content must be at least 50 characters (current: 23)' }],
    });
    await expectNothingCharged();
  });
});

describe('hostile .docx files', () => {
  it('refuses the DOM bomb quickly while the event loop keeps turning', async () => {
    const bomb = buildParagraphBombDocx();
    const started = performance.now();
    const {
      result: res,
      maxLagMs,
      rssGrowthMb,
    } = await withLoopWatch(() => upload(t, fileOf(bomb, 'bomb.docx')));
    const elapsedMs = Math.round(performance.now() - started);
    console.info(
      `DOM bomb upload: ${elapsedMs} ms, event loop late by ${maxLagMs} ms at most, RSS +${rssGrowthMb} MB`,
    );
    const message = 'Content exceeds maximum 500,000 characters (current: at least 520000)';
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorEnvelope).errors).toEqual([{ field: 'file', message }]);
    expect(maxLagMs).toBeLessThan(200);
    expect(elapsedMs).toBeLessThan(15_000);
    await expectNothingCharged();
  });

  it('answers 413 when reading takes past the time limit, and the next upload works', async () => {
    const strict = await createTestApp({
      database: t.database,
      deps: { summarizer: fake },
      config: { extraction: { timeoutMs: 800, memoryMb: 512, concurrency: 1 } },
    });
    try {
      // The thread starts on the first file; the watch below is about reading, not starting.
      await expectError(await upload(strict, fileOf(' ', 'warm.txt')), 422, 'NO_TEXT', BLANK_TXT);
      // 45,000 paragraphs: under every scan limit, yet seconds of work for mammoth.
      const heavy = buildDocxOfBody(tinyParagraphs(45_000, 1));
      const { result: res, maxLagMs } = await withLoopWatch(() =>
        upload(strict, fileOf(heavy, 'heavy.docx')),
      );
      await expectError(
        res,
        413,
        'PAYLOAD_TOO_LARGE',
        'The file took too long to read (over 0.8 seconds). It may be too large or too complex; try a smaller file, or paste its text.',
      );
      expect(maxLagMs).toBeLessThan(200);
      await expectNothingCharged();
      const next = await upload(strict, fileOf(buildDocx([SMALL_DOCX_TEXT]), 'next.docx'));
      expect(next.status).toBe(201);
    } finally {
      await strict.destroy();
    }
  });

  it('answers 413 when reading needs more than the memory limit, and the next upload works', async () => {
    const small = await createTestApp({
      database: t.database,
      deps: { summarizer: fake },
      config: { extraction: { timeoutMs: 60_000, memoryMb: 128, concurrency: 1 } },
    });
    try {
      const heavy = buildDocxOfBody(tinyParagraphs(45_000, 1));
      const { result: res, rssGrowthMb } = await withLoopWatch(() =>
        upload(small, fileOf(heavy, 'heavy.docx')),
      );
      console.info(`memory limit of 128 MB reached: RSS +${rssGrowthMb} MB at most`);
      await expectError(
        res,
        413,
        'PAYLOAD_TOO_LARGE',
        'The file needs more memory to read than the server allows (128 MB). It may be too large or too complex; try a smaller file, or paste its text.',
      );
      await expectNothingCharged();
      const next = await upload(small, fileOf(REPORT, 'next.pdf'));
      expect(next.status).toBe(201);
    } finally {
      await small.destroy();
    }
  });
});
