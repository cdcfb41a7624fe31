import { SchemaType } from '@google/generative-ai';
import type { ObjectSchema, ResponseSchema } from '@google/generative-ai';
import { z } from 'zod';
import { joinSummarySentences, segmentSentences } from '../text/sentence-segmenter';
import type { NumberedSentence } from '../text/sentence-segmenter';
import type { SourceMapEntry, SourceSpan, SummaryFormat } from '../summarizer';
import { SummarizerError } from '../summarizer-error';
import { extractTerms } from '../text/text-terms';
import { sharesAnchor } from './cross-language';

/**
 * Gemini's structured answer, and what the server makes of it: each output sentence (bullet
 * item) with the numbers of the source sentences it cites, checked and mapped back to offsets
 * in the original.
 */

/**
 * One item of the answer. `propertyOrdering` (a field of the REST API's Schema that the SDK's
 * types lack) makes the model write the sentence before it cites: otherwise properties come
 * alphabetically, citations first.
 */
const ITEM_SCHEMA: ObjectSchema & { propertyOrdering: string[] } = {
  type: SchemaType.OBJECT,
  properties: {
    text: {
      type: SchemaType.STRING,
      description:
        'One sentence of the summary (one bullet item), without numbers in brackets or a bullet marker.',
    },
    sources: {
      type: SchemaType.ARRAY,
      description:
        'The numbers of the document sentences that state what this sentence says; empty when none does.',
      items: { type: SchemaType.INTEGER },
    },
  },
  required: ['text', 'sources'],
  propertyOrdering: ['text', 'sources'],
};

/** What Gemini is asked to answer (GenerationConfig.responseSchema). */
export const SUMMARY_RESPONSE_SCHEMA: ResponseSchema = {
  type: SchemaType.OBJECT,
  properties: {
    items: {
      type: SchemaType.ARRAY,
      description: 'The summary, in reading order: one entry per sentence (per bullet item).',
      items: ITEM_SCHEMA,
    },
  },
  required: ['items'],
};

const itemSchema = z.object({
  text: z.string(),
  // Numbers are checked one by one on the server; a fraction or a negative is dropped there.
  sources: z.array(z.number()).default([]),
});
const answerSchema = z.object({ items: z.array(itemSchema) });

/**
 * The summary items among raw item objects (as parsed from JSON), cleaned: one that is not
 * of the item shape is left out, one holding a Markdown list becomes one per line, one with no
 * text left is dropped. For the items of a streamed answer, as they complete.
 */
export function answerItemsOf(raw: readonly unknown[]): AnswerItem[] {
  return raw
    .flatMap((value) => {
      const item = itemSchema.safeParse(value);
      return item.success ? splitListItem(item.data) : [];
    })
    .map((item) => ({ text: cleanItemText(item.text), sources: item.sources }))
    .filter((item) => item.text.length > 0);
}

/**
 * Finds the items of a JSON answer while it streams in: feed it the text as it comes, and it
 * returns each `{…}` of the `"items"` array once the object is complete (parsed, not checked).
 */
export class StreamedItemScanner {
  private text = '';
  private position = -1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private objectStart = 0;
  private finished = false;

  push(chunk: string): unknown[] {
    this.text += chunk;
    const found: unknown[] = [];
    if (this.finished) return found;
    if (this.position < 0) {
      const start = /"items"\s*:\s*\[/u.exec(this.text);
      if (!start) return found;
      this.position = start.index + start[0].length;
    }
    for (; this.position < this.text.length; this.position++) {
      const char = this.text[this.position];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
      } else if (char === '"') {
        this.inString = true;
      } else if (char === '{') {
        if (this.depth === 0) this.objectStart = this.position;
        this.depth++;
      } else if (char === '}' && this.depth > 0) {
        this.depth--;
        if (this.depth === 0) {
          try {
            found.push(JSON.parse(this.text.slice(this.objectStart, this.position + 1)));
          } catch {
            // Not JSON after all: the final parse of the whole answer decides.
          }
        }
      } else if (char === ']' && this.depth === 0) {
        this.finished = true;
        break;
      }
    }
    return found;
  }
}

