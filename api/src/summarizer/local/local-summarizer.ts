import { documentParts, sentenceRoles, withNumberedHeadings } from './document-roles';
import { addressesAnAi } from '../text/instruction-like';
import { summarizeInThread, THREAD_MIN_CHARS } from './local-summarizer-pool';
import type { LocalExtract } from './local-summarizer-pool';
import type { SentenceRole } from './document-roles';
import { DEFAULT_CONTROLS, parseSummaryPrompt, planSummary } from '../text/prompt-steering';
import type { SummaryControls, SummaryPlan, SummarySteering } from '../text/prompt-steering';
import { joinSummarySentences, segmentSentences } from '../text/sentence-segmenter';
import type { Sentence } from '../text/sentence-segmenter';
import type {
  SourceMapEntry,
  SummarizeInput,
  Summarizer,
  SummaryLength,
  SummaryResult,
} from '../summarizer';
import { SummarizerError } from '../summarizer-error';
import { extractKeywords, extractTerms, tokenize } from '../text/text-terms';
import type { TextToken } from '../text/text-terms';
import { streamResult } from '../summary-stream';
import { collectionDocuments, summarizeCollection } from './collection-summary';
import { findSection } from '../../lib/document-sections';
import { largestRemainders } from '../../lib/largest-remainders';

/** The model name stored with every summary the local summarizer writes. */
export const LOCAL_SUMMARIZER_MODEL = 'brevity-local-extractive';

/*
 * The ranking, in the order it is applied. The constants are global, never tuned per text;
 * they sit in the middle of a plateau of settings that all beat the baselines of the
 * benchmark (api/bench), not at its peak:
 *  1. Only prose sentences compete: headings, table rows, code and e-mail headers never do,
 *     and list items only when the text is mostly a list.
 *  2. Sentences become sublinear TF-IDF vectors; similarity is their cosine.
 *  3. Position-aware centrality (PacSum, Zheng & Lapata 2019): a sentence similar to many later
 *     sentences introduces what the text goes on to say; similarity to earlier sentences counts
 *     less. Edges below a small share of the similarity range are ignored.
 *  4. A lead prior for text organized like news: the first few sentences (of each section, in a
 *     document with headings) are favoured, in proportion to how central the opening actually
 *     is (an opening that is not about what follows gets no bonus).
 *  5. Headings guide: a sentence that shares words with its section's heading or the
 *     document's title is favoured.
 *  6. Research writing: the first sentences where the authors say what they propose, present
 *     or show ("We propose …", "This paper presents …") are what a reader wants first.
 *  7. Length: sentences with few content words (bylines, captions, fragments) and very long
 *     ones (run-ons, glued captions) are discounted.
 *  8. Greedy selection with maximal marginal relevance, so the summary does not say the same
 *     thing twice; in a document with sections, every main section is drawn from before any
 *     section gives a second sentence. A sentence that opens with a pronoun or a connective
 *     ("He", "This", "However") brings the sentence before it along, or is skipped.
 */
const EDGE_THRESHOLD = 0.1;
const FORWARD_WEIGHT = 1;
const BACKWARD_WEIGHT = 0.3;
const LEAD_WEIGHT = 3;
/** Decay of the lead prior, in sentences: the point of a news text is in its first few. */
const LEAD_DECAY = 4;
const HEADING_WEIGHT = 0.5;
const CLAIM_WEIGHT = 3;
/** On top, for the authors' contribution: what they propose, introduce, present, develop. */
const CONTRIBUTION_WEIGHT = 2;
/** How much less each later claim (contribution) sentence counts than the one before. */
const CLAIM_DECAY = 0.5;
const MIN_INFORMATIVE_TERMS = 8;
const LONG_SENTENCE_WORDS = 45;
const REDUNDANCY_PENALTY = 0.5;
const DUPLICATE_SIMILARITY = 0.9;
/** A sentence on all of the asked-for topic: above any merely central, early or claim one. */
const FOCUS_WEIGHT = LEAD_WEIGHT + CLAIM_WEIGHT + CONTRIBUTION_WEIGHT + 1;
const HINT_BOOST = 0.4;
/** Below this share of the words in prose, a text is a list and its items may be picked. */
const MIN_PROSE_SHARE = 0.25;
/** A section with fewer candidate sentences than this is not one the summary must cover. */
const MIN_SECTION_SENTENCES = 2;
/**
 * Findings first (results, conclusions, a report's summary and recommendations, the decisions
 * of minutes): above a merely central sentence or an authors' claim, below an asked-for topic.
 * A finding that opens its labelled part weighs in full, the rest of the part half.
 */
const FINDING_WEIGHT = 6;
/** A sentence said again elsewhere in the text (boilerplate of parallel sections) counts this much. */
const REPEATED_FACTOR = 0.5;
/** "For a child": sentences up to this many words are not discounted. */
const SIMPLE_WORDS = 15;
/** Of a document's main sections, a medium summary draws on at least this share, a long one more. */
const SECTION_SHARE: Record<SummaryLength, number> = { short: 0, medium: 0.5, long: 0.8 };
// Beyond this many units, neighbouring sentences are merged: the similarity graph is
// quadratic in the number of units, and this bound caps its cost whatever the text looks like.
const MAX_UNITS = 500;

// Beyond this many characters a text is summarized by sections (see pickBySections): pasted
// text (at most 50,000) never is, files, pages and scans of up to 500,000 may be.
const LONG_DOCUMENT_CHARS = 50_000;
/** A part of a long document has at most this many candidates: the ranking takes them unmerged. */
const PART_CANDIDATES = 400;
/** …and at most this many characters: a document without headings is cut into even chunks. */
const PART_CHARS = 50_000;

/**
 * Sentence targets per length: a share of the source's candidate sentences within a minimum
 * and a maximum, and a word budget as a share of its words. Never more than half the
 * sentences (rounded up): a summary as long as its source summarizes nothing.
 */
const LENGTHS: Record<SummaryLength, { share: number; min: number; max: number; words: number }> = {
  short: { share: 0.1, min: 1, max: 6, words: 0.15 },
  medium: { share: 0.2, min: 2, max: 12, words: 0.3 },
  long: { share: 0.35, min: 3, max: 20, words: 0.5 },
};
const MIN_WORD_BUDGET = 40;
const LENGTH_ORDER: readonly SummaryLength[] = ['short', 'medium', 'long'];

