import { parseSummaryPrompt, planSummary } from '../text/prompt-steering';
import { joinSummarySentences, segmentSentences } from '../text/sentence-segmenter';
import type { Sentence } from '../text/sentence-segmenter';
import type {
  SourceMapEntry,
  SourceSpan,
  SummarizeInput,
  SummaryDocument,
  SummaryLength,
  SummaryResult,
} from '../summarizer';
import { countWords } from '../summary-metrics';
import { extractTerms } from '../text/text-terms';

/*
 * The local summary of a collection (issue 29): several documents one after the other, each
 * under its title, whose summary must draw on every one of them rather than on the one the
 * ranking finds most central (the longest, or the first). The length's sentences are shared
 * among the documents: one each first, then the rest in proportion to their words (never more
 * than half of a document's sentences); each document then chooses its own with the usual
 * ranking (local-summarizer.ts), and the summary keeps the documents' order. A TL;DR is one
 * sentence of each document: a quoted sentence belongs to one document, and one sentence of one
 * document would leave the others out.
 *
 * Each chosen sentence then cites, besides itself, the sentence of every other document that
 * says the same thing (a TF-IDF cosine of at least CORROBORATION over at least
 * MIN_SHARED_TERMS shared terms), so the screens can say which documents a sentence draws on
 * (`[1, 3]`). The threshold is strict on purpose: a citation claims support.
 */

/** Cosine (sublinear TF-IDF over the collection's sentences) from which another document's sentence supports one. */
export const CORROBORATION = 0.5;
/** …and the distinct terms the two must share, so two short sentences never match on one word. */
export const MIN_SHARED_TERMS = 3;
/** Key terms of a summary (as for any summary). */
const MAX_KEYWORDS = 10;

/** What the local summarizer gives for one request (local-summarizer.ts's summarizeWithPrompt). */
export type CollectionExtract = Pick<SummaryResult, 'summary' | 'sourceMap' | 'keywords'> & {
  promptApplied: boolean | null;
};

/** The local summarizer's own pieces a collection's summary is made with. */
export interface CollectionSummarizerParts {
  /** One text's summary, of exactly `sentenceCount` sentences. */
  summarizeText(
    input: Pick<SummarizeInput, 'text' | 'customPrompt' | 'length' | 'format' | 'sourceLanguage'>,
    sentenceCount: number,
  ): CollectionExtract;
  /** How many sentences a summary of this length has for `n` sentences of `words` words. */
  lengthTarget(n: number, words: number, length: SummaryLength): { sentences: number };
}

/**
 * The documents of `input` when it is a collection: two or more spans inside the text, in
 * order, none overlapping the one before; null for a single document (the usual summary).
 */
export function collectionDocuments(
  input: Pick<SummarizeInput, 'text' | 'documents'>,
): SummaryDocument[] | null {
  if (!input.documents || input.documents.length < 2) return null;
  const valid = input.documents
    .filter(
      (document) =>
        Number.isInteger(document.start) &&
        Number.isInteger(document.end) &&
        document.start >= 0 &&
        document.end <= input.text.length &&
        document.end > document.start &&
        input.text.slice(document.start, document.end).trim() !== '',
    )
    .sort((a, b) => a.start - b.start);
  const kept: SummaryDocument[] = [];
  for (const document of valid) {
    const previous = kept[kept.length - 1];
    if (!previous || document.start >= previous.end) kept.push(document);
  }
  return kept.length >= 2 ? kept : null;
}

/**
 * `total` sentences shared among documents of these sizes: one each, then one at a time to the
 * document with the most words per sentence it would have (the highest-averages rule), never
 * past half of a document's sentences (rounded up, at least one).
 */
export function shareAmongDocuments(
  sizes: readonly { sentences: number; words: number }[],
  total: number,
): number[] {
  const shares = sizes.map(() => 1);
  const caps = sizes.map((size) => Math.max(1, Math.ceil(size.sentences / 2)));
  let left = total - sizes.length;
  while (left > 0) {
    let best = -1;
    let bestQuotient = -Infinity;
    sizes.forEach((size, index) => {
      const share = shares[index] as number;
      if (share >= (caps[index] as number)) return;
      const quotient = size.words / (share + 1);
      if (quotient > bestQuotient) {
        bestQuotient = quotient;
        best = index;
      }
    });
    if (best < 0) break;
    shares[best] = (shares[best] as number) + 1;
    left--;
  }
  return shares;
}

