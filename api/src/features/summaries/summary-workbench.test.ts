import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listCreditMovements } from '../../test/credit-ledger';
import type { SummaryDto, SummaryVersionDto } from '../../domain/summary-response';
import type { SummarizeInput, SummaryResult } from '../../summarizer/summarizer';
import { createBarrier, createFakeSummarizer } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import { UNKNOWN_ID } from '../../test/envelope';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { FORMAT_MESSAGE, LENGTH_MESSAGE } from './summaries.schemas';

/*
 * API.md "Additions" for a summary's length and format, source map, keywords, versions and
 * restore, staff edits as versions, and creating with length and format on every route. The
 * summarizer is a fake that answers in the requested shape with a source map, keywords and an
 * unverified term, so the test can see each field travel from the summarizer to the response.
 */

const SENTENCES = [
  'The committee met on Tuesday to review the budget.',
  'It approved new funding for the library.',
  'Members also discussed the timeline for the bridge repairs, which will start in spring.',
];
const TEXT = SENTENCES.join(' ');
const RICH_MODEL = 'rich-model-002';

/** The fake's answer: the first one (tldr, short), two or three source sentences, as asked. */
function richAnswer(input: SummarizeInput): Omit<SummaryResult, 'processingTimeMs'> {
  const count =
    input.format === 'tldr' || input.length === 'short' ? 1 : input.length === 'medium' ? 2 : 3;
  const picked = SENTENCES.slice(0, count).map((sentence) => {
    const start = input.text.indexOf(sentence);
    return { text: sentence, sources: start < 0 ? [] : [{ start, end: start + sentence.length }] };
  });
  const lines = picked.map((entry) => entry.text);
  const body =
    input.format === 'bullets' ? lines.map((line) => `- ${line}`).join('\n') : lines.join(' ');
  const prompt = input.customPrompt === null ? '' : ` Note 2031 [${input.customPrompt}]`;
  return {
    summary: `${body}${prompt}`,
    sourceMap: picked,
    keywords: ['committee', 'budget'],
    unverified: input.customPrompt === null ? [] : ['2031'],
    model: RICH_MODEL,
    isFallback: false,
    fallbackReason: null,
  };
}

let t: TestApp;
let fake: FakeSummarizer;
/** Fields the next answers take instead of richAnswer's; reset before each test. */
let override: Partial<SummaryResult> = {};

beforeAll(async () => {
  fake = createFakeSummarizer();
  const recordCall = fake.summarize.bind(fake);
  fake.summarize = async (input, signal) => {
    const recorded = await recordCall(input, signal);
    return { ...recorded, ...richAnswer(input), ...override };
  };
  t = await createTestApp({ deps: { summarizer: fake } });
  await t.startWorkers(1);
});

afterAll(async () => {
  await t.destroy();
});

beforeEach(() => {
  fake.calls.length = 0;
  fake.beforeAnswer = null;
  override = {};
});

function create(user: TestUser, body: unknown) {
  return t.request('/api/summaries', { method: 'POST', token: user.token, json: body });
}