// Sentence openings whose referent is in the sentence before: pronouns and connectives.
const DANGLING_START =
  /^["'“‘(«]*(?:he|she|it|they|him|her|his|its|their|them|this|that|these|those|such|however|but|and|or|nor|so|yet|also|moreover|furthermore|further|therefore|thus|hence|consequently|accordingly|meanwhile|instead|still|nevertheless|nonetheless|otherwise|likewise|similarly|besides|additionally|then|in addition|as a result|for example|for instance|in contrast|by contrast|on the other hand|in fact|at the same time|even so|the latter|the former)\b/i;
// …except where the pronoun points at the document itself or is an expletive "it".
const SELF_REFERENCE =
  /^["'“‘(«]*(?:this|these)\s+(?:paper|papers|work|article|study|studies|thesis|report|letter|note|chapter|document|memo|essay|review|survey|post|book|talk|tutorial|guide|section|proposal)\b|^["'“‘(«]*it\s+(?:is|was|has\s+been|will\s+be|would\s+be|seems|appears|remains)\s+(?:\S+\s+){0,3}?(?:that|to|whether|how|why|what)\b/i;
// The authors' own statement of what they do: "we" or "this paper" and a verb of research.
const CLAIM =
  /\b(?:we|this\s+(?:paper|work|article|study|thesis|report|letter|note|chapter)|in\s+this\s+(?:paper|work|article|study)|our\s+(?:paper|work))\b[^.;:?]{0,100}?\b(?:propos|present|introduc|show|demonstrat|develop|describ|design|devis|formulat|offer|provid|stud|investigat|explor|analy[sz]|examin|address|tackl|consider|extend|argu|establish|prove|deriv|report|find|found|defin|compar|employ|hypothesi[sz]|discover|evaluat|identif|characteri[sz]|leverag|outperform|incorporat|construct)\w*/i;
const CONTRIBUTION = /\b(?:propos|introduc|present|develop|design|devis|formulat)\w*/i;
const AUTHOR_VOICE = /\b(?:[Ww][Ee]|[Tt]his|THIS|[Oo]ur|OUR)\b/;
const AUTHORIAL =
  /\b(?:we|this\s+(?:paper|work|article|study|thesis|report|letter|note|chapter)|our\s+(?:paper|work))\b/i;
// Reported speech, and quotations: a "we" there is the speaker's, not the author's.
const REPORTED_SPEECH = /\b(?:said|says|told|tells|according)\b/i;
const QUOTATION = /"[^"]*"|“[^”]*”/g;
// Double quotes, opening single quotes, and a straight single quote that opens the sentence
// or a quotation (after a space) or closes one (after punctuation).
const QUOTE_MARK = /["“”‘]|^'|\s'\S|[,.!?]'/;
// Sections a summary does not need to cover.
const BACK_MATTER =
  /^(?:references|bibliography|works cited|sources|acknowledge?ments?|appendi(?:x|ces)\b.*|(?:table of )?contents|footnotes|notes|about the authors?|disclaimer|licen[cs]e|copyright)$/i;

export interface ExtractiveSummary {
  /** The summary: prose, or `- ` lines for bullets. */
  summary: string;
  /** The chosen sentences, in document order. */
  sentences: string[];
  /** One entry per sentence (bullet item) of `summary`, with its offsets in the source. */
  sourceMap: SourceMapEntry[];
}

interface Unit {
  /** The segmented sentences the unit stands for (more than one only in very long texts). */
  sentences: Sentence[];
  /** Position of its first sentence in the segmented text. */
  first: number;
  last: number;
  section: number;
  terms: string[];
  distinctTerms: Set<string>;
  words: number;
  dangling: boolean;
  /** The authors ("we", "this paper", not a quoted speaker) say what they propose or show. */
  claim: boolean;
  /** …and that is their contribution: what they propose, introduce, present or develop. */
  contribution: boolean;
  /** What the sentence is for a reader (a finding, a method…), from the document's labels. */
  role: SentenceRole | null;
  /** It opens its labelled part ("Results: …", the first sentence under "Conclusions"). */
  opensPart: boolean;
  /** How much longer than plain words its words are (1 up to five letters on average). */
  wordLength: number;
}

interface TermVector {
  ids: Int32Array;
  weights: Float64Array;
}

interface Candidate {
  sentence: Sentence;
  index: number;
  section: number;
  terms: string[];
  words: number;
  role: SentenceRole | null;
  opensPart: boolean;
}

function isDangling(text: string): boolean {
  return DANGLING_START.test(text) && !SELF_REFERENCE.test(text);
}

function toUnit(group: Candidate[]): Unit {
  const firstCandidate = group[0] as Candidate;
  const lastCandidate = group[group.length - 1] as Candidate;
  // A loop, not flatMap: in a very long text each unit gathers hundreds of terms, and
  // flatMap's copying was the costliest line of the summary.
  let terms = firstCandidate.terms;
  if (group.length > 1) {
    terms = [];
    for (const candidate of group) for (const term of candidate.terms) terms.push(term);
  }
  const text = firstCandidate.sentence.text;
  // Cheap tests first: most sentences have no author's voice at all.
  let claim = false;
  if (AUTHOR_VOICE.test(text)) {
    const quoted = text.includes('"') || text.includes('“');
    const unquoted = quoted ? text.replace(QUOTATION, ' ') : text;
    // A quotation mark left over opens or closes a quotation that spans sentences.
    claim =
      AUTHORIAL.test(unquoted) &&
      !QUOTE_MARK.test(unquoted) &&
      !REPORTED_SPEECH.test(unquoted) &&
      !text.trimEnd().endsWith('?') &&
      CLAIM.test(unquoted);
  }
  return {
    sentences: group.map((candidate) => candidate.sentence),
    first: firstCandidate.index,
    last: lastCandidate.index,
    section: firstCandidate.section,
    terms,
    distinctTerms: new Set(terms),
    words: group.reduce((total, candidate) => total + candidate.words, 0),
    dangling: isDangling(text),
    claim,
    contribution: claim && CONTRIBUTION.test(text),
    role: firstCandidate.role,
    opensPart: firstCandidate.opensPart,
    wordLength: Math.max(1, text.length / Math.max(1, firstCandidate.words) / 6) ** 2,
  };
}

function mergeUnits(candidates: Candidate[]): Unit[] {
  if (candidates.length <= MAX_UNITS) return candidates.map((candidate) => toUnit([candidate]));
  const groupSize = Math.ceil(candidates.length / MAX_UNITS);
  const merged: Unit[] = [];
  for (let i = 0; i < candidates.length; i += groupSize) {
    merged.push(toUnit(candidates.slice(i, i + groupSize)));
  }
  return merged;
}

/** Sublinear TF-IDF vectors, L2-normalized, over the sentences of one text. */
function buildVectors(units: Unit[]): {
  vectors: TermVector[];
  terms: number;
  /** Inverse document frequency of a term of the text (0 for a term it does not have). */
  idf: (term: string) => number;
} {
  const termIds = new Map<string, number>();
  const unitTerms = units.map((unit) => {
    const ids = new Int32Array(unit.terms.length);
    unit.terms.forEach((term, k) => {
      let id = termIds.get(term);
      if (id === undefined) {
        id = termIds.size;
        termIds.set(term, id);
      }
      ids[k] = id;
    });
    return ids;
  });
  const terms = termIds.size;
  const documentFrequency = new Float64Array(terms);
  const lastUnit = new Int32Array(terms).fill(-1);
  unitTerms.forEach((ids, unit) => {
    for (const id of ids) {
      if (lastUnit[id] === unit) continue;
      lastUnit[id] = unit;
      documentFrequency[id] = (documentFrequency[id] as number) + 1;
    }
  });
  const n = units.length;
  const counts = new Int32Array(terms);
  const vectors = unitTerms.map((unitIds) => {
    const distinct: number[] = [];
    for (const id of unitIds) {
      if (counts[id] === 0) distinct.push(id);
      counts[id] = (counts[id] as number) + 1;
    }
    const ids = new Int32Array(distinct);
    const weights = new Float64Array(distinct.length);
    let norm = 0;
    distinct.forEach((id, k) => {
      const count = counts[id] as number;
      const weight = (1 + Math.log(count)) * Math.log(1 + n / (documentFrequency[id] as number));
      weights[k] = weight;
      norm += weight * weight;
      counts[id] = 0;
    });
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < weights.length; i++) weights[i] = (weights[i] as number) / norm;
    return { ids, weights };
  });
  const idf = (term: string): number => {
    const id = termIds.get(term);
    return id === undefined ? 0 : Math.log(1 + n / (documentFrequency[id] as number));
  };
  return { vectors, terms, idf };
}

interface Similarity {
  /** Cosine similarity of every pair of units, n × n, symmetric. */
  matrix: Float64Array;
  n: number;
  /** Smallest and largest similarity between two different units. */
  min: number;
  max: number;
}

// The similarity matrix of the last summary, reused by the next: a summary is computed in one
// synchronous call, and allocating up to MAX_UNITS² numbers anew each time costs more in
// garbage collection than clearing them.
let scratch = new Float64Array(0);

/** Cosine similarity of every pair, accumulated through an inverted index. */
function similarityOf(vectors: TermVector[], terms: number): Similarity {
  const n = vectors.length;
  if (scratch.length < n * n) scratch = new Float64Array(n * n);
  const matrix = scratch.subarray(0, n * n);
  matrix.fill(0);
  // The inverted index, flat: the units and weights of term t at [first[t], first[t + 1]).
  const first = new Int32Array(terms + 1);
  for (const vector of vectors)
    for (const id of vector.ids) first[id + 1] = (first[id + 1] as number) + 1;
  for (let t = 0; t < terms; t++) first[t + 1] = (first[t + 1] as number) + (first[t] as number);
  const filled = first.slice(0, terms);
  const postingUnits = new Int32Array(first[terms] as number);
  const postingWeights = new Float64Array(first[terms] as number);
  vectors.forEach((vector, unit) => {
    for (let k = 0; k < vector.ids.length; k++) {
      const id = vector.ids[k] as number;
      const slot = filled[id] as number;
      postingUnits[slot] = unit;
      postingWeights[slot] = vector.weights[k] as number;
      filled[id] = slot + 1;
    }
  });
  for (let t = 0; t < terms; t++) {
    const end = first[t + 1] as number;
    for (let a = first[t] as number; a < end; a++) {
      const rowOffset = (postingUnits[a] as number) * n;
      const weight = postingWeights[a] as number;
      for (let b = a + 1; b < end; b++) {
        const cell = rowOffset + (postingUnits[b] as number);
        matrix[cell] = (matrix[cell] as number) + weight * (postingWeights[b] as number);
      }
    }
  }
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const value = matrix[i * n + j] as number;
      matrix[j * n + i] = value;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return { matrix, n, min, max };
}

function normalizeScores(values: Float64Array): Float64Array {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const range = max - min;
  return values.map((value) => (range > 0 ? (value - min) / range : 1));
}

/**
 * Position-aware centrality of every unit, and how much the text reads like news, from 0 to 1:
 * 1 when its opening sentences are among the most central (inverted pyramid), falling to 0 as
 * the opening becomes peripheral. One pass over the similarity matrix.
 */
function graphScores(similarity: Similarity): {
  centrality: Float64Array;
  leadStrength: number;
  repeated: Uint8Array;
} {
  const { matrix, n, min, max } = similarity;
  const threshold = n > 1 ? min + EDGE_THRESHOLD * (max - min) : 0;
  const centrality = new Float64Array(n);
  const degree = new Float64Array(n);
  const repeated = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let forward = 0;
    let backward = 0;
    let sum = 0;
    const row = i * n;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const value = matrix[row + j] as number;
      // A sentence said again word for word (the boilerplate of parallel sections) is
      // repeated, not central: its copies are no evidence of what the text is about.
      if (value >= DUPLICATE_SIMILARITY) {
        repeated[i] = 1;
        continue;
      }
      sum += value;
      const edge = value - threshold;
      if (edge <= 0) continue;
      if (j > i) forward += edge;
      else backward += edge;
    }
    centrality[i] = FORWARD_WEIGHT * forward + BACKWARD_WEIGHT * backward;
    degree[i] = sum;
  }
  if (n <= 3) return { centrality, leadStrength: 1, repeated };
  const opening = ((degree[0] as number) + (degree[1] as number)) / 2;
  let moreCentral = 0;
  for (const value of degree) if (value > opening) moreCentral++;
  const percentile = moreCentral / (n - 1);
  return { centrality, leadStrength: Math.max(0, Math.min(1, 1.1 - percentile)), repeated };
}

