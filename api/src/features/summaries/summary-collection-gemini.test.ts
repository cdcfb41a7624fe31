import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertSummary } from '../../db/summaries.repository';
import { LOCAL_SUMMARIZER_MODEL } from '../../lib/product-constants';
import type { SummaryDto } from '../../domain/summary-response';
import { geminiAnswer, startFakeGemini } from '../../test/fake-gemini';
import type { FakeGemini, FakeGeminiRequest, GeminiResponder } from '../../test/fake-gemini';
import type { Envelope } from '../../test/envelope';
import { fakeGeminiSummarizer, ledgerOf } from '../../test/gemini-jobs';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';

/*
 * POST /api/summaries/combine with the app's real summarizer against a fake Gemini REST server
 * on 127.0.0.1 (issue 29): Gemini is told the collection's documents and where their sentences
 * are, its citations are checked as for any summary, and a summary that leaves a document out
 * is asked for once more, naming it; left out again, the local summarizer (which draws on every
 * document) answers with fallbackReason `incomplete`. One credit in every case.
 */

const DOCUMENTS = {
  'river.txt':
    'The river authority published its annual report on Monday. Water levels in the northern ' +
    'reservoirs rose by twelve percent after a wet spring. Engineers plan to repair the old weir ' +
    'before the autumn floods arrive.',
  'school.txt':
    'The school board approved a new science curriculum for all secondary schools. Pupils will ' +
    'spend two more hours a week in laboratories from September. Teachers will receive training ' +
    'in the summer holidays.',
  'trains.txt':
    'The regional railway will run night trains between the three largest cities from spring. ' +
    'Tickets for the sleeper cars go on sale next month at fixed prices. The operator bought ' +
    'twelve refurbished carriages from abroad.',
};

let gemini: FakeGemini;
let t: TestApp;
let user: TestUser;
let ids: string[];

beforeAll(async () => {
  gemini = await startFakeGemini();
  t = await createTestApp({ deps: { summarizer: fakeGeminiSummarizer(gemini.baseUrl) } });
});

afterAll(async () => {
  await t.destroy();
  await gemini.close();
});

beforeEach(async () => {
  user = await t.createUser({ credits: 3 });
  ids = [];
  for (const [fileName, text] of Object.entries(DOCUMENTS)) {
    const row = await insertSummary(t.db, {
      userId: user.user.id,
      originalContent: text,
      originalWordCount: 30,
      source: 'txt',
      fileName,
      sourceUrl: null,
      sourceTitle: null,
      ocr: false,
      pageBreaks: [],
      summarizedContent: text.slice(0, 40),
      summaryWordCount: 6,
      compressionRatio: 80,
      processingTime: 1,
      isFallback: false,
      aiModel: 'seed',
      customPrompt: null,
      length: 'medium',
      format: 'paragraph',
      keywords: [],
      sourceMap: [],
      unverified: [],
      fallbackReason: null,
      promptApplied: null,
    });
    ids.push(row.id);
  }
});

/** The user part Gemini was sent: the numbered document. */
function documentOf(request: FakeGeminiRequest): string {
  const body = request.body as { contents: { parts: { text: string }[] }[] };
  return body.contents[0]?.parts[0]?.text ?? '';
}

/** The system instruction Gemini was sent. */
function rulesOf(request: FakeGeminiRequest): string {
  const body = request.body as { systemInstruction?: { parts: { text: string }[] } };
  return body.systemInstruction?.parts.map((part) => part.text).join('\n') ?? '';
}

/** The number Gemini sees before the sentence of `document` that starts with `start`. */
function numberOf(request: FakeGeminiRequest, start: string): number {
  const line = documentOf(request)
    .split('\n')
    .find((candidate) => candidate.replace(/^\[\d+\] /u, '').startsWith(start));
  const number = Number(/^\[(\d+)\]/u.exec(line ?? '')?.[1]);
  if (!Number.isInteger(number)) throw new Error(`No sentence starts with "${start}"`);
  return number;
}

/** An answer citing, per item, the sentences that start with the given words. */
function answerCiting(items: { text: string; cites: (string | number)[] }[]): GeminiResponder {
  return (response, request) =>
    geminiAnswer(
      items.map((item) => ({
        text: item.text,
        sources: item.cites.map((cite) =>
          typeof cite === 'number' ? cite : numberOf(request, cite),
        ),
      })),
      { modelVersion: 'gemini-2.5-flash-001' },
    )(response, request);
}

const ALL_THREE = answerCiting([
  { text: 'Reservoir levels rose by twelve percent after a wet spring.', cites: ['Water levels'] },
  { text: 'Pupils will spend two more hours a week in laboratories.', cites: ['Pupils will'] },
  { text: 'Night trains will link the three largest cities from spring.', cites: ['The regional'] },
]);

