import { segmentSentences } from './sentence-segmenter';
import { snowballStemmerOf } from './stemmers';
import { stopWordsOf } from './stop-words';

/**
 * Words of a text as the local summarizer uses them: comparable terms for ranking sentences
 * (Unicode words, lower-cased, stop words dropped, a light English suffix normalization, and
 * character bigrams for scripts written without spaces: Chinese, Japanese, Thai...), and the
 * text's key terms and phrases (extractKeywords).
 */

// Common function words of English, plus the most frequent ones of German, French and Spanish,
// so that similarity between sentences is carried by content words.
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been ' +
    'before being below between both but by can cannot could did do does doing don down during ' +
    'each few for from further had has have having he her here hers herself him himself his how ' +
    'i if in into is isn it its itself just me more most my myself no nor not now of off on once ' +
    'only or other our ours ourselves out over own same she should so some such than that the ' +
    'their theirs them themselves then there these they this those through to too under until up ' +
    'upon very was we were what when where which while who whom whose why will with would you ' +
    'your yours yourself yourselves said says say told according would could may might must shall ' +
    'one two also however yet still even many much every another us per via since though ' +
    'der die das den dem des ein eine einer eines einem einen und oder aber ist sind war waren ' +
    'nicht mit von zu auf für im in an als auch es sie er wir ich ihr sich wie bei nach aus wird ' +
    'werden wurde hat haben dass dem zum zur vom noch nur so um über unter ' +
    'le la les un une des du de et ou mais est sont était il elle ils elles nous vous je tu ce ' +
    'cette ces qui que quoi dont où pour par sur dans avec sans pas ne plus au aux se sa son ses ' +
    'leur leurs été être avoir fait comme aussi ' +
    'el los las y o pero es son fue era con por para en del al lo su sus se que como más muy'
  ).split(' '),
);

// Scripts written without spaces between words: compared on character bigrams.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const UNSPACED_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/gu;

/**
 * A light, deliberately conservative English normalization (plurals, -ing, -ed, possessives),
 * enough to match "summaries" with "summary" without a full stemmer's surprises.
 */
export function normalizeTerm(word: string): string {
  let term = word.replace(/['’]s$/u, '').replace(/['’]/gu, '');
  if (!/^[a-z]+$/.test(term) || term.length <= 3) return term;
  if (term.endsWith('ies') && term.length > 4) term = `${term.slice(0, -3)}y`;
  else if (term.endsWith('sses')) term = term.slice(0, -2);
  else if (term.endsWith('s') && !/(ss|us|is)$/.test(term)) term = term.slice(0, -1);
  if (term.endsWith('ing') && term.length > 5 && /[aeiouy]/.test(term.slice(0, -3))) {
    term = term.slice(0, -3);
  } else if (term.endsWith('ed') && term.length > 4 && /[aeiouy]/.test(term.slice(0, -2))) {
    term = term.slice(0, -2);
  }
  // "running" -> "runn" -> "run", "stopped" -> "stopp" -> "stop"
  if (/([b-df-hj-np-tv-z])\1$/.test(term) && !/(ll|ss|zz)$/.test(term)) term = term.slice(0, -1);
  if (term.endsWith('e') && term.length > 4) term = term.slice(0, -1);
  return term;
}

// A word: letters and digits, joined by inner apostrophes or hyphens ("don't", "COVID-19").
// The ranking compares the parts of a hyphenated word apart; a key term keeps it whole.
const HYPHEN = /[-‐]/u;
const NUMERIC = /^[\p{N}\-‐'’]+$/u;
const ACRONYM = /^\p{Lu}{2,}$/u;
const CAPITALIZED = /^\p{Lu}/u;
const MAX_PHRASE_WORDS = 3;
/** Occurrences in a heading or a title count this many times over. */
const HEADING_OCCURRENCE = 3;
/** Characters after which a capital letter says nothing about the word. */
const OPENERS = new Set([...'.!?:;"“(\n\r'].map((char) => char.charCodeAt(0)));

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** A word of a text with its offsets, as the ranking and the key terms see it. */
export interface TextToken {
  /** UTF-16 offsets in the text, `end` exclusive (a possessive "'s" left out). */
  start: number;
  end: number;
  /**
   * The ranking terms the word gives (see {@link extractTerms}): none for a stop word, one per
   * part of a hyphenated word, character bigrams for scripts written without spaces.
   */
  terms: readonly string[];
  /** The word as a key term compares it (normalized, lower case); '' for none. */
  key: string;
  /** Whether the word may be part of a key term: no stop word, generic word or bare number. */
  content: boolean;
}

interface WordInfo {
  terms: string[];
  key: string;
  content: boolean;
}

function unspacedBigrams(run: string, terms: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    terms.push(run);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) terms.push(`${chars[i]}${chars[i + 1]}`);
}