/** A prose sentence of one document, with its terms, where another sentence may find it. */
interface DocumentSentence {
  document: number;
  start: number;
  end: number;
  terms: Map<string, number>;
}

function isProse(sentence: Sentence): boolean {
  return sentence.kind === 'sentence' || sentence.kind === 'bullet';
}

/** Term counts of a text. */
function termCounts(text: string, language: string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of extractTerms(text, language)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** A sentence as a sublinear TF-IDF vector over the collection's sentences. */
interface SentenceVector {
  weights: Map<string, number>;
  norm: number;
}

/**
 * How alike two sentences of the collection are: the cosine of their sublinear TF-IDF vectors
 * (the IDF over every prose sentence of every document), 0 unless they share at least
 * {@link MIN_SHARED_TERMS} distinct terms.
 */
class CollectionSimilarity {
  private readonly documentFrequency = new Map<string, number>();
  private readonly count: number;
  readonly vectors: SentenceVector[];

  constructor(readonly sentences: readonly DocumentSentence[]) {
    for (const sentence of sentences) {
      for (const term of sentence.terms.keys()) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
    }
    this.count = Math.max(1, sentences.length);
    this.vectors = sentences.map((sentence) => this.vectorOf(sentence.terms));
  }

  vectorOf(terms: ReadonlyMap<string, number>): SentenceVector {
    const weights = new Map<string, number>();
    let norm = 0;
    for (const [term, count] of terms) {
      const weight =
        (1 + Math.log(count)) * Math.log(1 + this.count / (this.documentFrequency.get(term) ?? 1));
      weights.set(term, weight);
      norm += weight * weight;
    }
    return { weights, norm: Math.sqrt(norm) || 1 };
  }

  cosine(a: SentenceVector, b: SentenceVector): number {
    const [small, large] = a.weights.size <= b.weights.size ? [a, b] : [b, a];
    let dot = 0;
    let shared = 0;
    for (const [term, weight] of small.weights) {
      const other = large.weights.get(term);
      if (other === undefined) continue;
      shared++;
      dot += weight * other;
    }
    return shared < MIN_SHARED_TERMS ? 0 : dot / (a.norm * b.norm);
  }

  /** Whether the two say the same thing (see {@link CORROBORATION}). */
  alike(a: SentenceVector, b: SentenceVector): boolean {
    return this.cosine(a, b) >= CORROBORATION;
  }
}

/**
 * Each entry of `sourceMap` (an entry of document `owner[k]`) with, besides its own source, the
 * sentence of every other document most like it when they say the same thing, in text order.
 */
function corroborate(
  sourceMap: readonly SourceMapEntry[],
  owner: readonly number[],
  similarity: CollectionSimilarity,
  documentCount: number,
  language: string | undefined,
): SourceMapEntry[] {
  return sourceMap.map((entry, index) => {
    const own = owner[index] as number;
    const query = similarity.vectorOf(termCounts(entry.text, language));
    const best: { score: number; sentence: DocumentSentence | null }[] = Array.from(
      { length: documentCount },
      () => ({ score: 0, sentence: null }),
    );
    similarity.sentences.forEach((sentence, position) => {
      if (sentence.document === own) return;
      const score = similarity.cosine(query, similarity.vectors[position] as SentenceVector);
      const slot = best[sentence.document] as { score: number; sentence: DocumentSentence | null };
      if (score >= CORROBORATION && score > slot.score) {
        slot.score = score;
        slot.sentence = sentence;
      }
    });
    const extra: SourceSpan[] = best
      .map((slot) => slot.sentence)
      .filter((sentence): sentence is DocumentSentence => sentence !== null)
      .map((sentence) => ({ start: sentence.start, end: sentence.end }));
    if (extra.length === 0) return entry;
    return {
      text: entry.text,
      sources: [...entry.sources, ...extra].sort((a, b) => a.start - b.start),
    };
  });
}

/** Key terms of the documents taken in turn (the first of each, then the second…), each once. */
export function collectionKeywords(lists: readonly (readonly string[])[]): string[] {
  const keywords: string[] = [];
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let rank = 0; rank < longest && keywords.length < MAX_KEYWORDS; rank++) {
    for (const list of lists) {
      const term = list[rank];
      if (term === undefined) continue;
      const key = term.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      keywords.push(term);
      if (keywords.length >= MAX_KEYWORDS) break;
    }
  }
  return keywords;
}

