import { afterAll, describe, expect, it } from 'vitest';
import {
  collectionDocuments,
  collectionKeywords,
  shareAmongDocuments,
  summarizeCollection,
} from './collection-summary';
import {
  collectionPlan,
  collectionRule,
  numberedDocuments,
  uncitedDocuments,
} from '../gemini/gemini-collection';
import { closeLocalSummarizerPool } from './local-summarizer-pool';
import { createLocalSummarizer, lengthTarget, summarizeLocally } from './local-summarizer';
import { numberSentences } from '../text/sentence-segmenter';
import type { SummaryDocument, SummaryFormat, SummaryLength, SourceMapEntry } from '../summarizer';

/*
 * The local summary of a collection (issue 29): every document drawn on, whatever the length
 * and format; a sentence another document says too cites both; a single document summarized
 * exactly as before; and the pieces Gemini's side uses (its rule, its plan, the check).
 */

const COUNCIL =
  'The city council approved a budget of 12 million dollars for road repairs on Tuesday. The ' +
  'mayor said the money would fix potholes on the main avenues before winter. Residents have ' +
  'complained about the state of the roads for years. Work is expected to start in March and ' +
  'last until the autumn. Contractors will be chosen through an open tender.';
const SHOPS =
  'Local businesses welcomed the decision of the council. On Tuesday the council approved a 12 ' +
  'million dollar budget for repairs of the roads. Shop owners said deliveries had been slowed ' +
  'by damaged streets. Some asked for the work to be done at night so shops can stay open. The ' +
  'chamber of commerce will meet the mayor next week.';
const LIBRARY =
  'A new library opened in the north of the city. It holds forty thousand books and a room for ' +
  'children. The library is open every day except Monday. Volunteers will run reading classes ' +
  'for adults on weekends.';

/** The texts one after the other, each under a `# Title` line, and their spans. */
function collectionOf(texts: readonly string[]): { text: string; documents: SummaryDocument[] } {
  let text = '';
  const documents: SummaryDocument[] = [];
  texts.forEach((body, index) => {
    if (index > 0) text += '\n\n';
    const title = `Document ${index + 1}`;
    text += `# ${title}\n\n`;
    documents.push({ title, start: text.length, end: text.length + body.length });
    text += body;
  });
  return { text, documents };
}

/** The documents (1, 2, …) each entry cites. */
function cited(sourceMap: readonly SourceMapEntry[], documents: readonly SummaryDocument[]) {
  return sourceMap.map((entry) => [
    ...new Set(
      entry.sources.map(
        (span) => documents.findIndex((d) => d.start <= span.start && span.end <= d.end) + 1,
      ),
    ),
  ]);
}

afterAll(async () => {
  await closeLocalSummarizerPool();
});