function rankingTerm(part: string, profile: TermProfile): string | null {
  const stopWords = profile.stopWords;
  if ((part.length < 2 && !/\p{N}/u.test(part)) || stopWords.has(part)) return null;
  const term = profile.normalize(part);
  return stopWords.has(term) ? null : term;
}

function keyInfo(
  word: string,
  lower: string,
  key: string,
  unspaced: boolean,
  profile: TermProfile,
): boolean {
  const STOP_WORDS = profile.stopWords;
  const short = unspaced ? Array.from(word).length < 2 : word.length < 3 && !ACRONYM.test(word);
  const adverb = profile.english && !unspaced && lower.length > 5 && lower.endsWith('ly');
  return (
    !short &&
    !adverb &&
    !/['’]/u.test(word) &&
    !NUMERIC.test(word) &&
    !STOP_WORDS.has(lower) &&
    !GENERIC_WORDS.has(lower) &&
    !STOP_WORDS.has(key) &&
    !GENERIC_WORDS.has(key)
  );
}

// What each word seen recently gives, so that a long text looks at each distinct word once.
// Bounded; the answers never depend on it.
const WORD_CACHE_SIZE = 50_000;

/**
 * How the words of one language are compared (decision 0037): its stop words and how a word is
 * reduced to its term. English, `und` and a language with neither a stop-word list nor a
 * Snowball stemmer get the generic profile: the English-first stop words above and the light
 * English normalization, which leaves words of other scripts as written. Any other language
 * adds its stopwords-iso list to those stop words (documents quote English) and stems with its
 * Snowball stemmer where @orama/stemmers has one, else compares words as written.
 */
interface TermProfile {
  stopWords: ReadonlySet<string>;
  normalize: (word: string) => string;
  /** Whether the English heuristics apply (an "-ly" word is an adverb, no key term). */
  english: boolean;
  cache: Map<string, WordInfo>;
}

const GENERIC_PROFILE: TermProfile = {
  stopWords: STOP_WORDS,
  normalize: normalizeTerm,
  english: true,
  cache: new Map(),
};
const PROFILES = new Map<string, TermProfile>();
// A word the stemmer may reduce: letters only (numbers, codes and mixed tokens stay as written).
const LETTERS_ONLY = /^\p{L}+$/u;

function termProfileOf(language: string | undefined): TermProfile {
  if (language === undefined || language === 'und' || language === 'en') return GENERIC_PROFILE;
  let profile = PROFILES.get(language);
  if (profile) return profile;
  const own = stopWordsOf(language);
  const stem = snowballStemmerOf(language);
  profile =
    own.size === 0 && stem === null
      ? GENERIC_PROFILE
      : {
          stopWords: new Set([...STOP_WORDS, ...own]),
          normalize: (word) => {
            const term = word.replace(/['’]/gu, '');
            return stem && LETTERS_ONLY.test(term) ? stem(term) : term;
          },
          english: false,
          cache: new Map(),
        };
  PROFILES.set(language, profile);
  return profile;
}

function wordInfo(word: string, profile: TermProfile): WordInfo {
  const wordCache = profile.cache;
  const cached = wordCache.get(word);
  if (cached) return cached;
  const lower = word.toLowerCase();
  const terms: string[] = [];
  for (const part of HYPHEN.test(lower) ? lower.split(HYPHEN) : [lower]) {
    const term = rankingTerm(part, profile);
    if (term !== null) terms.push(term);
  }
  const key = profile.normalize(lower.replace(/‐/gu, '-'));
  const info = { terms, key, content: keyInfo(word, lower, key, false, profile) };
  if (wordCache.size >= WORD_CACHE_SIZE) wordCache.clear();
  wordCache.set(word, info);
  return info;
}

/** A word with a script written without spaces: its bigrams, then its dictionary words. */
function unspacedTokens(
  word: string,
  start: number,
  tokens: TextToken[],
  profile: TermProfile,
): void {
  const STOP_WORDS = profile.stopWords;
  const normalizeTerm = profile.normalize;
  const lower = word.toLowerCase();
  const terms: string[] = [];
  let last = 0;
  for (const run of lower.matchAll(UNSPACED_RUN)) {
    const before = lower.slice(last, run.index);
    if (before.length > 1 && !STOP_WORDS.has(before)) terms.push(normalizeTerm(before));
    unspacedBigrams(run[0], terms);
    last = run.index + run[0].length;
  }
  const after = lower.slice(last);
  if (after.length > 1 && !STOP_WORDS.has(after)) terms.push(normalizeTerm(after));
  // The bigrams ride on a token of the whole word, which is no key term itself.
  tokens.push({ start, end: start + word.length, terms, key: '', content: false });
  for (const segment of wordSegmenter.segment(word)) {
    if (!segment.isWordLike) continue;
    const from = start + segment.index;
    const text = segment.segment;
    const unspaced = UNSPACED_SCRIPT.test(text);
    const segmentLower = text.toLowerCase();
    const key = unspaced ? segmentLower : normalizeTerm(segmentLower);
    tokens.push({
      start: from,
      end: from + text.length,
      terms: [],
      key,
      content: keyInfo(text, segmentLower, key, unspaced, profile),
    });
  }
}

// Which UTF-16 code units are letters, marks or digits, learnt lazily (0 unknown, 1 yes,
// 2 no): a table lookup per character instead of a Unicode regular expression per word.
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const wordUnits = new Uint8Array(0x10000);

function isWordUnit(code: number): boolean {
  let known = wordUnits[code] as number;
  if (known === 0) {
    known = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
    wordUnits[code] = known;
  }
  return known === 1;
}

/** Length of the word character (one code unit, or a surrogate pair) at `i`, or 0. */
function wordCharAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0xd800 || code > 0xdbff) return isWordUnit(code) ? 1 : 0;
  const point = text.codePointAt(i) ?? code;
  if (point <= 0xffff) return 0;
  return WORD_CHAR.test(String.fromCodePoint(point)) ? 2 : 0;
}

function isJoiner(code: number): boolean {
  return code === 39 || code === 0x2019 || code === 45 || code === 0x2010;
}

/**
 * The words of a text, in order, with their offsets, ranking terms and key-term keys. A word
 * is a run of letters, marks and digits, joined by inner apostrophes or hyphens.
 */
export function tokenize(text: string, language?: string): TextToken[] {
  const profile = termProfileOf(language);
  const tokens: TextToken[] = [];
  let i = 0;
  const length = text.length;
  while (i < length) {
    let step = wordCharAt(text, i);
    if (step === 0) {
      i++;
      continue;
    }
    const start = i;
    let wide = false;
    for (;;) {
      if (text.charCodeAt(i) >= 0x0e00) wide = true;
      i += step;
      step = i < length ? wordCharAt(text, i) : 0;
      if (step > 0) continue;
      if (i + 1 < length && isJoiner(text.charCodeAt(i)) && wordCharAt(text, i + 1) > 0) {
        i++;
        step = wordCharAt(text, i);
        continue;
      }
      break;
    }
    let word = text.slice(start, i);
    if (wide && UNSPACED_SCRIPT.test(word)) {
      unspacedTokens(word, start, tokens, profile);
      continue;
    }
    // "Kilmarnock's" is Kilmarnock.
    const last = word.charCodeAt(word.length - 1);
    const beforeLast = word.charCodeAt(word.length - 2);
    if (
      (last === 115 || last === 83) &&
      word.length > 2 &&
      (beforeLast === 39 || beforeLast === 0x2019)
    ) {
      word = word.slice(0, -2);
    }
    const info = wordInfo(word, profile);
    tokens.push({
      start,
      end: start + word.length,
      terms: info.terms,
      key: info.key,
      content: info.content,
    });
  }
  return tokens;
}

/** The content terms of a piece of text, in order, with repetitions. */
export function extractTerms(text: string, language?: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(text, language)) for (const term of token.terms) terms.push(term);
  return terms;
}

