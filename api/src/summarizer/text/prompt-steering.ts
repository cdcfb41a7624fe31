import type { SummaryFormat, SummaryLength } from '../summarizer';
import { extractTerms } from './text-terms';

/**
 * What a custom prompt asks of the local (extractive) summarizer. The local summarizer cannot
 * follow free-form instructions, so it reads the few it can honour: a topic to favour, a number
 * of sentences, a shorter or longer summary, and bullet points.
 */
export interface SummarySteering {
  /** Terms of the topic the prompt asks to focus on (normalized as the ranking compares them). */
  focusTerms: string[];
  /** Content words of an unrecognised prompt: a gentle hint, weaker than an explicit focus. */
  hintTerms: string[];
  /** An exact number of sentences, when the prompt names one. */
  sentenceCount: number | null;
  length: 'shorter' | 'default' | 'longer';
  format: 'prose' | 'bullets';
  /** Only sentences with figures ("only numbers", "just the statistics"). */
  numbersOnly: boolean;
  /** Short, plain sentences ("for a child", "in simple words"). */
  simple: boolean;
  /** Terms of the sections or labelled parts to keep ("only the results section"). */
  includeParts: string[];
  /** Terms of the sections or labelled parts to leave out ("skip the methods"). */
  excludeParts: string[];
  /**
   * Titles of sections the summary must draw at least one sentence from ("Include: Methods",
   * as the source view's uncovered sections ask; issue 28), as written.
   */
  includeSections: string[];
  /**
   * The prompt asks for what choosing sentences cannot do: translate, rewrite, change the
   * tone. The summary is still made, and says that the prompt was not applied.
   */
  unsupported: boolean;
}

export const DEFAULT_STEERING: SummarySteering = {
  focusTerms: [],
  hintTerms: [],
  sentenceCount: null,
  length: 'default',
  format: 'prose',
  numbersOnly: false,
  simple: false,
  includeParts: [],
  excludeParts: [],
  includeSections: [],
  unsupported: false,
};

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  single: 1,
  'a single': 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const MAX_SENTENCES = 30;

/** "Include: Methods" at the start of the prompt or of a line (or after ";"): one title each. */
const INCLUDE_SECTION = /(?:^|[\n;])[ \t]*include:[ \t]*([^\n;]+)/giu;
/** A title longer than this is not one. */
const MAX_SECTION_TITLE_CHARS = 160;

const COUNT =
  /\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a single|single)[\s-]+(?:(?:short|brief|key|main|concise|simple|clear|long|full)\s+)?(?:sentences?|lines?|bullet[\s-]?points?|bullets?|points?|items?)\b/iu;
const ONE_LINER = /\b(?:one[\s-]?liner|tl;?\s?dr)\b/iu;
const FOCUS =
  /\b(?:focus(?:ing|ed)?\s+(?:on|upon)|concentrat(?:e|ing)\s+on|emphasi[sz](?:e|ing)|highlight(?:ing)?|about|regarding|concerning|related\s+to|on\s+the\s+topic\s+of|with\s+(?:an?\s+)?(?:emphasis|focus)\s+on|pay(?:ing)?\s+attention\s+to|especially|particularly|mainly)\s+(.+?)(?=$|[.;!?\n]|,|\s+(?:in|as|using|with|and\s+(?:keep|make|use|write|be))\s+(?:\d|one\b|two\b|three\b|four\b|five\b|a\s+single\b|single\b|bullet|a\s+list\b|list\b|short|brief|more\b|less\b|it\b))/iu;
const BULLETS =
  /\bbullet(?:ed|s)?\b|\bbullet[\s-]?points?\b|\blist\b|\blisted\b|\bpoint\s+form\b|\bkey\s+points\b|\bitemi[sz]e/iu;
const SHORTER =
  /\b(?:shorter|short|brief(?:er|ly)?|concise(?:ly)?|succinct(?:ly)?|terse|compact|quick|less\s+detail(?:ed)?|fewer\s+(?:details|words|sentences)|condensed?)\b/iu;