/** Leaves the trains out: one sentence cites a number past the end, one an unrelated sentence. */
const WITHOUT_TRAINS = answerCiting([
  { text: 'Reservoir levels rose by twelve percent after a wet spring.', cites: ['Water levels'] },
  {
    text: 'Pupils will spend two more hours a week in laboratories.',
    cites: ['Pupils will', 999],
  },
  { text: 'Night trains will link the three largest cities from spring.', cites: ['Teachers'] },
]);

async function combine(body: Record<string, unknown> = {}) {
  const res = await t.request('/api/summaries/combine', {
    method: 'POST',
    token: user.token,
    json: { summaryIds: ids, ...body },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Envelope<{ summary: SummaryDto; updatedCredits: number }>;
}

/** The documents (1, 2, 3) each sentence of the summary cites. */
function citedDocuments(summary: SummaryDto): number[][] {
  return summary.sourceMap.map((entry) => [
    ...new Set(
      entry.sources.map(
        (span) => summary.sources.findIndex((s) => s.start <= span.start && span.end <= s.end) + 1,
      ),
    ),
  ]);
}

describe('combining with Gemini (fake server on 127.0.0.1)', () => {
  it('names the documents in its rules and keeps an answer that cites every one', async () => {
    gemini.answer(ALL_THREE);
    const { data } = await combine({ customPrompt: 'Compare the methods' });
    expect(gemini.requests).toHaveLength(1);
    const rules = rulesOf(gemini.requests[0] as FakeGeminiRequest);
    expect(rules).toContain('The document is a collection of 3 separate documents');
    for (const title of Object.keys(DOCUMENTS)) expect(rules).toContain(`"${title}": sentences [`);
    expect(rules).toContain('the summary must draw on every one of them');
    expect(documentOf(gemini.requests[0] as FakeGeminiRequest)).toContain('] river.txt\n');

    expect(data.summary).toMatchObject({
      source: 'collection',
      isFallback: false,
      fallbackReason: null,
      aiModel: 'gemini-2.5-flash-001',
      customPrompt: 'Compare the methods',
    });
    expect(citedDocuments(data.summary)).toEqual([[1], [2], [3]]);
    expect(data.updatedCredits).toBe(2);
    expect(await ledgerOf(t, user.user.id)).toEqual(['signup:3', 'summary:-1']);
  });

  it('checks the citations, and asks once more naming the document left out', async () => {
    gemini.answer(WITHOUT_TRAINS, ALL_THREE);
    const { data } = await combine();
    expect(gemini.requests).toHaveLength(2);
    const again = rulesOf(gemini.requests[1] as FakeGeminiRequest);
    expect(again).toContain('Your previous answer cited no sentence of this document:');
    expect(again).toMatch(
      /3\. "trains\.txt": sentences \[\d+\] to \[\d+\]\nWrite the summary again/u,
    );
    expect(rulesOf(gemini.requests[0] as FakeGeminiRequest)).not.toContain('previous answer');
    expect(data.summary.isFallback).toBe(false);
    expect(citedDocuments(data.summary)).toEqual([[1], [2], [3]]);
    expect(await ledgerOf(t, user.user.id)).toEqual(['signup:3', 'summary:-1']);
  });

  it('left out again: the local summarizer answers, drawing on every document', async () => {
    gemini.answer(WITHOUT_TRAINS);
    const { data } = await combine({ format: 'bullets' });
    expect(gemini.requests).toHaveLength(2);
    expect(data.summary).toMatchObject({
      isFallback: true,
      fallbackReason: 'incomplete',
      aiModel: LOCAL_SUMMARIZER_MODEL,
      format: 'bullets',
    });
    expect(new Set(citedDocuments(data.summary).flat())).toEqual(new Set([1, 2, 3]));
    expect(await ledgerOf(t, user.user.id)).toEqual(['signup:3', 'summary:-1']);
  });

  it('regenerating a collection tells Gemini its documents again', async () => {
    gemini.answer(ALL_THREE);
    const { data } = await combine();
    gemini.answer(WITHOUT_TRAINS, ALL_THREE);
    const res = await t.request(`/api/summaries/${data.summary.id}/regenerate`, {
      method: 'POST',
      token: user.token,
      json: { customPrompt: 'What do they agree on?' },
    });
    expect(res.status).toBe(200);
    const regenerated = ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
    expect(gemini.requests).toHaveLength(2);
    expect(rulesOf(gemini.requests[0] as FakeGeminiRequest)).toContain(
      'The document is a collection of 3 separate documents',
    );
    expect(regenerated.version).toBe(2);
    expect(citedDocuments(regenerated)).toEqual([[1], [2], [3]]);
  });
});
