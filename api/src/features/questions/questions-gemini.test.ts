import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SUMMARIZER_MODEL } from '../../lib/product-constants';
import type { SummaryDto } from '../../domain/summary-response';
import { NOT_IN_DOCUMENT } from '../../summarizer/local/local-answer';
import { numberSentences } from '../../summarizer/text/sentence-segmenter';
import type { Envelope } from '../../test/envelope';
import {
  geminiAnswer,
  geminiFailure,
  geminiRateLimited,
  startFakeGemini,
} from '../../test/fake-gemini';
import type { FakeGemini } from '../../test/fake-gemini';
import { BRIDGE_DOCUMENT, BRIDGE_SUMMARY, fakeGeminiSummarizer } from '../../test/gemini-jobs';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import type { SummaryQuestionDto } from './questions.service';

/*
 * Issue 29 with the app's real summarizer against a fake Gemini on 127.0.0.1: Gemini's answer
 * is stored with only the citations the server could check (a number past the document and a
 * sentence that says something else are dropped), `unverified` computed as for summaries, and
 * a failing Gemini gives the local answer with its reason.
 */

const UNITS = numberSentences(BRIDGE_DOCUMENT);
const span = (number: number): { start: number; end: number } => {
  const unit = UNITS[number - 1];
  if (!unit) throw new Error(`no sentence ${number}`);
  return { start: unit.start, end: unit.end };
};

let gemini: FakeGemini;
let t: TestApp;
let user: TestUser;
let summary: SummaryDto;

beforeAll(async () => {
  gemini = await startFakeGemini();
  t = await createTestApp({ deps: { summarizer: fakeGeminiSummarizer(gemini.baseUrl) } });
  user = await t.createUser({ credits: 3 });
  gemini.answer(BRIDGE_SUMMARY);
  const res = await t.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: { content: BRIDGE_DOCUMENT },
  });
  expect(res.status).toBe(201);
  summary = ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
});

afterAll(async () => {
  await t.destroy();
  await gemini.close();
});

async function ask(question: string): Promise<SummaryQuestionDto> {
  const res = await t.request(`/api/summaries/${summary.id}/questions`, {
    method: 'POST',
    token: user.token,
    json: { question },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ answer: SummaryQuestionDto }>).data.answer;
}

describe('questions answered by Gemini', () => {
  it('keeps only the citations that check out and flags what the document never says', async () => {
    gemini.answer(
      geminiAnswer(
        [
          { text: 'The bridge will cost 48 million dollars.', sources: [2, 40] },
          { text: 'Mayor Jane Okafor opens it in 2031.', sources: [5] },
        ],
        { modelVersion: 'gemini-2.5-flash-001' },
      ),
    );
    const answer = await ask('What will the bridge cost, and when does it open?');
    expect(answer).toMatchObject({
      question: 'What will the bridge cost, and when does it open?',
      answer: 'The bridge will cost 48 million dollars. Mayor Jane Okafor opens it in 2031.',
      citations: [span(2)],
      unverified: ['Mayor Jane Okafor', '2031'],
      aiModel: 'gemini-2.5-flash-001',
      isFallback: false,
      fallbackReason: null,
    });
    expect(gemini.requests).toHaveLength(1);
    const body = gemini.requests[0]?.body as { contents: { parts: { text: string }[] }[] };
    const parts = body.contents[0]?.parts.map((part) => part.text) ?? [];
    expect(parts[0]).toContain('[2] The bridge will cost 48 million dollars');
    expect(parts[1]).toContain('What will the bridge cost, and when does it open?');
  });

  it('stores "The document does not say." when Gemini finds no answer', async () => {
    gemini.answer(geminiAnswer([]));
    expect(await ask('Who designed the bridge?')).toMatchObject({
      answer: NOT_IN_DOCUMENT,
      citations: [],
      isFallback: false,
    });
  });

  it('answers locally with the reason when Gemini fails, and lists every answer oldest first', async () => {
    gemini.answer(geminiFailure(503));
    const fallback = await ask('When does construction start?');
    expect(fallback).toMatchObject({
      answer: 'Construction starts in March, when the river is low.',
      citations: [span(3)],
      aiModel: LOCAL_SUMMARIZER_MODEL,
      isFallback: true,
      fallbackReason: 'unavailable',
    });
    gemini.answer(geminiRateLimited('30s'));
    const limited = await ask('How long will the works take?');
    expect(limited).toMatchObject({ isFallback: true, fallbackReason: 'rate_limited' });
    expect(limited.citations).toContainEqual(span(2));
    const res = await t.request(`/api/summaries/${summary.id}/questions`, { token: user.token });
    const { answers } = ((await res.json()) as Envelope<{ answers: SummaryQuestionDto[] }>).data;
    expect(answers.map((answer) => [answer.isFallback, answer.fallbackReason])).toEqual([
      [false, null],
      [false, null],
      [true, 'unavailable'],
      [true, 'rate_limited'],
    ]);
  });
});
