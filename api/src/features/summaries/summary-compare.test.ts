import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SummaryDto } from '../../domain/summary-response';
import { listCreditMovements } from '../../test/credit-ledger';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { insertSummary } from '../../db/summaries.repository';
import { closeComparisonPool } from '../../summarizer/local/comparison-pool';
import type { Comparison } from './summary-compare';
import { COMPARED_SENTENCES } from './summary-compare';
import { DUPLICATE_ID_MESSAGE, QUESTION_LENGTH_MESSAGE } from './summary-collection.schemas';

/*
 * POST /api/summaries/compare (issue 29) on PGlite and (TEST_DATABASE_URL) Postgres: several of
 * one's own summaries side by side, each with its key terms (those every document mentions
 * marked shared) and its top sentences for the same question, for no credit; a collection
 * compares as one document; bad input refused as for combining.
 */

const COUNCIL =
  'The city council approved a budget of 12 million dollars for road repairs on Tuesday. The ' +
  'mayor said the money would fix potholes on the main avenues before winter. Residents have ' +
  'complained about the state of the roads for years. Work on the roads is expected to start ' +
  'in March and last until the autumn. Contractors will be chosen through an open tender.';
const SHOPS =
  'Local businesses welcomed the decision of the council on the roads. Shop owners said ' +
  'deliveries had been slowed by damaged roads for a long time. Some asked for the road work to ' +
  'be done at night so shops can stay open. The chamber of commerce will meet the mayor next ' +
  'week to discuss the timetable of the works.';
const LIBRARY =
  'A new public library opened in the northern district on Saturday. It holds forty thousand ' +
  'books and a large reading room for children. The library stays open every day except ' +
  'Monday until nine in the evening. Volunteers will run reading classes for adults on weekends.';

let t: TestApp;
let user: TestUser;
let council: SummaryDto;
let shops: SummaryDto;
let library: SummaryDto;

async function create(text: string): Promise<SummaryDto> {
  const res = await t.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: { content: text },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

function compare(body: unknown, who: TestUser = user) {
  return t.request('/api/summaries/compare', { method: 'POST', token: who.token, json: body });
}

async function comparison(body: unknown): Promise<Comparison> {
  const res = await compare(body);
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<{ comparison: Comparison }>).data.comparison;
}

beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser({ credits: 10 });
  council = await create(COUNCIL);
  shops = await create(SHOPS);
  library = await create(LIBRARY);
});

afterAll(async () => {
  await t.destroy();
  await closeComparisonPool();
});