// Words too general to name what a text is about, in English: time words, common verbs and
// adjectives, the vocabulary of writing about research itself. They never stand as key terms.
const GENERIC_WORDS = new Set(
  (
    'new first last next year years time times day days week weeks month months today ' +
    'yesterday tomorrow monday tuesday wednesday thursday friday saturday sunday way ways thing ' +
    'things people part parts lot lots number numbers make makes made making get gets got go ' +
    'goes going went gone come comes came take takes took taken use uses used using like well ' +
    'back good better best great big small large high low long little old right left later ' +
    'early recent recently include includes included including based different several various ' +
    'certain able need needs want wants know knows think see seen look find finds found give ' +
    'gives given show shows shown showed set put keep let become became around among across ' +
    'within without along already almost always often never ever rather quite really whether ' +
    'yes mr mrs ms dr et al etc paper papers work works propose proposes proposed present ' +
    'presents presented novel existing result results approach approaches method methods ' +
    'demonstrate demonstrates problem problems case cases example examples end side fact ' +
    'point points form kind lead leads led hold held place places area areas group groups ' +
    'called call calls told tell tells added asked ask including however although because ' +
    'around could would should might must shall will can cannot cent percent hundred ' +
    'thousand million billion trillion euro euros dollar dollars pound pounds introduce ' +
    'introduces introduced entire effort efforts aim aims context technique techniques ' +
    'practical systematic important similar specific ' +
    'general common possible available potential significant effective efficient simple real ' +
    'true full whole main major key current previous following particular actual overall ' +
    'additional improve improves improved improving increase increases increased reduce ' +
    'reduces reduced provide provides achieve achieves allow allows require requires help ' +
    'helps turn turns explore explores concept concepts study studies'
  ).split(' '),
);