/** One item of Gemini's answer, as it wrote it. */
export interface AnswerItem {
  text: string;
  sources: number[];
}

function incomplete(message: string, cause?: unknown): SummarizerError {
  return new SummarizerError('INCOMPLETE', message, {
    retryable: true,
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * The JSON of an answer as a model may dress it: inside a code fence (```json, ```markdown,
 * or none), after a label or a preamble ("Summary:", "Here is the summary:"). Returns the text
 * from the fence, else from the first `{` to the last `}`; else the answer as it is.
 */
export function unwrapAnswer(raw: string): string {
  const text = raw.trim();
  if (text.startsWith('{')) return text.replace(/\s*```$/u, '');
  const fenced = /```[\w-]*[ \t]*\r?\n?([\s\S]*?)\r?\n?[ \t]*```/u.exec(text);
  if (fenced && (fenced[1] ?? '').trim().startsWith('{')) return (fenced[1] as string).trim();
  const open = text.indexOf('{');
  const close = text.lastIndexOf('}');
  return open >= 0 && close > open ? text.slice(open, close + 1) : text;
}

/** A Markdown list line: "- x", "* x", "• x", "1. x", "2) x". */
const LIST_LINE = /^\s*(?:[-*•‣–—]|\d{1,2}[.)])\s+\S/u;

/**
 * An item's text as separate items when it is a Markdown list (two list lines or more): a
 * model sometimes packs a whole list, under a label, into one item.
 */
function splitListItem(item: AnswerItem): AnswerItem[] {
  const lines = item.text.split(/\r?\n/u).filter((line) => line.trim().length > 0);
  if (lines.filter((line) => LIST_LINE.test(line)).length < 2) return [item];
  return lines.map((line) => ({ text: line, sources: item.sources }));
}

/**
 * Reads Gemini's JSON answer (a code fence around it, or a label or preamble before it, is
 * tolerated: {@link unwrapAnswer}). Throws a retryable INCOMPLETE SummarizerError for anything
 * that is not JSON of the agreed shape (a truncated answer, prose, another shape), and
 * EMPTY_RESPONSE when it holds no item with text. Item texts are cleaned
 * ({@link cleanItemText}); one holding a Markdown list becomes one item per list line.
 */
export function parseGeminiAnswer(raw: string): AnswerItem[] {
  let json: unknown;
  try {
    json = JSON.parse(unwrapAnswer(raw));
  } catch (error) {
    throw incomplete('Gemini answered with malformed JSON', error);
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) {
    throw incomplete('Gemini answered JSON of the wrong shape', parsed.error);
  }
  const items = answerItemsOf(parsed.data.items);
  if (items.length === 0) {
    throw new SummarizerError('EMPTY_RESPONSE', 'Gemini answered without a summary', {
      retryable: true,
    });
  }
  return items;
}

const BULLET_MARKER = /^(?:[-*•‣–—]\s+|\d{1,2}[.)]\s+)/u;
/** Markdown emphasis around a label: "**Summary:**", "__TL;DR__:". In the text only `**` bold is undone: `__` is too common in code names. */
const EMPHASIS = String.raw`(?:\*\*|__|\*|_)?`;
/** A label before the summary: "Summary:", "**TL;DR:**", "Key points -", "## Summary:". */
const LEADING_LABEL = new RegExp(
  String.raw`^#{0,6}\s*${EMPHASIS}\s*(?:(?:brief|short|concise|quick)\s+)?` +
    String.raw`(?:summary|summarization|tl;?\s?dr|key\s+(?:points|takeaways)|main\s+points|` +
    String.raw`in\s+summary|in\s+short|overview|résumé|resumen|zusammenfassung)` +
    String.raw`\s*${EMPHASIS}\s*(?:[:：]|[-–—](?=\s))\s*${EMPHASIS}\s*`,
  'iu',
);
/** A preamble: "Here is a summary of the document:", "Sure! Here's a brief summary…". */
const PREAMBLE = new RegExp(
  String.raw`^(?:(?:sure|certainly|of course|okay|ok)[,!.]?\s+)?` +
    String.raw`(?:here(?:'s|’s|\s+is|\s+are)|the\s+following\s+(?:is|are))\s+` +
    String.raw`[^:\n.!?]{0,80}?\b(?:summary|summarization|overview|key\s+points|tl;?\s?dr)\b` +
    String.raw`[^:\n.…]{0,80}?(?::|\.{3}|…|\.)\s*`,
  'iu',
);

/**
 * An item's text on one line, without what is not the summary itself: a code fence, a label or
 * preamble at its start ("Summary:", "Here is a summary…"), Markdown emphasis and heading
 * marks, a bullet marker, inline citations ("[3]", "[2, 5]").
 */
export function cleanItemText(text: string): string {
  let cleaned = text
    .replace(/^\s*```[\w-]*/u, '')
    .replace(/```\s*$/u, '')
    .replace(/\s*\[\s*\d+(?:\s*[,;–-]\s*\d+)*\s*\]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  // Labels and preambles may come stacked: "**Summary:** Here is a summary: …".
  for (let previous = ''; previous !== cleaned;) {
    previous = cleaned;
    cleaned = cleaned
      .replace(BULLET_MARKER, '')
      .replace(LEADING_LABEL, '')
      .replace(PREAMBLE, '')
      .trim();
  }
  return cleaned
    .replace(/\*\*(\S(?:.*?\S)?)\*\*/gu, '$1')
    .replace(/\*\*/gu, '')
    .replace(/^#{1,6}\s+/u, '')
    .replace(BULLET_MARKER, '')
    .trim();
}

/*
 * When a cited sentence supports an output sentence. Content words are the ranking terms of
 * the local summarizer (stop words left out, plurals and -ing/-ed folded, numbers kept,
 * character pairs for scripts written without spaces); two words match when they are equal or
 * one of at least five letters begins the other ("construct", "construction"). With O and S
 * the distinct content words of the output and of the cited sentence, and `shared` the words
 * of O that match one of S:
 *  - when either has at most 3 content words, one shared word is enough;
 *  - otherwise at least 2 must be shared, and at least a fifth of the shorter one's words.
 * A citation failing this rule is dropped: the model pointed at a sentence that does not say
 * what its sentence says.
 */
const SHORT_SENTENCE_TERMS = 3;
const MIN_SHARED_TERMS = 2;
const MIN_SHARED_SHARE = 0.2;
const PREFIX_MATCH_LENGTH = 5;

function termsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= PREFIX_MATCH_LENGTH && longer.startsWith(shorter);
}

/** Whether a source sentence with content words `source` supports one with `output`. */
export function supports(output: ReadonlySet<string>, source: ReadonlySet<string>): boolean {
  if (output.size === 0 || source.size === 0) return false;
  let shared = 0;
  for (const term of output) {
    if (source.has(term) || [...source].some((other) => termsMatch(term, other))) shared++;
  }
  const smaller = Math.min(output.size, source.size);
  if (smaller <= SHORT_SENTENCE_TERMS) return shared >= 1;
  return shared >= Math.max(MIN_SHARED_TERMS, Math.ceil(MIN_SHARED_SHARE * smaller));
}

export function contentTerms(text: string): Set<string> {
  return new Set(extractTerms(text));
}

/** How an answer is checked. */
export interface CheckOptions {
  /**
   * The summary is in another language than the document (cross-language.ts): a citation that
   * shares too few words is kept, checked by a shared number or name where it has one, else
   * its entry is marked `checked: false`.
   */
  crossLanguage?: boolean | undefined;
}

/** What the server made of an answer: the summary text and its checked source map. */
export interface CheckedSummary {
  summary: string;
  sourceMap: SourceMapEntry[];
  /** Citations left out: numbers naming no sentence, and sentences that do not support it. */
  dropped: { outOfRange: number; unsupported: number };
}

/** Splits a paragraph item into its sentences (Gemini sometimes writes two in one item). */
function sentencesOf(text: string): string[] {
  // Never cut a long sentence into chunks as the source's segmentation does.
  const sentences = segmentSentences(text, {
    maxSentenceWords: Number.MAX_SAFE_INTEGER,
    maxSentenceChars: Number.MAX_SAFE_INTEGER,
  }).map((sentence) => sentence.text.trim());
  const nonEmpty = sentences.filter((sentence) => sentence.length > 0);
  return nonEmpty.length > 0 ? nonEmpty : [text];
}

/** A prose sentence ends with its punctuation; one the model left open gets a full stop. */
function closed(sentence: string): string {
  return /[\p{L}\p{N}]$/u.test(sentence) ? `${sentence}.` : sentence;
}

/**
 * Builds the summary from Gemini's items in the requested format (bullets: one `- ` line per
 * item; paragraph: the sentences joined, one source-map entry per sentence, each closed by
 * its punctuation; tldr: the first sentence of the first item only) and checks every citation: a number that names no unit of
 * `units` is dropped, so is a cited sentence that fails {@link supports}. The rest become the
 * `{ start, end }` offsets of the cited sentences in the original, in document order, each once.
 */
export function checkAnswer(
  items: readonly AnswerItem[],
  units: readonly NumberedSentence[],
  format: SummaryFormat,
  options: CheckOptions = {},
): CheckedSummary {
  const dropped = { outOfRange: 0, unsupported: 0 };
  const unitTerms = new Map<number, Set<string>>();
  const termsOfUnit = (number: number): Set<string> => {
    let terms = unitTerms.get(number);
    if (!terms) {
      terms = contentTerms((units[number - 1] as NumberedSentence).text);
      unitTerms.set(number, terms);
    }
    return terms;
  };

  const entryOf = (text: string, cited: readonly number[]): SourceMapEntry => {
    const terms = contentTerms(text);
    const kept = new Set<number>();
    let unchecked = false;
    for (const number of new Set(cited)) {
      if (!Number.isInteger(number) || number < 1 || number > units.length) {
        dropped.outOfRange++;
      } else if (supports(terms, termsOfUnit(number))) {
        kept.add(number);
      } else if (options.crossLanguage) {
        // Another language shares few words: a shared number or name checks it, else it is kept unchecked.
        kept.add(number);
        if (!sharesAnchor(text, (units[number - 1] as NumberedSentence).text)) unchecked = true;
      } else {
        dropped.unsupported++;
      }
    }
    const sources: SourceSpan[] = [...kept]
      .sort((a, b) => a - b)
      .map((number) => {
        const unit = units[number - 1] as NumberedSentence;
        return { start: unit.start, end: unit.end };
      });
    return unchecked ? { text, sources, checked: false } : { text, sources };
  };

  let sourceMap: SourceMapEntry[];
  if (format === 'bullets') {
    sourceMap = items.map((item) => entryOf(item.text, item.sources));
  } else if (format === 'tldr') {
    const first = items[0] as AnswerItem;
    sourceMap = [entryOf(closed(sentencesOf(first.text)[0] as string), first.sources)];
  } else {
    sourceMap = items.flatMap((item) =>
      sentencesOf(item.text).map((sentence) => entryOf(closed(sentence), item.sources)),
    );
  }
  const texts = sourceMap.map((entry) => entry.text);
  const summary = joinSummarySentences(texts, format === 'bullets');
  return { summary, sourceMap, dropped };
}