/**
 * The local summary of a collection `input` whose `documents` are known to be valid
 * ({@link collectionDocuments}); see the comment at the top of this file.
 */
export function summarizeCollection(
  input: Pick<SummarizeInput, 'text' | 'customPrompt' | 'length' | 'format' | 'sourceLanguage'>,
  documents: readonly SummaryDocument[],
  parts: CollectionSummarizerParts,
): CollectionExtract {
  const plan = planSummary(parseSummaryPrompt(input.customPrompt, input.sourceLanguage), {
    length: input.length,
    format: input.format,
  });
  const texts = documents.map((document) => input.text.slice(document.start, document.end));
  const language = input.sourceLanguage;
  const segmented = texts.map((text) => segmentSentences(text, { language }));
  const sizes = texts.map((text, index) => ({
    sentences: (segmented[index] as Sentence[]).filter(isProse).length,
    words: countWords(text),
  }));
  let total: number;
  if (plan.format === 'tldr') total = documents.length;
  else if (plan.sentenceCount !== null) total = Math.max(documents.length, plan.sentenceCount);
  else {
    const sentences = sizes.reduce((sum, size) => sum + size.sentences, 0);
    const words = sizes.reduce((sum, size) => sum + size.words, 0);
    total = Math.max(
      documents.length,
      parts.lengthTarget(Math.max(1, sentences), words, plan.length).sentences,
    );
  }
  const shares = shareAmongDocuments(sizes, total);
  const similarity = new CollectionSimilarity(
    segmented.flatMap((units, index) => {
      const offset = (documents[index] as SummaryDocument).start;
      return units.filter(isProse).map((unit) => ({
        document: index,
        start: unit.start + offset,
        end: unit.end + offset,
        terms: termCounts(unit.text, language),
      }));
    }),
  );
  const sourceMap: SourceMapEntry[] = [];
  const owner: number[] = [];
  const chosen: SentenceVector[] = [];
  const keywordLists: string[][] = [];
  const applied: (boolean | null)[] = [];
  documents.forEach((document, index) => {
    const pick = (count: number) => {
      const extract = parts.summarizeText(
        {
          text: texts[index] as string,
          customPrompt: input.customPrompt,
          length: plan.length,
          // The collection's layout is made below; each document gives sentences.
          format: 'paragraph',
          // The collection's language (its larger one) reads every document.
          sourceLanguage: language,
        },
        count,
      );
      const entries = extract.sourceMap.map((entry) => ({
        entry: {
          text: entry.text,
          sources: entry.sources.map((span) => ({
            start: span.start + document.start,
            end: span.end + document.start,
          })),
        },
        vector: similarity.vectorOf(termCounts(entry.text, language)),
      }));
      return { extract, entries };
    };
    // A sentence an earlier document's chosen sentence already says is left out (that one
    // cites this document's sentence instead), and the document chooses as many more.
    const earlier = chosen.slice();
    const repeats = (vector: SentenceVector) =>
      earlier.some((other) => similarity.alike(vector, other));
    const share = shares[index] as number;
    let picked = pick(share);
    const repeated = picked.entries.filter((item) => repeats(item.vector)).length;
    if (repeated > 0) picked = pick(share + repeated);
    for (const item of picked.entries) {
      if (repeats(item.vector)) continue;
      sourceMap.push(item.entry);
      owner.push(index);
      chosen.push(item.vector);
    }
    keywordLists.push(picked.extract.keywords);
    applied.push(picked.extract.promptApplied);
  });
  const corroborated = corroborate(sourceMap, owner, similarity, documents.length, language);
  const prompted = (input.customPrompt ?? '').trim().length > 0;
  return {
    summary: joinSummarySentences(
      corroborated.map((entry) => entry.text),
      plan.format === 'bullets',
    ),
    sourceMap: corroborated,
    keywords: collectionKeywords(keywordLists),
    promptApplied: prompted ? applied.some((value) => value === true) : null,
  };
}
