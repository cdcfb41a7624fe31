import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listCreditMovements } from '../../test/credit-ledger';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import type { SummaryDto } from '../../domain/summary-response';
import { buildDocx, buildZip, deflatedZeros, docxEntries } from '../../test/zip-builder';
import type { ErrorEnvelope } from '../../test/envelope';

const TEXT =
  'Rivers carry sediment from the mountains to the sea. Over centuries the deposits build deltas, ' +
  'fertile plains where cities grow. Dams now trap much of that sediment upstream.';

const UNSUPPORTED = 'Only .txt, .docx, .pdf, .png, .jpg, .jpeg and .webp files are supported';

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

function upload(file: File | string | null, token = user.token): Promise<Response> {
  const form = new FormData();
  if (file !== null) form.append('file', file);
  return t.request('/api/summaries/upload', { method: 'POST', token, body: form });
}

function fileOf(bytes: Buffer | string, name: string): File {
  return new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);
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

describe('POST /api/summaries/upload: accepted files', () => {
  it('summarizes a UTF-8 .txt, dropping its byte order mark, for 1 credit', async () => {
    const res = await upload(fileOf(Buffer.from(`\uFEFF${TEXT}\n`, 'utf8'), 'river notes.txt'));
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      success: true;
      data: { summary: SummaryDto; updatedCredits: number };
    };
    expect(body.success).toBe(true);
    expect(body.data.updatedCredits).toBe(4);
    expect(body.data.summary).toMatchObject({
      originalContent: TEXT,
      source: 'txt',
      fileName: 'river notes.txt',
      customPrompt: null,
      reviewStatus: 'pending',
    });
    expect(fake.calls).toEqual([
      {
        text: TEXT,
        customPrompt: null,
        length: 'medium',
        format: 'paragraph',
        sourceLanguage: 'en',
      },
    ]);
    const ledger = await listCreditMovements(t.db, user.user.id);
    expect(ledger.at(-1)).toMatchObject({
      reason: 'summary',
      amount: -1,
      balance_after: 4,
      summary_id: body.data.summary.id,
    });
  });

  it('summarizes a real .docx built from scratch', async () => {
    const paragraphs = [
      'Rivers carry sediment from the mountains to the sea.',
      'Dams now trap much of it upstream, & deltas shrink.',
    ];
    const res = await upload(fileOf(buildDocx(paragraphs), 'C:\\fakepath\\Delta Report.DOCX'));
    expect(res.status).toBe(201);
    const { summary } = ((await res.json()) as { data: { summary: SummaryDto } }).data;
    expect(summary).toMatchObject({
      originalContent: paragraphs.join('\n\n'),
      source: 'docx',
      fileName: 'Delta Report.DOCX',
    });
  });
});