describe('POST /api/summaries/compare', () => {
  it('sets the documents side by side for a question: key terms, shared ones, top sentences; free', async () => {
    const ledger = await listCreditMovements(t.db, user.user.id);
    const result = await comparison({
      summaryIds: [council.id, shops.id],
      q: 'When will the road work be done?',
    });
    expect(result.query).toBe('When will the road work be done?');
    expect(result.basis).toBe('question');
    expect(result.documents.map((document) => document.summaryId)).toEqual([council.id, shops.id]);
    expect(result.documents[0]?.title).toBe('The city council approved a budget of 12…');
    for (const [index, summary] of [council, shops].entries()) {
      const document = result.documents[index];
      // Its own key terms, in its order; shared ones are those both texts mention.
      expect(document?.keyTerms.map((entry) => entry.term)).toEqual(summary.keywords);
      for (const { term, shared } of document?.keyTerms ?? []) {
        const inBoth = [COUNCIL, SHOPS].every((text) =>
          text.toLowerCase().includes(term.toLowerCase().replace(/s$/u, '')),
        );
        if (shared) expect(inBoth).toBe(true);
      }
      expect(document?.sentences.length).toBeGreaterThan(0);
      expect(document?.sentences.length).toBeLessThanOrEqual(COMPARED_SENTENCES);
      for (const sentence of document?.sentences ?? []) {
        expect(summary.originalContent.slice(sentence.start, sentence.end)).toBe(sentence.text);
      }
    }
    expect(result.documents[0]?.sentences[0]?.text).toBe(
      'Work on the roads is expected to start in March and last until the autumn.',
    );
    expect(result.documents[1]?.sentences[0]?.text).toBe(
      'Some asked for the road work to be done at night so shops can stay open.',
    );
    // Both mention the mayor and the council; only one says "road repairs" or "damaged roads".
    expect(result.sharedTerms).toEqual(['mayor', 'council']);
    expect(result.documents[0]?.keyTerms.find((k) => k.term === 'road repairs')?.shared).toBe(
      false,
    );
    expect(result.documents[1]?.keyTerms.find((k) => k.term === 'council')?.shared).toBe(true);
    // Nothing charged.
    expect(await listCreditMovements(t.db, user.user.id)).toHaveLength(ledger.length);
  });

  it('without a question: the shared terms are the query; with none shared, what each summary cites', async () => {
    const byTerms = await comparison({ summaryIds: [council.id, shops.id] });
    expect(byTerms.basis).toBe('shared-terms');
    expect(byTerms.query).toBe(byTerms.sharedTerms.join(' '));

    const unrelated = await comparison({ summaryIds: [council.id, library.id], q: null });
    expect(unrelated.sharedTerms).toEqual([]);
    expect(unrelated.basis).toBe('summary');
    expect(unrelated.query).toBeNull();
    expect(unrelated.documents.every((document) => document.keyTerms.every((k) => !k.shared))).toBe(
      true,
    );
    const cited = library.sourceMap.flatMap((entry) => entry.sources)[0];
    expect(unrelated.documents[1]?.sentences[0]).toMatchObject({ start: cited?.start });
  });

  it('compares a collection as one document', async () => {
    const res = await t.request('/api/summaries/combine', {
      method: 'POST',
      token: user.token,
      json: { summaryIds: [council.id, shops.id] },
    });
    const combined = ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
    const result = await comparison({ summaryIds: [combined.id, library.id], q: 'library books' });
    expect(result.documents[0]).toMatchObject({
      summaryId: combined.id,
      title: combined.sourceTitle,
    });
    expect(result.documents[0]?.keyTerms.map((entry) => entry.term)).toEqual(combined.keywords);
    expect(result.documents[1]?.sentences[0]?.text).toContain('forty thousand books');
  });

  it('refuses bad input as combining does', async () => {
    const other = await t.createUser();
    const one = await compare({ summaryIds: [council.id] });
    expect(one.status).toBe(400);
    const twice = await compare({ summaryIds: [council.id, council.id] });
    expect(((await twice.json()) as ErrorEnvelope).errors).toEqual([
      { field: 'summaryIds.1', message: DUPLICATE_ID_MESSAGE },
    ]);
    for (const q of ['ab', 'x'.repeat(501)]) {
      const res = await compare({ summaryIds: [council.id, shops.id], q });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorEnvelope).errors).toEqual([
        { field: 'q', message: QUESTION_LENGTH_MESSAGE },
      ]);
    }
    const theirs = await compare({ summaryIds: [council.id, shops.id] }, other);
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as ErrorEnvelope).errors).toEqual([
      { field: 'summaryIds.0', message: 'Summary not found' },
    ]);
  });

  it('compares long documents in a worker thread, with the same answers', async () => {
    const seed = async (text: string, keywords: string[]) => {
      const row = await insertSummary(t.db, {
        userId: user.user.id,
        originalContent: text,
        originalWordCount: 10_000,
        source: 'txt',
        fileName: 'long.txt',
        sourceUrl: null,
        sourceTitle: null,
        ocr: false,
        pageBreaks: [],
        summarizedContent: 'Long.',
        summaryWordCount: 1,
        compressionRatio: 99,
        processingTime: 1,
        isFallback: true,
        aiModel: 'seed',
        customPrompt: null,
        length: 'medium',
        format: 'paragraph',
        keywords,
        sourceMap: [],
        unverified: [],
        fallbackReason: null,
        promptApplied: null,
      });
      return row.id;
    };
    const longCouncil = `${`${LIBRARY} `.repeat(200)}${COUNCIL}`;
    const longShops = `${SHOPS} ${`${LIBRARY} `.repeat(200)}`;
    expect(longCouncil.length).toBeGreaterThan(50_000);
    const ids = [
      await seed(longCouncil, ['road repairs', 'mayor']),
      await seed(longShops, ['council']),
    ];
    const warn = vi.spyOn(console, 'warn');
    const result = await comparison({ summaryIds: ids, q: 'When will the road work be done?' });
    // The thread answered: nothing fell back inline.
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(result.sharedTerms).toEqual(['mayor', 'council']);
    expect(result.documents[0]?.sentences[0]?.text).toBe(
      'Work on the roads is expected to start in March and last until the autumn.',
    );
    expect(result.documents[1]?.sentences[0]?.text).toBe(
      'Some asked for the road work to be done at night so shops can stay open.',
    );
    const first = result.documents[0]?.sentences[0];
    expect(longCouncil.slice(first?.start, first?.end)).toBe(first?.text);
  });
});