/** The document's structure as the ranking needs it. */
interface Structure {
  /** Section of every segmented sentence (0 before the first section heading). */
  sectionOf: Int32Array;
  /** Terms of each section's heading (and its sub-headings), plus the document's title. */
  headingTerms: Set<string>[];
  /** Sections that are references, acknowledgements, appendices and the like. */
  backMatter: Set<number>;
  /** Sections a summary must draw from (enough sentences, not back matter); may be empty. */
  mainSections: Set<number>;
}

/**
 * Sections start at the headings down to the first level that has two headings or more (a
 * "# Title" then "## …" sections: the title and each "##"; deeper headings belong to their
 * section). A short line standing alone as a title counts as the deepest level. Headings
 * before any prose (the title) guide every section.
 */
function documentStructure(segmented: Sentence[], termsOf: string[][]): Structure {
  const levels = segmented
    .filter((sentence) => sentence.kind === 'heading')
    .map((heading) => heading.level ?? 7)
    .sort((a, b) => a - b);
  const sectionLevel = levels.length >= 2 ? (levels[1] as number) : 0;
  const sectionOf = new Int32Array(segmented.length);
  const headingTerms: Set<string>[] = [new Set()];
  const titleTerms = new Set<string>();
  const backMatter = new Set<number>();
  let section = 0;
  let seenProse = false;
  segmented.forEach((sentence, index) => {
    if (sentence.kind === 'heading') {
      const terms = termsOf[index] ?? [];
      if ((sentence.level ?? 7) <= sectionLevel) {
        section++;
        headingTerms.push(new Set(terms));
        if (BACK_MATTER.test(sentence.text.replace(/^[\d.\s]+|[:.\s]+$/gu, ''))) {
          backMatter.add(section);
        }
      } else {
        for (const term of terms) headingTerms[section]?.add(term);
      }
      if (!seenProse) for (const term of terms) titleTerms.add(term);
    } else {
      seenProse = true;
    }
    sectionOf[index] = section;
  });
  for (const terms of headingTerms) for (const term of titleTerms) terms.add(term);
  return { sectionOf, headingTerms, backMatter, mainSections: new Set() };
}