async function createOk(user: TestUser, body: Record<string, unknown> = {}): Promise<SummaryDto> {
  const res = await create(user, { content: TEXT, ...body });
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

function uploadForm(fields: Record<string, string>, text = TEXT): FormData {
  const form = new FormData();
  form.append('file', new File([Buffer.from(text, 'utf8')], 'minutes.txt'));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

async function credits(user: TestUser): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();
  return row.credits;
}

async function expectFieldError(res: Response, field: string, message: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorEnvelope;
  expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  expect(body.errors).toEqual([{ field, message }]);
}

async function expectNotFound(res: Response, message = 'Summary not found') {
  expect(res.status).toBe(404);
  expect((await res.json()) as ErrorEnvelope).toMatchObject({ code: 'NOT_FOUND', message });
}

function regenerate(user: TestUser, id: string, body: unknown) {
  return t.request(`/api/summaries/${id}/regenerate`, {
    method: 'POST',
    token: user.token,
    json: body,
  });
}

async function versionsOf(user: TestUser, id: string): Promise<SummaryVersionDto[]> {
  const res = await t.request(`/api/summaries/${id}/versions`, { token: user.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<{ versions: SummaryVersionDto[] }>).data.versions;
}

function restore(user: TestUser, id: string, version: number | string) {
  return t.request(`/api/summaries/${id}/versions/${version}/restore`, {
    method: 'POST',
    token: user.token,
  });
}

async function waitForJob(user: TestUser, jobId: string, queue: string): Promise<SummaryDto> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await t.request(`/api/summaries/job/${jobId}?queue=${queue}`, {
      token: user.token,
    });
    const body = (await res.json()) as Envelope<{ state: string; summary?: SummaryDto }>;
    if (body.data.state === 'completed' && body.data.summary) return body.data.summary;
    if (body.data.state === 'failed') throw new Error(`job ${jobId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} did not finish`);
}

describe('creating with length and format', () => {
  it('passes them to the summarizer and returns and stores every new field, as version 1', async () => {
    const user = await t.createUser({ credits: 5 });
    const summary = await createOk(user, { length: 'long', format: 'bullets' });
    expect(fake.calls).toEqual([
      { text: TEXT, customPrompt: null, length: 'long', format: 'bullets', sourceLanguage: 'en' },
    ]);
    const expected = richAnswer({
      text: TEXT,
      customPrompt: null,
      length: 'long',
      format: 'bullets',
    });
    expect(summary).toMatchObject({
      summarizedContent: expected.summary,
      length: 'long',
      format: 'bullets',
      keywords: ['committee', 'budget'],
      sourceMap: expected.sourceMap,
      unverified: [],
      version: 1,
      fallbackReason: null,
      aiModel: RICH_MODEL,
    });
    expect(summary.summarizedContent.split('\n').every((line) => line.startsWith('- '))).toBe(true);
    for (const entry of summary.sourceMap) {
      for (const span of entry.sources) {
        expect(TEXT.slice(span.start, span.end)).toBe(entry.text);
      }
    }

    const read = await t.request(`/api/summaries/${summary.id}`, { token: user.token });
    expect(((await read.json()) as Envelope<{ summary: SummaryDto }>).data.summary).toEqual({
      ...summary,
      share: null,
    });
    expect(await versionsOf(user, summary.id)).toEqual([
      {
        version: 1,
        summarizedContent: expected.summary,
        customPrompt: null,
        length: 'long',
        format: 'bullets',
        aiModel: RICH_MODEL,
        isFallback: false,
        language: 'en',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        editedBy: null,
      },
    ]);
  });

  it('stores the unverified terms and a custom prompt; an old client gets a medium paragraph', async () => {
    const user = await t.createUser({ credits: 5 });
    const withPrompt = await createOk(user, { customPrompt: 'dates', format: 'tldr' });
    expect(withPrompt).toMatchObject({ unverified: ['2031'], length: 'medium', format: 'tldr' });
    const plain = await createOk(user);
    expect(plain).toMatchObject({ length: 'medium', format: 'paragraph', version: 1 });
    expect(fake.calls.at(-1)).toEqual({
      text: TEXT,
      customPrompt: null,
      length: 'medium',
      format: 'paragraph',
      sourceLanguage: 'en',
    });
  });

  it('stores a fallback reason, and never a NUL a provider sent in its extras', async () => {
    const user = await t.createUser();
    override = {
      keywords: ['bud\u0000get'],
      unverified: ['20\u000031'],
      sourceMap: [{ text: 'The\u0000 committee.', sources: [{ start: 0, end: 3 }] }],
      isFallback: true,
      fallbackReason: 'rate_limited',
    };
    const summary = await createOk(user);
    expect(summary).toMatchObject({
      keywords: ['budget'],
      unverified: ['2031'],
      sourceMap: [{ text: 'The committee.', sources: [{ start: 0, end: 3 }] }],
      isFallback: true,
      fallbackReason: 'rate_limited',
    });
    expect((await versionsOf(user, summary.id))[0]?.isFallback).toBe(true);
  });

  it('refuses an unknown length or format with 400 naming the field, charging nothing', async () => {
    const user = await t.createUser({ credits: 5 });
    await expectFieldError(
      await create(user, { content: TEXT, length: 'huge' }),
      'length',
      LENGTH_MESSAGE,
    );
    await expectFieldError(
      await create(user, { content: TEXT, format: 'poem' }),
      'format',
      FORMAT_MESSAGE,
    );
    await expectFieldError(
      await create(user, { content: TEXT, length: 3 }),
      'length',
      LENGTH_MESSAGE,
    );
    await expectFieldError(
      await t.request('/api/summaries/async', {
        method: 'POST',
        token: user.token,
        json: { text: TEXT, format: 'BULLETS' },
      }),
      'format',
      FORMAT_MESSAGE,
    );
    await expectFieldError(
      await t.request('/api/summaries/upload', {
        method: 'POST',
        token: user.token,
        body: uploadForm({ length: 'tiny' }),
      }),
      'length',
      LENGTH_MESSAGE,
    );
    await expectFieldError(
      await t.request('/api/summaries/upload/async', {
        method: 'POST',
        token: user.token,
        body: uploadForm({ format: 'essay' }),
      }),
      'format',
      FORMAT_MESSAGE,
    );
    expect(fake.calls).toHaveLength(0);
    expect(await credits(user)).toBe(5);
  });

  it('takes customPrompt, length and format as multipart fields of an upload', async () => {
    const user = await t.createUser({ credits: 5 });
    const res = await t.request('/api/summaries/upload', {
      method: 'POST',
      token: user.token,
      body: uploadForm({ customPrompt: '  key dates ', length: 'short', format: 'bullets' }),
    });
    expect(res.status).toBe(201);
    const { summary } = ((await res.json()) as Envelope<{ summary: SummaryDto }>).data;
    expect(fake.calls).toEqual([
      {
        text: TEXT,
        customPrompt: 'key dates',
        length: 'short',
        format: 'bullets',
        sourceLanguage: 'en',
      },
    ]);
    expect(summary).toMatchObject({
      source: 'txt',
      fileName: 'minutes.txt',
      customPrompt: 'key dates',
      length: 'short',
      format: 'bullets',
      version: 1,
    });
    expect((await versionsOf(user, summary.id)).map((version) => version.version)).toEqual([1]);

    // A form's empty fields count as absent: a medium paragraph without a prompt.
    const empty = await t.request('/api/summaries/upload', {
      method: 'POST',
      token: user.token,
      body: uploadForm({ customPrompt: '', length: '', format: '' }),
    });
    expect(empty.status).toBe(201);
    expect(((await empty.json()) as Envelope<{ summary: SummaryDto }>).data.summary).toMatchObject({
      customPrompt: null,
      length: 'medium',
      format: 'paragraph',
    });
  });

  it('queued text and files keep their length, format and prompt through the worker', async () => {
    const user = await t.createUser({ credits: 5 });
    const text = await t.request('/api/summaries/async', {
      method: 'POST',
      token: user.token,
      json: { text: TEXT, length: 'short', format: 'tldr', customPrompt: 'budget' },
    });
    expect(text.status).toBe(202);
    const textJob = ((await text.json()) as Envelope<{ jobId: string }>).data.jobId;
    const file = await t.request('/api/summaries/upload/async', {
      method: 'POST',
      token: user.token,
      body: uploadForm({ length: 'long', format: 'bullets', customPrompt: 'repairs' }),
    });
    expect(file.status).toBe(202);
    const fileJob = ((await file.json()) as Envelope<{ jobId: string }>).data.jobId;

    const fromText = await waitForJob(user, textJob, 'text-summary');
    expect(fromText).toMatchObject({
      length: 'short',
      format: 'tldr',
      customPrompt: 'budget',
      version: 1,
      aiModel: RICH_MODEL,
      keywords: ['committee', 'budget'],
      unverified: ['2031'],
    });
    const fromFile = await waitForJob(user, fileJob, 'file-processing');
    expect(fromFile).toMatchObject({
      length: 'long',
      format: 'bullets',
      customPrompt: 'repairs',
      source: 'txt',
      version: 1,
    });
    expect(fromFile.sourceMap).toHaveLength(3);
    expect((await versionsOf(user, fromFile.id)).map((version) => version.version)).toEqual([1]);
    expect(await credits(user)).toBe(3);
  });
});

describe('regenerate, versions and restore', () => {
  it('regenerates free as new versions, keeps or changes length and format, and restores', async () => {
    const owner = await t.createUser({ credits: 1 });
    const created = await createOk(owner, { length: 'short', format: 'bullets' });
    expect(await credits(owner)).toBe(0);
    const ledgerBefore = await listCreditMovements(t.db, owner.user.id);

    // No length or format: the summary's own (short bullets), even with 0 credits left.
    const first = await regenerate(owner, created.id, { customPrompt: 'dates' });
    expect(first.status).toBe(200);
    const v2 = ((await first.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
    expect(fake.calls.at(-1)).toEqual({
      text: TEXT,
      customPrompt: 'dates',
      length: 'short',
      format: 'bullets',
      sourceLanguage: 'en',
    });
    expect(v2).toMatchObject({
      version: 2,
      regenerationCount: 1,
      length: 'short',
      format: 'bullets',
    });

    const second = await regenerate(owner, created.id, {
      customPrompt: null,
      length: 'long',
      format: 'paragraph',
    });
    const v3 = ((await second.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
    expect(v3).toMatchObject({
      version: 3,
      regenerationCount: 2,
      length: 'long',
      format: 'paragraph',
      customPrompt: null,
      reviewStatus: 'pending',
    });
    expect(v3.sourceMap).toHaveLength(3);

    const versions = await versionsOf(owner, created.id);
    expect(versions.map((version) => [version.version, version.length, version.format])).toEqual([
      [3, 'long', 'paragraph'],
      [2, 'short', 'bullets'],
      [1, 'short', 'bullets'],
    ]);
    expect(versions[1]).toMatchObject({
      customPrompt: 'dates',
      summarizedContent: v2.summarizedContent,
    });
    expect(versions[2]?.summarizedContent).toBe(created.summarizedContent);

    // A reviewer's verdict on version 3 goes back to pending when version 1 is restored.
    const reviewer = await t.createUser({ role: 'reviewer' });
    const review = await t.request(`/api/reviews/${created.id}/submit`, {
      method: 'POST',
      token: reviewer.token,
      json: { action: 'approved' },
    });
    expect(review.status).toBe(200);

    const callsBefore = fake.calls.length;
    const restored = await restore(owner, created.id, 1);
    expect(restored.status).toBe(200);
    const restoredBody = (await restored.json()) as Envelope<{ summary: SummaryDto }>;
    expect(restoredBody.message).toBe('Version restored successfully');
    expect(restoredBody.data.summary).toEqual({
      ...created,
      version: 4,
      regenerationCount: 2,
      updatedAt: expect.any(String),
    });
    expect(fake.calls).toHaveLength(callsBefore);

    const after = await versionsOf(owner, created.id);
    expect(after.map((version) => version.version)).toEqual([4, 3, 2, 1]);
    expect(after[0]).toMatchObject({
      summarizedContent: created.summarizedContent,
      length: 'short',
      format: 'bullets',
      editedBy: null,
    });

    // Regenerate and restore cost nothing.
    expect(await credits(owner)).toBe(0);
    expect(await listCreditMovements(t.db, owner.user.id)).toEqual(ledgerBefore);
  });

  it('gives concurrent regenerations, a restore and a staff edit each their own version', async () => {
    const owner = await t.createUser();
    const created = await createOk(owner);
    const editor = await t.createUser({ role: 'editor' });
    const arrive = createBarrier(3);
    fake.beforeAnswer = () => arrive();
    const answers = await Promise.all([
      regenerate(owner, created.id, { customPrompt: 'one' }),
      regenerate(owner, created.id, { customPrompt: 'two', length: 'long' }),
      regenerate(owner, created.id, { customPrompt: 'three', format: 'tldr' }),
      restore(owner, created.id, 1),
      t.request(`/api/admin/summaries/${created.id}`, {
        method: 'PUT',
        token: editor.token,
        json: { summarizedContent: 'An editor’s text.' },
      }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const versions = await versionsOf(owner, created.id);
    expect(versions.map((version) => version.version)).toEqual([6, 5, 4, 3, 2, 1]);
    const current = await t.request(`/api/summaries/${created.id}`, { token: owner.token });
    const summary = ((await current.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
    expect(summary.version).toBe(6);
    expect(summary.summarizedContent).toBe(versions[0]?.summarizedContent);
    expect(summary.regenerationCount).toBe(3);
  });

  it('validates regenerate length and format, naming the field', async () => {
    const owner = await t.createUser();
    const created = await createOk(owner);
    await expectFieldError(
      await regenerate(owner, created.id, { customPrompt: null, length: 'longest' }),
      'length',
      LENGTH_MESSAGE,
    );
    await expectFieldError(
      await regenerate(owner, created.id, { customPrompt: null, format: ['bullets'] }),
      'format',
      FORMAT_MESSAGE,
    );
    expect(fake.calls).toHaveLength(1);
  });

  it('answers 404 for an unknown version, and for someone else’s summary', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const editor = await t.createUser({ role: 'editor' });
    const created = await createOk(owner);
    for (const version of [2, 0, 'abc', '1.5', '99999999999']) {
      await expectNotFound(await restore(owner, created.id, version), 'Version not found');
    }
    await expectNotFound(await restore(other, created.id, 1));
    // Restore is the owner's: staff may not.
    await expectNotFound(await restore(editor, created.id, 1));
    await expectNotFound(await restore(owner, UNKNOWN_ID, 1));
    await expectNotFound(await restore(owner, 'not-a-uuid', 1));
    await expectNotFound(await regenerate(other, created.id, { customPrompt: null }));
    expect((await versionsOf(owner, created.id)).map((version) => version.version)).toEqual([1]);
  });

  it('lists versions for the owner, editors and admins; 404 for anyone else', async () => {
    const owner = await t.createUser();
    const created = await createOk(owner);
    const editor = await t.createUser({ role: 'editor' });
    const admin = await t.createUser({ role: 'admin' });
    const reviewer = await t.createUser({ role: 'reviewer' });
    const other = await t.createUser();
    expect(await versionsOf(editor, created.id)).toHaveLength(1);
    expect(await versionsOf(admin, created.id)).toHaveLength(1);
    for (const user of [reviewer, other]) {
      await expectNotFound(
        await t.request(`/api/summaries/${created.id}/versions`, { token: user.token }),
      );
    }
    for (const id of [UNKNOWN_ID, 'nope']) {
      await expectNotFound(
        await t.request(`/api/summaries/${id}/versions`, { token: admin.token }),
      );
    }
    const anonymous = await t.request(`/api/summaries/${created.id}/versions`);
    expect(anonymous.status).toBe(401);
  });

  it('records a staff edit as a version edited by the editor, in the same transaction', async () => {
    const owner = await t.createUser();
    const created = await createOk(owner, { length: 'long', format: 'bullets' });
    const editor = await t.createUser({ role: 'editor', name: 'Edna Editor' });
    const edited = `- ${SENTENCES[0]}\n- A sentence the editor wrote.`;
    const res = await t.request(`/api/admin/summaries/${created.id}`, {
      method: 'PUT',
      token: editor.token,
      json: { summarizedContent: edited },
    });
    expect(res.status).toBe(200);
    const summary = ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
    expect(summary).toMatchObject({
      summarizedContent: edited,
      version: 2,
      length: 'long',
      format: 'bullets',
      aiModel: RICH_MODEL,
      reviewStatus: 'pending',
    });
    // The unchanged item keeps its source; the editor's own sentence has none.
    expect(summary.sourceMap).toEqual([
      created.sourceMap[0],
      { text: 'A sentence the editor wrote.', sources: [] },
    ]);

    const versions = await versionsOf(owner, created.id);
    expect(versions[0]).toEqual({
      version: 2,
      summarizedContent: edited,
      customPrompt: null,
      length: 'long',
      format: 'bullets',
      aiModel: RICH_MODEL,
      isFallback: false,
      // An edit keeps the text's language.
      language: 'en',
      createdAt: expect.any(String),
      editedBy: { id: editor.user.id, name: 'Edna Editor' },
    });
    expect(versions[1]).toMatchObject({ version: 1, editedBy: null });

    // The author can restore the text from before the edit.
    const restored = await restore(owner, created.id, 1);
    expect(
      ((await restored.json()) as Envelope<{ summary: SummaryDto }>).data.summary,
    ).toMatchObject({
      version: 3,
      summarizedContent: created.summarizedContent,
      sourceMap: created.sourceMap,
    });

    // Deleting the editor keeps their version, no longer attributed.
    const admin = await t.createUser({ role: 'admin' });
    const removed = await t.request(`/api/admin/users/${editor.user.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    const later = await versionsOf(owner, created.id);
    expect(later.map((version) => [version.version, version.editedBy])).toEqual([
      [3, null],
      [2, null],
      [1, null],
    ]);
  });

  it('deletes a summary’s versions with it', async () => {
    const owner = await t.createUser();
    const created = await createOk(owner);
    await regenerate(owner, created.id, { customPrompt: null });
    const removed = await t.request(`/api/summaries/${created.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    const left = await t.db
      .selectFrom('summary_versions')
      .select('version')
      .where('summary_id', '=', created.id)
      .execute();
    expect(left).toEqual([]);
  });
});