const LONGER =
  /\b(?:longer|more\s+(?:detail(?:s|ed)?|depth|sentences|thorough)|detailed|in\s+detail|in[\s-]depth|elaborate|comprehensive|thorough|extensive|expanded|expand|fuller)\b/iu;

const NUMBERS_ONLY =
  /\b(?:only|just)\s+(?:the\s+)?(?:numbers|figures|statistics|stats|numerical\s+facts|key\s+figures)\b|\b(?:numbers|figures)\s+only\b/iu;
const SIMPLE =
  /\bfor\s+(?:an?\s+)?(?:child|children|kids?|\d{1,2}[\s-]year[\s-]olds?|beginners?|layperson|lay\s+readers?|laypeople|non-experts?)\b|\blike\s+I'?m\s+(?:five|5|a\s+child)\b|\beli5\b|\b(?:simple|plain|easy)\s+(?:words|language|terms|english)\b/iu;
const EXCLUDE_PARTS =
  /\b(?:leave\s+out|skip|omit|without|exclude|ignore|except(?:\s+for)?|not\s+the)\s+(?:the\s+)?(.+?)(?=$|[.;!?\n]|,|\s+and\b)/iu;
const INCLUDE_PARTS =
  /\b(?:only|just|include|cover)\s+(?:the\s+)?(.+?)\s+(?:sections?|parts?|chapters?)\b|\b(?:only|just)\s+(?:the\s+)?(results?|findings|conclusions?|methods?|background|recommendations?|decisions?|actions?|summary)\b/iu;
// What choosing sentences from the document cannot do.
const REWRITE =
  /\b(?:translat\w*|rewrite|rewritten|re-?word\w*|rephras\w*|paraphras\w*|poem|rhym\w*|haiku|song|tweet|joke|funny|humou?r\w*|sarcas\w*|formal|informal|casual|tone|persona|pirate|pretend|role-?play|first\s+person|in\s+(?:french|german|spanish|italian|chinese|japanese|portuguese|dutch|russian|arabic|hindi|korean|polish|turkish))\b/iu;

// Words that only describe the task itself; never evidence of what the reader cares about.
const INSTRUCTION_WORDS = new Set(
  extractTerms(
    'summarize summarise summary summaries summarizing summarization please make write give ' +
      'provide create produce rewrite text article document content passage paragraph story ' +
      'piece sentence sentences words word point points bullet bullets list version keep ' +
      'simple plain english language reader readers tone style format nice good better clear ' +
      'easy understand key main important short shorter long longer brief detail details ' +
      'want need like thing things stuff it sound',
  ),
);

function parseCount(raw: string): number | null {
  const word = raw.toLowerCase();
  const value = NUMBER_WORDS[word] ?? Number.parseInt(word, 10);
  if (!Number.isFinite(value) || value < 1) return null;
  return Math.min(value, MAX_SENTENCES);
}

/**
 * Reads a custom prompt into steering for the local summarizer. Never throws; a prompt it does
 * not understand gives the default summary (plus a faint preference for the prompt's own words).
 * `language` is the document's (ISO 639-1): the prompt's topic words are reduced to terms as the
 * document's words are, so that they meet.
 */