interface Span {
  start: number;
  end: number;
}

/**
 * True when `inner` occurs as consecutive words of `outer` (or equals it). Words match when
 * equal, or when one of at least five letters begins the other ("retire", "retirement").
 */
function containsWords(outer: string[], inner: string[]): boolean {
  if (outer.length === 1 && inner.length === 1) {
    const [a, b] = [outer[0] as string, inner[0] as string];
    const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
    return shorter === longer || (shorter.length >= 5 && longer.startsWith(shorter));
  }
  for (let i = 0; i + inner.length <= outer.length; i++) {
    let same = true;
    for (let j = 0; j < inner.length && same; j++) same = outer[i + j] === inner[j];
    if (same) return true;
  }
  return false;
}

export interface KeywordOptions {
  /** How many key terms at most (default 10). */
  limit?: number;
  /** The text's words, when the caller has tokenized it already ({@link tokenize}). */
  tokens?: readonly TextToken[];
  /** Offsets of its headings and title; by default the text is segmented here to find them. */
  headings?: readonly Span[];
  /** Offsets of parts whose words are no key terms (code, e-mail headers); sorted. */
  ignore?: readonly Span[];
  /** The text's language (ISO 639-1): its stop words, stemmer and sentence rules. */
  language?: string | undefined;
}

/** Walks sorted, non-overlapping spans alongside increasing offsets. */
function spanCursor(spans: readonly Span[]): (offset: number) => boolean {
  let index = 0;
  return (offset) => {
    while (index < spans.length && (spans[index]?.end ?? 0) <= offset) index++;
    const span = spans[index];
    return span !== undefined && span.start <= offset;
  };
}

function isCapital(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code < 128 ? code >= 65 && code <= 90 : CAPITALIZED.test(text[at] as string);
}