describe('the local summary of a collection', () => {
  const { text, documents } = collectionOf([COUNCIL, SHOPS, LIBRARY]);

  it.each(
    (['short', 'medium', 'long'] as SummaryLength[]).flatMap((length) =>
      (['paragraph', 'bullets', 'tldr'] as SummaryFormat[]).map((format) => ({ length, format })),
    ),
  )('draws on every document ($length, $format)', ({ length, format }) => {
    const result = summarizeLocally({ text, documents, customPrompt: null, length, format });
    // Each entry's own sentence: the span whose text it quotes.
    const own = result.sourceMap.map((entry) => {
      const span = entry.sources.find(
        (source) => text.slice(source.start, source.end) === entry.text,
      );
      expect(span).toBeDefined();
      return span as { start: number; end: number };
    });
    const owners = own.map(
      (span) => documents.findIndex((d) => d.start <= span.start && span.end <= d.end) + 1,
    );
    expect(new Set(owners)).toEqual(new Set([1, 2, 3]));
    // In the documents' order; every citation inside a document.
    expect(own.map((span) => span.start)).toEqual(
      own.map((span) => span.start).sort((a, b) => a - b),
    );
    expect(cited(result.sourceMap, documents).every((list) => !list.includes(0))).toBe(true);
    if (format === 'bullets') {
      expect(result.summary.split('\n')).toEqual(result.sourceMap.map((e) => `- ${e.text}`));
    }
    // A TL;DR is one sentence of each document.
    if (format === 'tldr') expect(owners).toEqual([1, 2, 3]);
  });

  it('cites the sentence of another document that says the same thing, and no other', () => {
    const result = summarizeLocally({
      text,
      documents,
      customPrompt: null,
      length: 'medium',
      format: 'paragraph',
    });
    const first = result.sourceMap[0] as SourceMapEntry;
    expect(first.text).toBe(
      'The city council approved a budget of 12 million dollars for road repairs on Tuesday.',
    );
    expect(cited([first], documents)).toEqual([[1, 2]]);
    expect(text.slice(first.sources[1]?.start, first.sources[1]?.end)).toBe(
      'On Tuesday the council approved a 12 million dollar budget for repairs of the roads.',
    );
    // The library is about nothing the others say.
    const library = result.sourceMap.filter((entry) => cited([entry], documents)[0]?.[0] === 3);
    expect(cited(library, documents).every((list) => list.length === 1)).toBe(true);
  });

  it('shares the sentences by size: one each first, never past half a document', () => {
    expect(
      shareAmongDocuments(
        [
          { sentences: 10, words: 300 },
          { sentences: 4, words: 60 },
        ],
        5,
      ),
    ).toEqual([4, 1]);
    expect(
      shareAmongDocuments(
        [
          { sentences: 2, words: 300 },
          { sentences: 10, words: 100 },
        ],
        6,
      ),
    ).toEqual([1, 5]);
    expect(
      shareAmongDocuments(
        [
          { sentences: 1, words: 10 },
          { sentences: 1, words: 10 },
        ],
        6,
      ),
    ).toEqual([1, 1]);
    expect(
      shareAmongDocuments(
        [
          { sentences: 9, words: 90 },
          { sentences: 9, words: 90 },
          { sentences: 9, words: 90 },
        ],
        2,
      ),
    ).toEqual([1, 1, 1]);
  });

  it('follows an exact count and the prompt, and says whether the prompt was applied', () => {
    const three = summarizeLocally({
      text,
      documents,
      customPrompt: 'in 5 sentences',
      length: 'medium',
      format: 'paragraph',
    });
    expect(three.sourceMap).toHaveLength(5);
    const focused = summarizeCollection(
      {
        text,
        customPrompt: 'focus on the library opening hours',
        length: 'short',
        format: 'paragraph',
      },
      documents,
      {
        summarizeText: (input, count) => {
          const result = summarizeLocally({
            ...input,
            customPrompt: `${input.customPrompt ?? ''} in ${count} sentences`,
          });
          return { ...result, promptApplied: input.text.includes('library') };
        },
        lengthTarget,
      },
    );
    expect(focused.promptApplied).toBe(true);
  });

  it('keeps a single document exactly as before (no documents, one, or invalid spans)', () => {
    const plain = summarizeLocally({
      text: COUNCIL,
      customPrompt: null,
      length: 'medium',
      format: 'bullets',
    });
    expect(
      summarizeLocally({
        text: COUNCIL,
        documents: [{ title: 'Only', start: 0, end: COUNCIL.length }],
        customPrompt: null,
        length: 'medium',
        format: 'bullets',
      }),
    ).toEqual(plain);
    expect(collectionDocuments({ text: COUNCIL, documents: [] })).toBeNull();
    expect(
      collectionDocuments({
        text: COUNCIL,
        documents: [
          { title: 'A', start: 0, end: 50 },
          { title: 'B', start: 40, end: 90 },
          { title: 'C', start: 60, end: COUNCIL.length + 10 },
        ],
      }),
    ).toBeNull();
  });

  it('key terms of each document in turn, each once, at most 10', () => {
    expect(
      collectionKeywords([['roads', 'budget', 'mayor'], ['Roads', 'shops'], ['library']]),
      // 'Roads' is 'roads' again: the second document's first new term is its second.
    ).toEqual(['roads', 'library', 'budget', 'shops', 'mayor']);
    const many = Array.from({ length: 3 }, (_, list) =>
      Array.from({ length: 8 }, (_, k) => `t${list}-${k}`),
    );
    expect(collectionKeywords(many)).toHaveLength(10);
  });

  it('summarizes a long collection in the thread with its documents', async () => {
    const long = collectionOf([
      `${COUNCIL} `.repeat(140).trim(),
      `${LIBRARY} `.repeat(30).trim(),
      SHOPS,
    ]);
    expect(long.text.length).toBeGreaterThan(50_000);
    const result = await createLocalSummarizer().summarize({
      text: long.text,
      documents: long.documents,
      customPrompt: null,
      length: 'short',
      format: 'paragraph',
    });
    expect(new Set(cited(result.sourceMap, long.documents).map((list) => list[0]))).toEqual(
      new Set([1, 2, 3]),
    );
  });
});

describe("Gemini's side of a collection", () => {
  const { text, documents } = collectionOf([COUNCIL, SHOPS, LIBRARY]);
  const units = numberSentences(text);
  const numbered = numberedDocuments({ text, documents }, units);

  it('numbers each document by the sentences Gemini sees, and names them in its rule', () => {
    expect(numbered?.map((d) => [d.number, d.first, d.last])).toEqual([
      [1, 2, 6],
      [2, 8, 12],
      [3, 14, 17],
    ]);
    expect(units[0]?.text).toBe('Document 1');
    const rule = collectionRule(numbered ?? []);
    expect(rule).toContain('a collection of 3 separate documents');
    expect(rule).toContain('1. "Document 1": sentences [2] to [6]');
    expect(collectionRule(numbered ?? [], [numbered?.[2] as never])).toContain(
      'Your previous answer cited no sentence of this document:\n3. "Document 3": sentences [14] to [17]',
    );
    expect(numberedDocuments({ text }, units)).toBeNull();
  });

  it('finds the documents an answer leaves out; asks for a sentence per document at least', () => {
    const span = (number: number) => ({
      start: units[number - 1]?.start ?? 0,
      end: units[number - 1]?.end ?? 0,
    });
    // A title line ([1], [13]) is no sentence of its document.
    const missing = uncitedDocuments(numbered ?? [], [
      { text: 'a', sources: [span(2)] },
      { text: 'b', sources: [span(1), span(13)] },
    ]);
    expect(missing.map((d) => d.number)).toEqual([2, 3]);
    expect(
      uncitedDocuments(numbered ?? [], [{ text: 'c', sources: [span(9), span(17), span(3)] }]),
    ).toEqual([]);
    const plan = { sentences: 2, exact: false, format: 'paragraph' as const };
    expect(collectionPlan(plan, numbered).sentences).toBe(3);
    expect(collectionPlan({ ...plan, exact: true }, numbered).sentences).toBe(2);
    expect(collectionPlan({ ...plan, format: 'tldr' as const }, numbered).sentences).toBe(2);
    expect(collectionPlan(plan, null)).toBe(plan);
  });
});