/** The sections with enough candidates to be worth covering, when there are two or more. */
function mainSectionsOf(structure: Structure, candidates: Candidate[]): Set<number> {
  const sizes = new Map<number, number>();
  for (const candidate of candidates) {
    sizes.set(candidate.section, (sizes.get(candidate.section) ?? 0) + 1);
  }
  const main = new Set<number>();
  for (const [id, size] of sizes) {
    if (size >= MIN_SECTION_SENTENCES && !structure.backMatter.has(id)) main.add(id);
  }
  return main.size >= 2 ? main : new Set();
}

function sentenceScores(
  units: Unit[],
  similarity: Similarity,
  structure: Structure,
  plan: SummaryPlan,
  idf: (term: string) => number,
  simple: boolean,
): Float64Array {
  const n = units.length;
  const graph = graphScores(similarity);
  const centrality = normalizeScores(graph.centrality);
  // A labelled text (a structured abstract) opens with its background, not its point.
  const labelled = units.some((unit) => unit.role === 'context' || unit.role === 'method');
  const lead = labelled ? 0 : LEAD_WEIGHT * graph.leadStrength;
  // Each term of the asked-for topic weighs as much as it is specific to some sentences: in a
  // text about a tool, "installing the tool" is about installing.
  const focus = new Map([...new Set(plan.focusTerms)].map((term) => [term, idf(term)]));
  let focusTotal = 0;
  for (const weight of focus.values()) focusTotal += weight;
  const hints = new Set(plan.hintTerms);
  const structured = structure.mainSections.size > 0;
  const scores = new Float64Array(n);
  // Research writing: the sentences in which the authors say what they propose, present or
  // show come first, the first of them most, and their contribution before their study.
  const research = units.some((unit) => unit.claim);
  let claims = 0;
  let contributions = 0;
  let position = 0;
  for (let i = 0; i < n; i++) {
    const unit = units[i] as Unit;
    // In a document with sections, each section opens with its own topic sentences.
    if (i > 0 && structured && unit.section !== (units[i - 1] as Unit).section) position = 0;
    let score = (centrality[i] as number) + lead * Math.exp(-position / LEAD_DECAY);
    position++;
    const heading = structure.headingTerms[unit.section];
    if (heading && heading.size > 0) {
      let shared = 0;
      for (const term of heading) if (unit.distinctTerms.has(term)) shared++;
      score += (HEADING_WEIGHT * shared) / heading.size;
    }
    if (research && unit.claim) {
      score += CLAIM_WEIGHT * CLAIM_DECAY ** claims;
      claims++;
      if (unit.contribution) {
        score += CONTRIBUTION_WEIGHT * CLAIM_DECAY ** contributions;
        contributions++;
      }
    }
    if (unit.role === 'finding') score += FINDING_WEIGHT * (unit.opensPart ? 1 : 0.5);
    // "For a child": short sentences of short words.
    if (simple)
      score /= (1 + Math.max(0, unit.words - SIMPLE_WORDS) / SIMPLE_WORDS) * unit.wordLength;
    if (graph.repeated[i]) score *= REPEATED_FACTOR;
    const distinct = unit.distinctTerms.size;
    if (distinct < MIN_INFORMATIVE_TERMS) score *= distinct / MIN_INFORMATIVE_TERMS;
    if (unit.words > LONG_SENTENCE_WORDS) score /= 1 + (unit.words - LONG_SENTENCE_WORDS) / 25;
    let focusWeight = 0;
    let hintHits = 0;
    for (const [term, weight] of focus) if (unit.distinctTerms.has(term)) focusWeight += weight;
    for (const term of hints) if (unit.distinctTerms.has(term)) hintHits++;
    // A sentence on the asked-for topic outranks any sentence that is merely central or early.
    if (focusWeight > 0) score += FOCUS_WEIGHT * (focusWeight / focusTotal);
    if (hintHits > 0) score *= 1 + (HINT_BOOST * hintHits) / hints.size;
    scores[i] = score;
  }
  return normalizeScores(scores);
}

/**
 * How many sentences and words a summary of this length may have, for `n` sentences of
 * `totalWords` words (Gemini's prompt states the same targets).
 */
export function lengthTarget(
  n: number,
  totalWords: number,
  length: SummaryLength,
): { sentences: number; words: number } {
  const rule = LENGTHS[length];
  const wanted = Math.max(rule.min, Math.min(rule.max, Math.round(n * rule.share)));
  return {
    sentences: Math.max(1, Math.min(wanted, Math.ceil(n / 2))),
    words: Math.max(MIN_WORD_BUDGET, totalWords * rule.words),
  };
}

/** One length a selection fills: its sentences, its words, whether method sentences count. */
interface SummaryLevel {
  sentences: number;
  words: number;
  methods: boolean;
}

/**
 * The lengths a selection fills in turn, for `n` sentences of `totalWords` words in `sections`
 * main sections: the shorter lengths first (see {@link selectUnits}), or one exact count.
 */
function summaryLevels(
  n: number,
  totalWords: number,
  sections: number,
  plan: SummaryPlan,
): SummaryLevel[] {
  if (plan.sentenceCount !== null) {
    return [{ sentences: plan.sentenceCount, words: Infinity, methods: false }];
  }
  // Each section a reader would miss is worth a sentence: a medium summary draws on half the
  // main sections at least, a long one on most, within the half-the-text cap and the length's
  // most sentences.
  return LENGTH_ORDER.slice(0, LENGTH_ORDER.indexOf(plan.length) + 1).map((length) => {
    const target = lengthTarget(n, totalWords, length);
    const covering = Math.min(
      Math.ceil(n / 2),
      LENGTHS[length].max,
      Math.ceil(SECTION_SHARE[length] * sections),
    );
    return {
      sentences: Math.max(target.sentences, covering),
      words: covering > target.sentences ? Infinity : target.words,
      // How a study was done is for a reader who wants the detail: a long summary.
      methods: length === 'long',
    };
  });
}

/**
 * Greedy selection with maximal marginal relevance, filling one length after the other: the
 * sentences of a short summary first, then those a medium one adds, then those a long one adds.
 * So a longer summary always contains the shorter ones: short never has more words than medium,
 * nor medium than long. A pick that does not fit the length being filled (with the sentence it
 * brings along) waits for the next. An exact count (a prompt's "in 3 sentences", a TL;DR) is
 * one length of its own.
 */
