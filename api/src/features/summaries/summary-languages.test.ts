import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SummaryDto, SummaryVersionDto } from '../../domain/summary-response';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { creditsOf, finishedTextJob } from '../../test/gemini-jobs';
import {
  ARABIC_TEXT,
  ENGLISH_ARTICLE,
  GERMAN_ARTICLE,
  JAPANESE_50,
  PERSIAN_TEXT,
} from '../../test/language-texts';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { buildUnicodeTextPdf } from '../../test/unicode-pdf-builder';
import { LANGUAGE_MESSAGE } from './summary-language.schemas';
import { NO_WORDS_MESSAGE } from './summary-input';

/*
 * Issue 30 through the API with the app's own summarizer (the local one: test configs set no
 * Gemini key), on PGlite and, with TEST_DATABASE_URL, on Postgres: `language` on every route
 * that writes a summary, the document's language detected and stored, the summary's language
 * telling the truth (the local summarizer cannot translate), and the bad inputs of the issue.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.startWorkers(1);
});

afterAll(async () => {
  await t.destroy();
});

async function summaryOf(res: Response): Promise<SummaryDto> {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

function create(user: TestUser, body: Record<string, unknown>): Promise<Response> {
  return t.request('/api/summaries', { method: 'POST', token: user.token, json: body });
}

function credits(user: TestUser): Promise<number> {
  return creditsOf(t, user.user.id);
}

async function expectLanguageRefused(res: Response): Promise<void> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorEnvelope;
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.errors).toEqual([{ field: 'language', message: LANGUAGE_MESSAGE }]);
}

function upload(
  user: TestUser,
  path: string,
  file: File,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.append('file', file);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return t.request(path, { method: 'POST', token: user.token, body: form });
}

describe('a summary in the document’s language, or another one asked', () => {
  it('detects and stores the document’s language; without `language` (or "auto") the summary is in it', async () => {
    const user = await t.createUser({ credits: 5 });
    for (const body of [
      { content: GERMAN_ARTICLE },
      { content: GERMAN_ARTICLE, language: 'auto' },
    ]) {
      const summary = await summaryOf(await create(user, body));
      expect(summary).toMatchObject({
        sourceLanguage: 'de',
        secondSourceLanguage: null,
        language: 'de',
        requestedLanguage: null,
      });
      expect(
        (await summaryOf(await t.request(`/api/summaries/${summary.id}`, { token: user.token })))
          .language,
      ).toBe('de');
    }
  });

  it('asked in English without the AI service: written in the document’s language, and says so', async () => {
    const user = await t.createUser({ credits: 5 });
    const summary = await summaryOf(
      await create(user, { content: GERMAN_ARTICLE, language: 'en' }),
    );
    expect(summary).toMatchObject({
      isFallback: true,
      fallbackReason: 'not_configured',
      sourceLanguage: 'de',
      // The truth: the local summarizer picked German sentences.
      language: 'de',
      requestedLanguage: 'en',
    });
    expect(GERMAN_ARTICLE).toContain(summary.sourceMap[0]?.text ?? '—');
    expect(await credits(user)).toBe(4);
  });

  it('answers `language` on /stream, /upload, /upload/stream and /async as on POST /', async () => {
    const user = await t.createUser({ credits: 10 });
    const stream = await t.request('/api/summaries/stream', {
      method: 'POST',
      token: user.token,
      json: { content: PERSIAN_TEXT, language: 'en' },
    });
    const events = await stream.text();
    const done = /event: done\ndata: (.*)\n/u.exec(events)?.[1];
    const streamed = (JSON.parse(done ?? '{}') as { summary: SummaryDto }).summary;
    expect(streamed).toMatchObject({
      sourceLanguage: 'fa',
      language: 'fa',
      requestedLanguage: 'en',
    });

    const file = new File([GERMAN_ARTICLE], 'artikel.txt', { type: 'text/plain' });
    const uploaded = await summaryOf(
      await upload(user, '/api/summaries/upload', file, { language: 'fr' }),
    );
    expect(uploaded).toMatchObject({
      sourceLanguage: 'de',
      language: 'de',
      requestedLanguage: 'fr',
    });
    // A form's unselected choice is an empty field: the document's own language.
    const plain = await summaryOf(
      await upload(user, '/api/summaries/upload', file, { language: '' }),
    );
    expect(plain).toMatchObject({ language: 'de', requestedLanguage: null });
    const uploadStream = await upload(user, '/api/summaries/upload/stream', file, {
      language: 'ja',
    });
    expect(await uploadStream.text()).toContain('"requestedLanguage":"ja"');

    const queued = await t.request('/api/summaries/async', {
      method: 'POST',
      token: user.token,
      json: { text: GERMAN_ARTICLE, language: 'en' },
    });
    expect(queued.status).toBe(202);
    const { jobId } = ((await queued.json()) as Envelope<{ jobId: string }>).data;
    const status = await finishedTextJob(t, user.token, jobId, 25_000);
    expect(status.summary).toMatchObject({
      sourceLanguage: 'de',
      language: 'de',
      requestedLanguage: 'en',
    });
  });

  it('regenerates in another language (or keeps the one asked), each version with its own', async () => {
    const user = await t.createUser({ credits: 5 });
    const created = await summaryOf(
      await create(user, { content: GERMAN_ARTICLE, language: 'en' }),
    );
    const regenerate = (json: Record<string, unknown>) =>
      t.request(`/api/summaries/${created.id}/regenerate`, {
        method: 'POST',
        token: user.token,
        json,
      });
    // Nothing said: the language it was asked in.
    expect(await summaryOf(await regenerate({}))).toMatchObject({
      requestedLanguage: 'en',
      language: 'de',
    });
    expect(await summaryOf(await regenerate({ language: 'auto' }))).toMatchObject({
      requestedLanguage: null,
      language: 'de',
    });
    expect(await summaryOf(await regenerate({ language: 'es' }))).toMatchObject({
      requestedLanguage: 'es',
    });
    await expectLanguageRefused(await regenerate({ language: 'xx' }));

    const versions = await t.request(`/api/summaries/${created.id}/versions`, {
      token: user.token,
    });
    const list = ((await versions.json()) as Envelope<{ versions: SummaryVersionDto[] }>).data
      .versions;
    expect(list.map((version) => [version.version, version.language])).toEqual([
      [4, 'de'],
      [3, 'de'],
      [2, 'de'],
      [1, 'de'],
    ]);
    const restored = await summaryOf(
      await t.request(`/api/summaries/${created.id}/versions/1/restore`, {
        method: 'POST',
        token: user.token,
      }),
    );
    expect(restored).toMatchObject({ version: 5, language: 'de', requestedLanguage: 'en' });
  });

  it('shows the languages on the shared page', async () => {
    const user = await t.createUser({ credits: 5 });
    const summary = await summaryOf(
      await create(user, { content: GERMAN_ARTICLE, language: 'en' }),
    );
    const share = await t.request(`/api/summaries/${summary.id}/share`, {
      method: 'POST',
      token: user.token,
    });
    const { token } = ((await share.json()) as Envelope<{ share: { token: string } }>).data.share;
    const shared = await t.request(`/api/shared/${token}`);
    expect(
      ((await shared.json()) as Envelope<{ summary: Record<string, unknown> }>).data.summary,
    ).toMatchObject({
      language: 'de',
      sourceLanguage: 'de',
      secondSourceLanguage: null,
    });
  });

  it('lists the languages in GET /api/config by their own names', async () => {
    const res = await t.request('/api/config');
    const { languages } = (
      (await res.json()) as Envelope<{ languages: { code: string; name: string }[] }>
    ).data;
    expect(languages.length).toBeGreaterThanOrEqual(20);
    expect(languages).toEqual(
      expect.arrayContaining([
        { code: 'de', name: 'Deutsch' },
        { code: 'ja', name: '日本語' },
        { code: 'ar', name: 'العربية' },
        { code: 'he', name: 'עברית' },
      ]),
    );
  });
});

describe('bad input', () => {
  it('refuses an unknown language, 400 naming the field, on every route, nothing charged', async () => {
    const user = await t.createUser({ credits: 5 });
    for (const language of ['xx', 'zz-ZZ', 'German', 'DE ', 42, '']) {
      await expectLanguageRefused(await create(user, { content: GERMAN_ARTICLE, language }));
    }
    await expectLanguageRefused(
      await t.request('/api/summaries/stream', {
        method: 'POST',
        token: user.token,
        json: { content: GERMAN_ARTICLE, language: 'zz-ZZ' },
      }),
    );
    await expectLanguageRefused(
      await t.request('/api/summaries/async', {
        method: 'POST',
        token: user.token,
        json: { text: GERMAN_ARTICLE, language: 'xx' },
      }),
    );
    const file = new File([GERMAN_ARTICLE], 'artikel.txt', { type: 'text/plain' });
    for (const path of [
      '/api/summaries/upload',
      '/api/summaries/upload/stream',
      '/api/summaries/upload/async',
    ]) {
      await expectLanguageRefused(await upload(user, path, file, { language: 'zz-ZZ' }));
    }
    expect(await credits(user)).toBe(5);
  });

  it('refuses 60 characters of emoji or of digits with a 422 in words, nothing charged', async () => {
    const user = await t.createUser({ credits: 5 });
    for (const content of ['😀🎉'.repeat(30), '1234567890'.repeat(6), '12 345 678,90 '.repeat(5)]) {
      const res = await create(user, { content });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'NO_TEXT', message: NO_WORDS_MESSAGE });
    }
    const queued = await t.request('/api/summaries/async', {
      method: 'POST',
      token: user.token,
      json: { text: '7'.repeat(60) },
    });
    expect(queued.status).toBe(422);
    expect(await credits(user)).toBe(5);
  });

  it('accepts a Japanese text of 50 characters (code points counted)', async () => {
    const user = await t.createUser({ credits: 5 });
    expect([...JAPANESE_50]).toHaveLength(50);
    const summary = await summaryOf(await create(user, { content: JAPANESE_50 }));
    expect(summary).toMatchObject({ sourceLanguage: 'ja', language: 'ja' });
    const shorter = await create(user, { content: JAPANESE_50.slice(0, 49) });
    expect(shorter.status).toBe(400);
  });

  it('names both languages of a document mixing two, the larger first', async () => {
    const user = await t.createUser({ credits: 5 });
    const mixed = `${GERMAN_ARTICLE}\n\n${ENGLISH_ARTICLE.split('\n\n').slice(0, 3).join('\n\n')}`;
    expect(await summaryOf(await create(user, { content: mixed }))).toMatchObject({
      sourceLanguage: 'de',
      secondSourceLanguage: 'en',
      language: 'de',
    });
    const mostlyGerman = `${GERMAN_ARTICLE}\n\n${ENGLISH_ARTICLE.split('\n\n')[0] ?? ''}`;
    expect(await summaryOf(await create(user, { content: mostlyGerman }))).toMatchObject({
      sourceLanguage: 'de',
      secondSourceLanguage: null,
    });
  });

  it('summarizes a PDF in Arabic, its text read in reading order', async () => {
    const user = await t.createUser({ credits: 5 });
    const words = ARABIC_TEXT.split(' ');
    const lines: string[] = [];
    for (let at = 0; at < words.length; at += 8) lines.push(words.slice(at, at + 8).join(' '));
    const pdf = buildUnicodeTextPdf(lines.map((text) => ({ text, rtl: true })));
    const file = new File([new Uint8Array(pdf)], 'تقرير.pdf', { type: 'application/pdf' });
    const summary = await summaryOf(
      await upload(user, '/api/summaries/upload', file, { language: 'en' }),
    );
    expect(summary).toMatchObject({
      source: 'pdf',
      sourceLanguage: 'ar',
      language: 'ar',
      requestedLanguage: 'en',
    });
    expect(summary.originalContent).toContain('أعلنت وزارة التعليم');
    expect(summary.summarizedContent).toMatch(/\p{Script=Arabic}/u);
  });
});