describe('POST /api/summaries/upload: refused files', () => {
  it('asks for a file when there is none', async () => {
    for (const res of [
      await upload(null),
      await upload('just a string field'),
      await upload(new File([], '')),
      await t.request('/api/summaries/upload', {
        method: 'POST',
        token: user.token,
        json: { file: 'x' },
      }),
      await t.request('/api/summaries/upload', { method: 'POST', token: user.token }),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Please select a file first',
        errors: [{ field: 'file', message: 'Please select a file first' }],
      });
    }
    await expectNothingCharged();
  });

  it('refuses other extensions, and binary content whatever its name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const oleDoc = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512, 1)]);
    const pdf = Buffer.from(`%PDF-1.4\n${TEXT}\n%%EOF`, 'latin1');
    const random = Buffer.from(
      Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256),
    );
    for (const file of [
      fileOf(TEXT, 'notes.pdf'),
      fileOf(TEXT, 'notes.md'),
      fileOf(TEXT, 'notes'),
      fileOf(png, 'photo.docx'),
      fileOf(png, 'photo.txt'),
      fileOf(oleDoc, 'legacy.docx'),
      fileOf(oleDoc, 'legacy.txt'),
      fileOf(pdf, 'paper.txt'),
      fileOf(pdf, 'paper.docx'),
      fileOf(random, 'noise.txt'),
      fileOf(random, 'noise.docx'),
      fileOf(buildZip([{ name: 'readme.txt', data: TEXT }]), 'archive.docx'),
    ]) {
      await expectError(await upload(file), 415, 'UNSUPPORTED_FILE_TYPE', UNSUPPORTED);
    }
    await expectNothingCharged();
  });

  it('refuses a .txt that is not UTF-8', async () => {
    await expectError(
      await upload(fileOf(Buffer.from(`Caf\xe9 ${TEXT}`, 'latin1'), 'latin1.txt')),
      415,
      'UNSUPPORTED_FILE_TYPE',
      'The text file is not UTF-8. Please save it as UTF-8 and try again.',
    );
    await expectNothingCharged();
  });

  it('refuses a truncated .docx, an encrypted one and one with a bad checksum', async () => {
    const docx = buildDocx([TEXT]);
    await expectError(
      await upload(fileOf(docx.subarray(0, docx.length - 30), 'cut.docx')),
      415,
      'UNSUPPORTED_FILE_TYPE',
      'The .docx file is damaged or incomplete',
    );
    const encrypted = buildZip(docxEntries([TEXT]).map((entry) => ({ ...entry, flags: 0x1 })));
    await expectError(
      await upload(fileOf(encrypted, 'locked.docx')),
      415,
      'UNSUPPORTED_FILE_TYPE',
      'Password-protected .docx files are not supported',
    );
    const tampered = buildZip(docxEntries([TEXT]).map((entry) => ({ ...entry, declaredCrc32: 7 })));
    await expectError(
      await upload(fileOf(tampered, 'tampered.docx')),
      415,
      'UNSUPPORTED_FILE_TYPE',
      'The .docx file is damaged or incomplete',
    );
    await expectNothingCharged();
  });

  it('refuses zip bombs quickly and without inflating them', async () => {
    const bombs = {
      // Declares its true size: 400 MB of zeros from about 400 KB.
      honest: buildZip([
        ...docxEntries([TEXT]),
        {
          name: 'word/media/zeros.bin',
          packed: deflatedZeros(400),
          declaredSize: 400 * 1024 * 1024,
        },
      ]),
      // Declares 4 KB for the same 400 MB: caught by the capped inflate.
      lying: buildZip([
        ...docxEntries([TEXT]),
        { name: 'word/media/zeros.bin', packed: deflatedZeros(400), declaredSize: 4096 },
      ]),
      // The document itself lies.
      lyingDocument: buildZip([
        ...docxEntries([TEXT]).filter((entry) => entry.name !== 'word/document.xml'),
        { name: 'word/document.xml', packed: deflatedZeros(400), declaredSize: 2048 },
      ]),
      // Many small entries.
      crowded: buildZip([
        ...docxEntries([TEXT]),
        ...Array.from({ length: 2_000 }, (_, index) => ({
          name: `word/media/${index}.bin`,
          data: '',
          method: 0,
        })),
      ]),
    };
    const timings: Record<string, number> = {};
    for (const [name, archive] of Object.entries(bombs)) {
      const file = fileOf(archive, `${name}.docx`);
      const rssBefore = process.memoryUsage().rss;
      const started = performance.now();
      const res = await upload(file);
      timings[name] = Math.round(performance.now() - started);
      const rssGrowth = process.memoryUsage().rss - rssBefore;
      await expectError(
        res,
        413,
        'PAYLOAD_TOO_LARGE',
        'The .docx file is too large to process once unpacked',
      );
      expect(timings[name], name).toBeLessThan(1_000);
      expect(rssGrowth, name).toBeLessThan(50 * 1024 * 1024);
    }
    console.info(`zip bomb refusals (ms): ${JSON.stringify(timings)}`);
    await expectNothingCharged();
  });

  it('applies the text rules to the extracted text, naming the field file', async () => {
    const short = await upload(fileOf(buildDocx(['Too short to summarize.']), 'short.docx'));
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Content must be at least 50 characters (current: 23)',
      errors: [{ field: 'file', message: 'Content must be at least 50 characters (current: 23)' }],
    });
    await expectError(
      await upload(fileOf('  \n\t ', 'blank.txt')),
      422,
      'NO_TEXT',
      'This text file is empty: it holds no text to summarize.',
    );
    await expectError(
      await upload(fileOf('😀'.repeat(500_001), 'long.txt')),
      400,
      'VALIDATION_ERROR',
      'Content exceeds maximum 500,000 characters (current: 500001)',
    );
    await expectError(
      await upload(fileOf(Buffer.from('a'.repeat(9 * 1024 * 1024)), 'nine-megabytes.txt')),
      400,
      'VALIDATION_ERROR',
      `Content exceeds maximum 500,000 characters (current: ${9 * 1024 * 1024})`,
    );
    await expectNothingCharged();
  });

  it('answers 413 over 10 MB: by the body limit, and by the file size just over it', async () => {
    const eleven = await upload(fileOf(Buffer.alloc(11 * 1024 * 1024, 0x61), 'eleven.txt'));
    expect(eleven.status).toBe(413);
    expect(((await eleven.json()) as ErrorEnvelope).code).toBe('PAYLOAD_TOO_LARGE');
    await expectError(
      await upload(fileOf(Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), 'just-over.txt')),
      413,
      'PAYLOAD_TOO_LARGE',
      'File exceeds the 10MB limit',
    );
    await expectNothingCharged();
  });

  it('answers 402 with no credits before reading the file', async () => {
    const broke = await t.createUser({ credits: 0 });
    await expectError(
      await upload(fileOf(Buffer.from('d0cf11e0a1b11ae1', 'hex'), 'legacy.docx'), broke.token),
      402,
      'INSUFFICIENT_CREDITS',
      'Insufficient credits. Please contact support to recharge your account.',
    );
    expect(fake.calls).toHaveLength(0);
  });
});