export function parseSummaryPrompt(
  prompt: string | null | undefined,
  language?: string,
): SummarySteering {
  const whole = (prompt ?? '').trim();
  if (whole.length === 0) return DEFAULT_STEERING;
  const includeSections = [...whole.matchAll(INCLUDE_SECTION)]
    .map((match) => (match[1] ?? '').trim().replace(/[.]$/u, ''))
    .filter((title) => title.length > 0 && title.length <= MAX_SECTION_TITLE_CHARS);
  // The rest of the prompt is read as before, the sections asked for aside.
  const text = whole.replace(INCLUDE_SECTION, '\n').trim();
  if (text.length === 0) return { ...DEFAULT_STEERING, includeSections };

  const focusMatch = FOCUS.exec(text);
  const focusPhrase = focusMatch?.[1]?.trim() ?? '';
  const focusTerms = [...new Set(extractTerms(focusPhrase, language))];
  // Directives are read outside the topic, so "about the shopping list" asks for no bullets.
  const rest = focusMatch ? text.replace(focusMatch[0], ' ') : text;

  const countMatch = COUNT.exec(rest);
  let sentenceCount = countMatch ? parseCount(countMatch[1] ?? '') : null;
  if (sentenceCount === null && ONE_LINER.test(rest)) sentenceCount = 1;

  const numbersOnly = NUMBERS_ONLY.test(rest);
  const simple = SIMPLE.test(rest);
  const exclude = EXCLUDE_PARTS.exec(rest);
  const excludeParts = exclude ? [...new Set(extractTerms(exclude[1] ?? '', language))] : [];
  const include = numbersOnly ? null : INCLUDE_PARTS.exec(rest);
  const includeParts = include
    ? [...new Set(extractTerms(include[1] ?? include[2] ?? '', language))]
    : [];
  const unsupported = REWRITE.test(text);

  const shorter = SHORTER.test(rest);
  const longer = LONGER.test(rest);
  const length = shorter === longer ? 'default' : shorter ? 'shorter' : 'longer';
  const format = BULLETS.test(rest) ? 'bullets' : 'prose';

  const recognised =
    focusTerms.length > 0 ||
    sentenceCount !== null ||
    length !== 'default' ||
    format === 'bullets' ||
    numbersOnly ||
    simple ||
    includeParts.length > 0 ||
    excludeParts.length > 0 ||
    includeSections.length > 0;
  const hintTerms =
    recognised || unsupported
      ? []
      : [...new Set(extractTerms(rest, language))].filter((term) => !INSTRUCTION_WORDS.has(term));

  return {
    focusTerms,
    hintTerms,
    sentenceCount,
    length,
    format,
    numbersOnly,
    simple,
    includeParts,
    excludeParts,
    includeSections,
    unsupported,
  };
}

/** The explicit controls of a summary request (API.md "Additions"). */
export interface SummaryControls {
  length: SummaryLength;
  format: SummaryFormat;
}

/** What old clients get: they send neither control. */
export const DEFAULT_CONTROLS: SummaryControls = { length: 'medium', format: 'paragraph' };

/** What the local summarizer does for one request: the controls and the prompt, reconciled. */
export interface SummaryPlan {
  focusTerms: string[];
  hintTerms: string[];
  /** An exact number of sentences (items for bullets), or null to follow `length`. */
  sentenceCount: number | null;
  length: SummaryLength;
  format: SummaryFormat;
}

/**
 * Reconciles the request's controls with what its custom prompt asks. The controls are
 * explicit and win over the prompt's words about length and format, with two exceptions:
 *  - a prompt naming an exact number of sentences ("in 3 sentences", "in 4 bullet points",
 *    "TL;DR") sets the count, whatever `length` says; `format: 'tldr'` still means exactly one;
 *  - the prompt's "bullet points" and "shorter" / "longer" apply while the control is at its
 *    default (`format: 'paragraph'`, `length: 'medium'`), which is what old clients send.
 * Focus topics and hints always come from the prompt.
 */
export function planSummary(
  steering: SummarySteering,
  controls: SummaryControls = DEFAULT_CONTROLS,
): SummaryPlan {
  let format = controls.format;
  if (format === 'paragraph' && steering.format === 'bullets') format = 'bullets';
  let length = controls.length;
  if (length === 'medium' && steering.length === 'shorter') length = 'short';
  if (length === 'medium' && steering.length === 'longer') length = 'long';
  return {
    focusTerms: steering.focusTerms,
    hintTerms: steering.hintTerms,
    sentenceCount: format === 'tldr' ? 1 : steering.sentenceCount,
    length,
    format,
  };
}