/** Texts of at most this many words: phrases said once are key-phrase candidates too. */
const SHORT_TEXT_WORDS = 400;
/** How much the occurrences of a phrase's words add to the score of a phrase said once. */
const PHRASE_WORD_WEIGHT = 0.5;
// Nouns that end like verb forms: a key term may end with them.
const NOUNS_IN_ING_ED =
  /^(?:.*(?:learn|process|comput|program|engineer|model|schedul|plann|train|cluster|min|build|test|encod|decod|rout|track|match|map|sampl|filter|render|index|pric|account|manufactur|market|fund|housing|meet|hear|rul|sett|spell|writ|read|reason|search|rank|label|pars|shar|stor|weld|fitt|cast|coat|heat|cool|light|wir|caching|hash|operat|spend|park|board|bank|shipp|draw|paint)ing|need|speed|feed|seed|weed|bed|shed|breed|creed|greed|hundred|sacred|kindred|bled)$/u;

/** A key term ends with a noun (or a name): not with a verb form ("attribute[d]", "costing"). */
function endsAsNoun(key: string, surface: string): boolean {
  if (VERB_ENDINGS.has(key)) return false;
  if (surface.length < 5) return true;
  return !/(?:ing|ed)$/u.test(surface) || NOUNS_IN_ING_ED.test(surface);
}
/**
 * A phrase a person would tag: it ends with a noun, has no common verb inside ("agency expects
 * arrival"), and does not open with a verb's -ing form ("publishing real-time").
 */
function isNounPhrase(words: string[], surface: string[]): boolean {
  if (!endsAsNoun(words[words.length - 1] ?? '', surface[surface.length - 1] ?? '')) return false;
  if (words.some((word) => VERB_ENDINGS.has(word))) return false;
  const first = surface[0] ?? '';
  return !(first.endsWith('ing') && first.length >= 5 && !NOUNS_IN_ING_ED.test(first));
}

// Common verbs that are no nouns, as key terms end: "planners attribute", "the council voted".
const VERB_ENDINGS = new Set(
  (
    'attribut vot start publish argu suggest indicat conclud describ explain confirm reveal ' +
    'remain seem appear becom involv enabl ensur consist contain compris obtain perform achiev ' +
    'run ran win won lost paid say do did done see saw put sit sat expect prevent reach occur ' +
    'exist depend differ affect determin produc generat creat allow requir led mak tak giv ' +
    'shown improv increas reduc provid consider appli'
  ).split(' '),
);

/** A phrase replaces a listed word when it accounts for at least this share of its uses. */
const ABSORB_SHARE = 0.4;

/** Counts of one candidate term as the text is read. */
class TermTally {
  count = 0;
  inner = 0;
  capitalized = 0;
  /** Offsets of the first occurrence inside a sentence in lower case, and capitalized. */
  lower: Span | null = null;
  capital: Span | null = null;
  constructor(
    readonly ids: number[],
    readonly first: Span,
  ) {}

  add(weight: number, initial: boolean, start: number, end: number, capital: boolean): void {
    this.count += weight;
    if (initial) return;
    this.inner++;
    if (capital) {
      this.capitalized++;
      this.capital ??= { start, end };
    } else {
      this.lower ??= { start, end };
    }
  }

  /** Capitalized inside sentences most of the time: a name. */
  get isName(): boolean {
    return this.inner > 0 && this.capitalized * 2 > this.inner;
  }

  /** Where to read the term as it is usually written. */
  get form(): Span {
    return (this.isName ? this.capital : this.lower) ?? this.capital ?? this.first;
  }

  score(total: number): number {
    const early = 1 - this.first.start / total;
    const names = this.isName ? 1.5 : 1;
    const length = this.ids.length === 1 ? 1 : 1 + 0.5 * this.ids.length;
    return this.count * length * names * (1 + 0.5 * early);
  }
}

/** Of more candidate terms than this, only the best are sorted before they are read. */
const SORTED_CANDIDATES = 512;

interface ScoredTally {
  tally: TermTally;
  score: number;
}

function byScore(a: ScoredTally, b: ScoredTally): number {
  return b.score - a.score || a.tally.first.start - b.tally.first.start;
}

/**
 * The candidates best first (by score, then by first occurrence, then as given): the order of
 * a stable sort of them all, sorted in two parts since a text's key terms are read from the top
 * of thousands. The best SORTED_CANDIDATES scores (ties included) come first, the rest only if
 * they are read; every score of the first part is above every score of the second, so the two
 * sorted parts one after the other are the whole sorted.
 */