function selectUnits(
  units: Unit[],
  scores: Float64Array,
  { matrix: similarity }: Similarity,
  structure: Structure,
  plan: SummaryPlan,
): number[] {
  const n = units.length;
  const totalWords = units.reduce((total, unit) => total + unit.words, 0);
  const levels = summaryLevels(n, totalWords, structure.mainSections.size, plan);
  const coverage = plan.focusTerms.length === 0 ? new Set(structure.mainSections) : new Set();
  const chosen: number[] = [];
  const isChosen = new Uint8Array(n);
  // Never to be picked (it leans on a sentence it cannot bring), or not at this length.
  const rejected = new Uint8Array(n);
  const deferred = new Uint8Array(n);
  const redundancy = new Float64Array(n);
  let sentences = 0;
  let words = 0;

  const take = (index: number): void => {
    chosen.push(index);
    isChosen[index] = 1;
    sentences += (units[index] as Unit).sentences.length;
    words += (units[index] as Unit).words;
    coverage.delete((units[index] as Unit).section);
    for (let i = 0; i < n; i++) {
      const value = similarity[index * n + i] as number;
      if (value > (redundancy[i] as number)) redundancy[i] = value;
    }
  };
  /** The best unit still open, by score less what the summary already says. */
  const next = (): number => {
    let best = -1;
    let bestValue = -Infinity;
    const covering = coverage.size > 0;
    for (let i = 0; i < n; i++) {
      // A sentence saying again what the summary already says is never worth its words.
      if (isChosen[i] || rejected[i] || deferred[i]) continue;
      if ((redundancy[i] as number) >= DUPLICATE_SIMILARITY) continue;
      if (covering && !coverage.has((units[i] as Unit).section)) continue;
      // While covering sections, each section's own best sentence: parallel sections say
      // alike things with their own facts, and the penalty would pick their boilerplate.
      const penalty = covering ? 0 : REDUNDANCY_PENALTY * (redundancy[i] as number);
      const value = (scores[i] as number) - penalty;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    return best;
  };
  /** Whether a section still to be covered has a sentence that did not fit this length. */
  const waitingToCover = (): boolean => {
    for (let i = 0; i < n; i++) {
      if (deferred[i] && !isChosen[i] && !rejected[i] && coverage.has((units[i] as Unit).section)) {
        return true;
      }
    }
    return false;
  };
  /** The unit and, when it leans on the sentence before, that one first; null when it cannot. */
  const groupOf = (index: number): number[] | null => {
    const unit = units[index] as Unit;
    if (!unit.dangling || isChosen[index - 1]) return [index];
    const previous = units[index - 1];
    const bringable =
      previous !== undefined &&
      previous.last + 1 === unit.first &&
      previous.section === unit.section &&
      !previous.dangling &&
      (redundancy[index - 1] as number) < DUPLICATE_SIMILARITY;
    return bringable ? [index - 1, index] : null;
  };

  for (const level of levels) {
    deferred.fill(0);
    for (let i = 0; i < n; i++) {
      if (!level.methods && (units[i] as Unit).role === 'method') deferred[i] = 1;
    }
    while (sentences < level.sentences) {
      const best = next();
      if (best < 0) {
        // Every section that can still be covered is covered; the rest compete freely. A
        // section whose sentences only wait for a longer length stays to be covered there.
        if (coverage.size > 0 && !waitingToCover()) {
          coverage.clear();
          continue;
        }
        break;
      }
      const group = groupOf(best);
      if (!group) {
        rejected[best] = 1;
        continue;
      }
      let groupSentences = 0;
      let groupWords = 0;
      for (const index of group) {
        groupSentences += (units[index] as Unit).sentences.length;
        groupWords += (units[index] as Unit).words;
      }
      if (sentences + groupSentences > level.sentences || words + groupWords > level.words) {
        deferred[best] = 1;
        continue;
      }
      for (const index of group) take(index);
    }
    // Nothing fits (every sentence is longer than the budget): the best one beats nothing.
    if (chosen.length === 0 && n > 0) {
      deferred.fill(0);
      const best = next();
      take(best >= 0 ? best : 0);
    }
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * The sentences that compete: prose outside references, appendices and the like, or list items
 * too when the text is mostly a list; failing those, anything with words (a text of headings
 * only, a table).
 */
function candidatesOf(
  segmented: Sentence[],
  termsOf: string[][],
  words: Int32Array,
  structure: Structure,
  roles: readonly (SentenceRole | null)[],
): Candidate[] {
  let all = segmented.map((sentence, index) => {
    const role = roles[index] ?? null;
    const previous = index > 0 ? (roles[index - 1] ?? null) : null;
    return {
      sentence,
      index,
      section: structure.sectionOf[index] ?? 0,
      terms: termsOf[index] ?? [],
      words: words[index] ?? 0,
      role,
      opensPart:
        role !== previous ||
        segmented[index - 1]?.kind === 'heading' ||
        /^\S[^:]{0,40}:\s/u.test(sentence.text),
    };
  });
  // A sentence that gives orders to an AI ("ignore previous instructions…") is never picked
  // (issue 28), unless the text holds nothing else.
  const forReaders = all.filter((candidate) => !addressesAnAi(candidate.sentence.text));
  if (forReaders.length > 0 && forReaders.length < all.length) all = forReaders;
  let proseWords = 0;
  let listWords = 0;
  for (const candidate of all) {
    if (candidate.sentence.kind === 'sentence') proseWords += candidate.terms.length;
    if (candidate.sentence.kind === 'bullet') listWords += candidate.terms.length;
  }
  const listsCount = proseWords < MIN_PROSE_SHARE * (proseWords + listWords);
  // Front matter (attendees, dates, bylines, copyright) is never content.
  const withTerms = all.filter(
    (candidate) => candidate.terms.length > 0 && candidate.role !== 'front-matter',
  );
  const frontMatter = withTerms.filter((candidate) => !structure.backMatter.has(candidate.section));
  const picked = (frontMatter.length > 0 ? frontMatter : withTerms).filter(
    (candidate) =>
      candidate.sentence.kind === 'sentence' ||
      (listsCount && candidate.sentence.kind === 'bullet'),
  );
  if (picked.length > 0) return picked;
  const other = withTerms.filter((candidate) => candidate.sentence.kind !== 'heading');
  if (other.length > 0) return other;
  return withTerms.length > 0 ? withTerms : all;
}

/**
 * Picks the sentences of `text` that best summarize it, steered by the reader's prompt and the
 * request's controls (see {@link planSummary} for which wins), and returns them in document
 * order with their offsets in `text`. Deterministic: the same input always gives the same
 * summary.
 */
export function summarizeExtractive(
  text: string,
  steering: SummarySteering,
  controls: SummaryControls = DEFAULT_CONTROLS,
  language?: string,
): ExtractiveSummary {
  const segmented = withNumberedHeadings(text, segmentSentences(text, { language }));
  return summarizeSegmented(
    segmented,
    documentParts(segmented),
    tokenize(text, language),
    planSummary(steering, controls),
    steering,
    text.length > LONG_DOCUMENT_CHARS,
    language,
  ).extract;
}

// Figures: digits, or numbers and shares in words.
const FIGURE =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|percent|half|third|quarter|dozen)\b/iu;

/**
 * The candidates a prompt's directives leave (only the figures, only or without some parts),
 * and whether the prompt could be acted on: a directive nothing in the text answers (a part
 * the text does not have, a topic it never mentions) could not.
 */
function steerCandidates(
  candidates: Candidate[],
  parts: readonly string[],
  plan: SummaryPlan,
  steering: SummarySteering,
  language: string | undefined,
): { candidates: Candidate[]; applied: boolean } {
  let applied = true;
  let kept = candidates;
  const termsOfPart = new Map<string, Set<string>>();
  const partTerms = (candidate: Candidate): Set<string> => {
    const part = parts[candidate.index] ?? '';
    let terms = termsOfPart.get(part);
    if (!terms) {
      terms = new Set(extractTerms(part, language));
      termsOfPart.set(part, terms);
    }
    return terms;
  };
  const inParts = (wanted: string[]) => (candidate: Candidate) => {
    const terms = partTerms(candidate);
    return wanted.some((term) => terms.has(term));
  };
  const narrow = (filter: (candidate: Candidate) => boolean, keep: boolean): void => {
    const next = kept.filter((candidate) => filter(candidate) === keep);
    if (next.length > 0 && next.length < kept.length) kept = next;
    else if (keep ? next.length === 0 : next.length === kept.length) applied = false;
  };
  if (steering.excludeParts.length > 0) narrow(inParts(steering.excludeParts), false);
  if (steering.includeParts.length > 0) narrow(inParts(steering.includeParts), true);
  if (steering.numbersOnly) narrow((candidate) => FIGURE.test(candidate.sentence.text), true);
  for (const wanted of [plan.focusTerms, plan.hintTerms]) {
    if (wanted.length === 0) continue;
    const found = kept.some((candidate) => wanted.some((term) => candidate.terms.includes(term)));
    if (!found) applied = false;
  }
  return { candidates: kept, applied };
}

/** The ranking terms and the number of words of each sentence, from the words within it. */
function termsBySentence(
  segmented: Sentence[],
  tokens: readonly TextToken[],
): { terms: string[][]; words: Int32Array } {
  const terms: string[][] = [];
  const words = new Int32Array(segmented.length);
  let next = 0;
  segmented.forEach((sentence, index) => {
    while (next < tokens.length && (tokens[next] as TextToken).start < sentence.start) next++;
    const sentenceTerms: string[] = [];
    let count = 0;
    while (next < tokens.length && (tokens[next] as TextToken).start < sentence.end) {
      const token = tokens[next] as TextToken;
      for (const term of token.terms) sentenceTerms.push(term);
      // A token without a key only carries the bigrams of a word it is split into.
      if (token.key.length > 0) count++;
      next++;
    }
    terms.push(sentenceTerms);
    words[index] = count;
  });
  return { terms, words };
}

/**
 * The summary of a text from its units (segmented, with numbered headings: see
 * {@link withNumberedHeadings}), their roles and parts, and its words: the callers compute
 * these once for the summary and the key terms.
 */
function summarizeSegmented(
  segmented: Sentence[],
  { roles, parts }: { roles: readonly (SentenceRole | null)[]; parts: readonly string[] },
  tokens: readonly TextToken[],
  plan: SummaryPlan,
  steering: SummarySteering,
  long: boolean,
  language: string | undefined,
): { extract: ExtractiveSummary; applied: boolean } {
  if (segmented.length === 0) {
    return { extract: { summary: '', sentences: [], sourceMap: [] }, applied: false };
  }
  const { terms: termsOf, words } = termsBySentence(segmented, tokens);
  const structure = documentStructure(segmented, termsOf);
  const steered = steerCandidates(
    candidatesOf(segmented, termsOf, words, structure, roles),
    parts,
    plan,
    steering,
    language,
  );
  const candidates = steered.candidates;
  const picked = long
    ? pickBySections(candidates, structure, plan, steering)
    : pickSentences(candidates, structure, plan, steering);
  const sentences = picked.map((sentence) => sentence.text);
  const extract = {
    summary: joinSummarySentences(sentences, plan.format === 'bullets'),
    sentences,
    sourceMap: picked.map((sentence) => ({
      text: sentence.text,
      sources: [{ start: sentence.start, end: sentence.end }],
    })),
  };
  return { extract, applied: steered.applied };
}

/**
 * The sentences the existing ranking picks among `candidates` (all of a text, or one part of a
 * long one), in document order. `structure` is the whole text's; its main sections are those
 * of these candidates.
 */
function pickSentences(
  candidates: Candidate[],
  structure: Structure,
  plan: SummaryPlan,
  steering: SummarySteering,
): Sentence[] {
  if (candidates.length === 0) return [];
  const own: Structure = { ...structure, mainSections: mainSectionsOf(structure, candidates) };
  const units = mergeUnits(candidates);
  const { vectors, terms, idf } = buildVectors(units);
  const similarity = similarityOf(vectors, terms);
  const scores = sentenceScores(units, similarity, own, plan, idf, steering.simple);
  const chosen = selectUnits(units, scores, similarity, own, plan);
  return chosen.flatMap((index) => (units[index] as Unit).sentences);
}

/**
 * A stretch of a long document's candidates summarized on its own: a section, or a chunk of
 * paragraphs of one, never more candidates than the ranking takes unmerged.
 */
interface DocumentPart {
  candidates: Candidate[];
  /** Its section (see {@link Structure}). */
  section: number;
  /** What it weighs in the summary's sentences: its words (or its sentences on the topic). */
  weight: number;
}

/**
 * The parts of a long document: its sections (see {@link documentStructure}), each cut into
 * chunks of whole paragraphs of at most {@link PART_CANDIDATES} candidates and
 * {@link PART_CHARS} characters; a document without headings is one section, so evenly cut.
 */
function documentPartsOf(candidates: Candidate[], plan: SummaryPlan): DocumentPart[] {
  const sections: Candidate[][] = [];
  for (const candidate of candidates) {
    const current = sections[sections.length - 1];
    if (current && (current[0] as Candidate).section === candidate.section) current.push(candidate);
    else sections.push([candidate]);
  }
  const chunks: Candidate[][] = [];
  for (const section of sections) {
    const first = section[0] as Candidate;
    const last = section[section.length - 1] as Candidate;
    const chars = last.sentence.end - first.sentence.start;
    const count = Math.max(
      Math.ceil(section.length / PART_CANDIDATES),
      Math.ceil(chars / PART_CHARS),
    );
    if (count <= 1) {
      chunks.push(section);
      continue;
    }
    // Even chunks, each ending at a paragraph's end when one is near.
    const size = Math.ceil(section.length / count);
    let chunk: Candidate[] = [];
    section.forEach((candidate, index) => {
      const following = section[index + 1];
      chunk.push(candidate);
      const full = chunk.length >= size;
      const paragraphEnds = !following || following.sentence.block !== candidate.sentence.block;
      if (!following || (full && paragraphEnds) || chunk.length >= PART_CANDIDATES) {
        chunks.push(chunk);
        chunk = [];
      }
    });
  }
  // Asked for a topic, the parts that speak of it weigh; otherwise their length.
  const focus = new Set(plan.focusTerms);
  const onTopic = (chunk: Candidate[]): number =>
    chunk.filter((candidate) => candidate.terms.some((term) => focus.has(term))).length;
  const byTopic = focus.size > 0 && chunks.some((chunk) => onTopic(chunk) > 0);
  return chunks.map((chunk) => ({
    candidates: chunk,
    section: (chunk[0] as Candidate).section,
    weight: byTopic ? onTopic(chunk) : chunk.reduce((total, { words }) => total + words, 0),
  }));
}

/**
 * `total` sentences shared among `weights` in proportion (largest remainders), each weighing
 * part first getting one while there are enough.
 */
function shareSentences(weights: readonly number[], total: number): number[] {
  const shares = weights.map(() => 0);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return shares;
  const weighing = weights.filter((weight) => weight > 0).length;
  let left = total;
  if (weighing <= total) {
    weights.forEach((weight, index) => {
      if (weight > 0) shares[index] = 1;
    });
    left -= weighing;
  }
  const extra = largestRemainders(
    weights.map((weight) => (weight / sum) * left),
    left,
  );
  return shares.map((share, index) => share + (extra[index] as number));
}

/**
 * Adjacent blocks of these weights gathered into `count` groups of about equal weight, in
 * document order, as index ranges (`end` exclusive).
 */
function groupBlocks(weights: readonly number[], count: number): { start: number; end: number }[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const groups: { start: number; end: number }[] = [];
  let start = 0;
  let weight = 0;
  weights.forEach((value, index) => {
    weight += value;
    const blocksLeft = weights.length - index - 1;
    const groupsLeft = count - groups.length - 1;
    const due = ((groups.length + 1) * total) / count;
    if (groupsLeft > 0 && (weight >= due || blocksLeft <= groupsLeft)) {
      groups.push({ start, end: index + 1 });
      start = index + 1;
    }
  });
  if (start < weights.length) groups.push({ start, end: weights.length });
  return groups;
}

/**
 * A long document's summary by sections, so that it covers the whole document rather than the
 * stretch the ranking finds most central: the length's sentences (as for any text, over its
 * candidate sentences) are shared among its sections in proportion to their size, and each
 * section's share among its parts (chunks of paragraphs), each part choosing its own with the
 * usual ranking; the summary keeps document order. With fewer sentences than sections (or a
 * section's share smaller than its parts), adjacent ones are grouped, one sentence per group:
 * its parts' own best sentences compete for it. The word budget is never what binds at this
 * size (50,000 characters are some 8,000 words; 20 sentences are far fewer).
 */
function pickBySections(
  candidates: Candidate[],
  structure: Structure,
  plan: SummaryPlan,
  steering: SummarySteering,
): Sentence[] {
  const parts = documentPartsOf(candidates, plan).filter((part) => part.weight > 0);
  if (parts.length <= 1) {
    return pickSentences(parts[0]?.candidates ?? candidates, structure, plan, steering);
  }
  const totalWords = candidates.reduce((total, candidate) => total + candidate.words, 0);
  const sectionCount = mainSectionsOf(structure, candidates).size;
  const levels = summaryLevels(candidates.length, totalWords, sectionCount, plan);
  const target = (levels[levels.length - 1] as SummaryLevel).sentences;
  const exactly = (count: number): SummaryPlan => ({ ...plan, sentenceCount: count });
  const bySentence = new Map(candidates.map((candidate) => [candidate.sentence, candidate]));
  const sections: DocumentPart[][] = [];
  for (const part of parts) {
    const current = sections[sections.length - 1];
    if (current && (current[0] as DocumentPart).section === part.section) current.push(part);
    else sections.push([part]);
  }
  const weightOf = (group: DocumentPart[]): number =>
    group.reduce((total, part) => total + part.weight, 0);
  /** One sentence for a stretch of parts: the best of their own best ones. */
  const oneOf = (group: DocumentPart[]): Sentence[] => {
    if (group.length === 1) {
      return pickSentences((group[0] as DocumentPart).candidates, structure, exactly(1), steering);
    }
    const leads = group
      .flatMap((part) => pickSentences(part.candidates, structure, exactly(1), steering))
      .map((sentence) => bySentence.get(sentence))
      .filter((candidate): candidate is Candidate => candidate !== undefined);
    return pickSentences(leads, structure, exactly(1), steering);
  };
  /** `count` sentences from `blocks` (adjacent stretches of parts), in document order. */
  const spread = (blocks: DocumentPart[][], count: number): Sentence[] => {
    if (count <= 0) return [];
    if (count < blocks.length) {
      return groupBlocks(blocks.map(weightOf), count).flatMap((range) =>
        oneOf(blocks.slice(range.start, range.end).flat()),
      );
    }
    const shares = shareSentences(blocks.map(weightOf), count);
    return blocks.flatMap((block, index) => {
      const share = shares[index] as number;
      if (block.length === 1) {
        const part = block[0] as DocumentPart;
        return share > 0 ? pickSentences(part.candidates, structure, exactly(share), steering) : [];
      }
      return spread(
        block.map((part) => [part]),
        share,
      );
    });
  };
  return spread(sections, target);
}

/** The local summary of one request, without the timing (what the summarizer returns). */
export function summarizeLocally(
  input: Pick<
    SummarizeInput,
    'text' | 'customPrompt' | 'length' | 'format' | 'documents' | 'sourceLanguage'
  >,
): Pick<SummaryResult, 'summary' | 'sourceMap' | 'keywords'> {
  const { summary, sourceMap, keywords } = summarizeWithPrompt(input);
  return { summary, sourceMap, keywords };
}

/**
 * {@link summarizeLocally}, and whether its custom prompt was acted on. A collection (two or
 * more `documents`) is summarized document by document, so that every one is drawn on
 * (collection-summary.ts).
 */
export function summarizeWithPrompt(
  input: Pick<
    SummarizeInput,
    'text' | 'customPrompt' | 'length' | 'format' | 'documents' | 'sourceLanguage'
  >,
): LocalSummary {
  const documents = collectionDocuments(input);
  if (documents) return summarizeCollection(input, documents, { summarizeText, lengthTarget });
  return summarizeText(input, null);
}

/**
 * The summary with at least one sentence from each section the prompt names ("Include:
 * Methods"; issue 28): a section it does not draw on yet gives its first sentence of prose,
 * in document order (sections open with their topic). A section is judged by its own text,
 * before any sub-section, when it has some, as the source view judges it; else as a whole.
 * A summary of a fixed number of sentences (a TL;DR, "in 3 sentences") gives up its last
 * sentence that is in no named section for it. `applied` is false when a named section
 * is not in the text or has no prose.
 */
function drawFromSections(
  text: string,
  segmented: readonly Sentence[],
  extract: ExtractiveSummary,
  steering: SummarySteering,
  plan: SummaryPlan,
): { extract: ExtractiveSummary; applied: boolean } {
  if (steering.includeSections.length === 0) return { extract, applied: true };
  let entries = extract.sourceMap.map((entry) => ({ ...entry }));
  let applied = true;
  const spans: { start: number; end: number }[] = [];
  const within = (span: { start: number; end: number }) => (at: number) =>
    at >= span.start && at < span.end;
  for (const title of steering.includeSections) {
    const found = findSection(text, title);
    if (found === null) {
      applied = false;
      continue;
    }
    const { section, own } = found;
    const prose = (span: { start: number; end: number }) =>
      segmented.find(
        (sentence) =>
          (sentence.kind === 'sentence' || sentence.kind === 'bullet') &&
          within(span)(sentence.start) &&
          /\p{L}/u.test(sentence.text),
      );
    // Judged by its own text when it has some (as the source view judges it), else whole.
    const ownSentence = prose(own);
    const target = ownSentence === undefined ? section : own;
    spans.push(target);
    const inTarget = within(target);
    if (entries.some((entry) => entry.sources.some((source) => inTarget(source.start)))) continue;
    const sentence = ownSentence ?? prose(section);
    if (sentence === undefined) {
      applied = false;
      continue;
    }
    if (plan.format === 'tldr' || plan.sentenceCount !== null) {
      // Keep the count: the last sentence outside every named section makes room.
      const free = entries.findLastIndex(
        (entry) =>
          !entry.sources.some((source) => spans.some((span) => within(span)(source.start))),
      );
      if (free !== -1) entries.splice(free, 1);
    }
    entries.push({ text: sentence.text, sources: [{ start: sentence.start, end: sentence.end }] });
    entries = entries.sort((a, b) => (a.sources[0]?.start ?? 0) - (b.sources[0]?.start ?? 0));
  }
  const sentences = entries.map((entry) => entry.text);
  return {
    extract: {
      summary: joinSummarySentences(sentences, plan.format === 'bullets'),
      sentences,
      sourceMap: entries,
    },
    applied,
  };
}

/** What the local summarizer's selection gives for one request (the thread's answer too). */
type LocalSummary = LocalExtract;

/** One text's local summary; `sentenceCount`, when given, is exactly how many sentences. */
function summarizeText(
  input: Pick<SummarizeInput, 'text' | 'customPrompt' | 'length' | 'format' | 'sourceLanguage'>,
  sentenceCount: number | null,
): LocalSummary {
  const language = input.sourceLanguage;
  const segmented = withNumberedHeadings(input.text, segmentSentences(input.text, { language }));
  const steering = parseSummaryPrompt(input.customPrompt, language);
  const planned = planSummary(steering, { length: input.length, format: input.format });
  const plan = sentenceCount === null ? planned : { ...planned, sentenceCount };
  const tokens = tokenize(input.text, language);
  const parts = documentParts(segmented);
  const steered = summarizeSegmented(
    segmented,
    parts,
    tokens,
    plan,
    steering,
    input.text.length > LONG_DOCUMENT_CHARS,
    language,
  );
  const drawn = drawFromSections(input.text, segmented, steered.extract, steering, plan);
  const extract = drawn.extract;
  const applied = steered.applied && drawn.applied;
  // null without a prompt; false when it asks what choosing sentences cannot do (a rewrite,
  // a translation) or what the text cannot answer (a topic it never mentions).
  const prompted = (input.customPrompt ?? '').trim().length > 0;
  return {
    summary: extract.summary,
    sourceMap: extract.sourceMap,
    keywords: keywordsOfUnits(input.text, segmented, parts.roles, tokens, language),
    promptApplied: prompted ? applied && !steering.unsupported : null,
  };
}

/**
 * The key terms of a source, as every summary of it lists them (the local one and Gemini's):
 * headings count extra, code, e-mail headers and front matter not at all.
 */
export function keywordsOf(
  text: string,
  segmented?: readonly Sentence[],
  tokens?: readonly TextToken[],
  language?: string,
): string[] {
  const units = withNumberedHeadings(text, segmented ?? segmentSentences(text, { language }));
  return keywordsOfUnits(
    text,
    units,
    sentenceRoles(units),
    tokens ?? tokenize(text, language),
    language,
  );
}

/** {@link keywordsOf} of units with numbered headings whose roles are known already. */
function keywordsOfUnits(
  text: string,
  units: readonly Sentence[],
  roles: readonly (SentenceRole | null)[],
  tokens: readonly TextToken[],
  language: string | undefined,
): string[] {
  return extractKeywords(text, {
    tokens,
    language,
    headings: units.filter((sentence) => sentence.kind === 'heading'),
    // Code, e-mail headers and front matter (attendees, bylines, copyright) name no topic.
    ignore: units.filter(
      (sentence, index) =>
        sentence.kind === 'code' ||
        sentence.kind === 'email-header' ||
        roles[index] === 'front-matter',
    ),
  });
}

/** The summarizer that needs no network: extractive, deterministic, always `isFallback`. */
/**
 * The local summary of `input`: a long document's in a worker thread (summarizeInThread), or
 * inline when the thread cannot (it failed, or too many wait) and for shorter texts.
 */
async function extractOf(input: SummarizeInput, signal?: AbortSignal): Promise<LocalExtract> {
  if (input.text.length < THREAD_MIN_CHARS) return summarizeWithPrompt(input);
  try {
    return await summarizeInThread(input);
  } catch (error) {
    if (signal?.aborted) throw cancelled(signal);
    console.warn('The local summarizer works inline: its thread failed', error);
    return summarizeWithPrompt(input);
  }
}

function cancelled(signal: AbortSignal): SummarizerError {
  return new SummarizerError('ABORTED', 'The summary request was cancelled', {
    retryable: false,
    cause: signal.reason,
  });
}

export function createLocalSummarizer(): Summarizer {
  const local: Summarizer = {
    /** Its sentences one by one: the summary is ready at once, the screen behaves as with Gemini. */
    async *summarizeStream(input, signal) {
      yield* streamResult(await local.summarize(input, signal), signal);
    },
    async summarize(input: SummarizeInput, signal?: AbortSignal): Promise<SummaryResult> {
      if (signal?.aborted) throw cancelled(signal);
      const started = performance.now();
      const { summary, sourceMap, keywords, promptApplied } = await extractOf(input, signal);
      return {
        summary,
        sourceMap,
        keywords,
        promptApplied,
        unverified: [],
        model: LOCAL_SUMMARIZER_MODEL,
        isFallback: true,
        fallbackReason: null,
        processingTimeMs: Math.round(performance.now() - started),
      };
    },
  };
  return local;
}