function* bestFirst(scored: ScoredTally[]): Generator<ScoredTally> {
  if (scored.length <= SORTED_CANDIDATES) {
    yield* scored.sort(byScore);
    return;
  }
  const scores = new Float64Array(scored.length);
  for (let i = 0; i < scored.length; i++) scores[i] = (scored[i] as ScoredTally).score;
  scores.sort();
  const threshold = scores[scores.length - SORTED_CANDIDATES] as number;
  yield* scored.filter((entry) => entry.score >= threshold).sort(byScore);
  yield* scored.filter((entry) => !(entry.score >= threshold)).sort(byScore);
}

/**
 * Up to 10 key terms or phrases of a text, most important first, each as it is written in the
 * text (so a case-insensitive search finds it). Words and phrases of up to three words that
 * recur, appear early or in headings, and name things (capitalized inside a sentence) rank
 * first; stop words, generic words and bare numbers never stand as key terms, and a term that
 * is part of a listed phrase (or the same word in the singular or plural) is not listed again.
 * Deterministic: ties go to the term that appears first.
 */
export function extractKeywords(text: string, options: KeywordOptions = {}): string[] {
  const limit = options.limit ?? 10;
  let { headings, ignore } = options;
  if (!headings || !ignore) {
    const segmented = segmentSentences(text, { language: options.language });
    headings ??= segmented.filter((sentence) => sentence.kind === 'heading');
    ignore ??= segmented.filter(
      (sentence) => sentence.kind === 'code' || sentence.kind === 'email-header',
    );
  }
  const inHeading = spanCursor(headings);
  const ignored = spanCursor(ignore);
  const tokens = (options.tokens ?? tokenize(text, options.language)).filter(
    (token) => token.key.length > 0 && !ignored(token.start),
  );

  const keys: string[] = [];
  const idOfKey = new Map<string, number>();
  const ids = new Int32Array(tokens.length);
  tokens.forEach((token, index) => {
    let id = idOfKey.get(token.key);
    if (id === undefined) {
      id = keys.length;
      keys.push(token.key);
      idOfKey.set(token.key, id);
    }
    ids[index] = id;
  });
  const words: (TermTally | undefined)[] = new Array(keys.length);
  const phrases = new Map<number, TermTally>();
  // A phrase is told apart by number, its word ids as digits in base `base`; small numbers
  // (two-word phrases in any text of this size) are the fastest keys a Map has.
  const base = keys.length + 1;
  const phraseWords = base ** MAX_PHRASE_WORDS < Number.MAX_SAFE_INTEGER ? MAX_PHRASE_WORDS : 1;
  // How often each phrase occurs (a heading counting more): a phrase seen once is a chance
  // collocation, so only phrases seen twice are tallied in full (a text of unrelated words has
  // thousands of the others).
  const phraseCounts = new Map<number, number>();
  // Phrases capitalized word by word inside a sentence ("Paul Okafor"): names, even if seen once.
  const names = new Set<number>();
  const phraseIds = new Float64Array(tokens.length * (MAX_PHRASE_WORDS - 1)).fill(-1);
  const initial = new Uint8Array(tokens.length);
  const capital = new Uint8Array(tokens.length);
  const weights = new Uint8Array(tokens.length);

  /** Counts the phrase of `words + 1` words starting at token `i`, if its words are joined. */
  const countPhrase = (i: number, words: number): void => {
    const head = tokens[i] as TextToken;
    let phraseId = (ids[i] as number) + 1;
    let scale = base;
    let end = head.end;
    let name = initial[i] === 0 && capital[i] === 1;
    for (let n = 1; n <= words; n++) {
      const token = tokens[i + n];
      if (!token?.content || token.start - end !== 1 || text.charCodeAt(end) !== 32) return;
      phraseId += ((ids[i + n] as number) + 1) * scale;
      scale *= base;
      end = token.end;
      name &&= isCapital(text, token.start);
    }
    phraseIds[i * (MAX_PHRASE_WORDS - 1) + words - 1] = phraseId;
    phraseCounts.set(phraseId, (phraseCounts.get(phraseId) ?? 0) + (weights[i] as number));
    if (name) names.add(phraseId);
  };

  // In a short text (an abstract) a key phrase is often said once: every phrase competes there.
  const minPhrase = tokens.length <= SHORT_TEXT_WORDS ? 1 : 2;
  let previousEnd = -1;
  for (let i = 0; i < tokens.length; i++) {
    const head = tokens[i] as TextToken;
    let k = head.start - 1;
    while (k >= previousEnd && k >= 0 && text.charCodeAt(k) === 32) k--;
    initial[i] = previousEnd < 0 || (k >= previousEnd && OPENERS.has(text.charCodeAt(k))) ? 1 : 0;
    previousEnd = head.end;
    if (!head.content) continue;
    capital[i] = isCapital(text, head.start) ? 1 : 0;
    weights[i] = inHeading(head.start) ? HEADING_OCCURRENCE : 1;
    countPhrase(i, 1);
  }
  // A three-word phrase can only recur where its first two words do.
  if (phraseWords > 2) {
    for (let i = 0; i < tokens.length; i++) {
      const pair = phraseIds[i * (MAX_PHRASE_WORDS - 1)] as number;
      if (pair >= 0 && ((phraseCounts.get(pair) ?? 0) >= minPhrase || names.has(pair)))
        countPhrase(i, 2);
    }
  }

  for (let i = 0; i < tokens.length; i++) {
    const head = tokens[i] as TextToken;
    if (!head.content) continue;
    const weight = weights[i] as number;
    const headInitial = initial[i] === 1;
    const headCapital = capital[i] === 1;
    const headId = ids[i] as number;
    let tally = words[headId];
    if (!tally) {
      tally = new TermTally([headId], { start: head.start, end: head.end });
      words[headId] = tally;
    }
    tally.add(weight, headInitial, head.start, head.end, headCapital);
    for (let n = 1; n < phraseWords; n++) {
      const phraseId = phraseIds[i * (MAX_PHRASE_WORDS - 1) + n - 1] as number;
      if (phraseId < 0) break;
      if ((phraseCounts.get(phraseId) ?? 0) < minPhrase && !names.has(phraseId)) continue;
      const end = (tokens[i + n] as TextToken).end;
      let phrase = phrases.get(phraseId);
      if (!phrase) {
        phrase = new TermTally(Array.from(ids.subarray(i, i + n + 1)), { start: head.start, end });
        phrases.set(phraseId, phrase);
      }
      phrase.add(weight, headInitial, head.start, end, headCapital);
    }
  }

  const total = Math.max(1, text.length);
  const scored: ScoredTally[] = [];
  for (const tally of words) if (tally) scored.push({ tally, score: tally.score(total) });
  for (const tally of phrases.values()) {
    // A phrase said once (in a short text) weighs what its words weigh in the text
    // (SingleRank): an abstract names its key phrases once and their words again elsewhere.
    let wordWeight = 0;
    if (tally.count < 2) for (const id of tally.ids) wordWeight += words[id]?.count ?? 0;
    scored.push({ tally, score: tally.score(total) + PHRASE_WORD_WEIGHT * wordWeight });
  }

  // A term inside a listed phrase is not listed again. A phrase around a listed term takes
  // its place when it accounts for a good share of the term's uses ("loss" becomes "loss
  // scaling"), and is left out otherwise.
  const listed: { words: string[]; tally: TermTally }[] = [];
  for (const { tally } of bestFirst(scored)) {
    if (listed.length >= limit) break;
    const words = tally.ids.map((id) => keys[id] as string);
    // Checked for the few terms that come up here rather than for every candidate.
    const surface = text.slice(tally.first.start, tally.first.end).toLowerCase().split(/\s+/u);
    if (!isNounPhrase(words, surface)) continue;
    if (listed.some((other) => containsWords(other.words, words))) continue;
    const inside = listed.filter((other) => containsWords(words, other.words));
    if (inside.length === 0) {
      listed.push({ words, tally });
      continue;
    }
    if (inside.some((other) => tally.count < ABSORB_SHARE * other.tally.count)) continue;
    const at = listed.indexOf(inside[0] as (typeof listed)[number]);
    listed[at] = { words, tally };
    for (const other of inside.slice(1)) listed.splice(listed.indexOf(other), 1);
  }
  return listed.map(({ tally }) => text.slice(tally.form.start, tally.form.end));
}
