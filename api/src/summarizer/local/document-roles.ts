import type { Sentence } from '../text/sentence-segmenter';

/**
 * What a sentence is for a reader, as the labelled structures of documents say it: the
 * context of a structured abstract (Background, Objective), its methods, its findings (Results,
 * Conclusions; a report's Summary or Recommendations; the decisions and actions of minutes),
 * or front matter that is no content at all (attendees, apologies, dates, "minutes taken by",
 * contents, copyright lines, bylines).
 */
export type SentenceRole = 'context' | 'method' | 'finding' | 'front-matter';

const CONTEXT_LABELS =
  'background|introduction|context|rationale|objectives?|aims?|aims? and objectives|purpose|importance|question|research question|problem';
const METHOD_LABELS =
  'methods?|materials and methods|methodology|study design|design|design,? setting,? and participants|setting|settings|participants|patients|subjects|interventions?|measurements?|main outcome measures?|outcome measures?|data sources?|study selection|data extraction|approach|procedures?';
const FINDING_LABELS =
  'results?|main results|findings|key findings|main findings|conclusions?|authors.? conclusions|interpretation|implications|summary|executive summary|key points|recommendations?|outcomes?|decisions?|resolved|resolutions?|agreed|actions?|action points|next steps';
const FRONT_LABELS =
  'present|attendees|attending|attendance|in attendance|also present|apologies|apologies for absence|absent|regrets|date|time|date and time|venue|location|place|chair|chaired by|chairperson|secretary|minutes taken by|minute taker|minutes by|recorded by|prepared by|distribution|circulation|copy to|cc|bcc|from|to|sent|subject|re|author|authors|by|contents|table of contents|copyright|keywords';

/** "Results: …", "RESULTS. …", "Key findings — …" at the start of a sentence. */
const LABEL = new RegExp(
  `^[*_]*(${CONTEXT_LABELS}|${METHOD_LABELS}|${FINDING_LABELS}|${FRONT_LABELS})[*_]*\\s*(?::|\\s[-–—]\\s)\\s*`,
  'iu',
);
/** The same words in capitals, closed by a full stop ("RESULTS. Over 12 months …"). */
const CAPITAL_LABEL = new RegExp(
  `^(${CONTEXT_LABELS}|${METHOD_LABELS}|${FINDING_LABELS})\\.\\s+`,
  'u',
);
const CONTEXT = new RegExp(`^(?:${CONTEXT_LABELS})$`, 'iu');
const METHOD = new RegExp(`^(?:${METHOD_LABELS})$`, 'iu');
const FINDING = new RegExp(`^(?:${FINDING_LABELS})$`, 'iu');
const FRONT = new RegExp(`^(?:${FRONT_LABELS})$`, 'iu');

/** Lines that are never content, whatever the document: copyright, bylines, contents. */
const FRONT_LINE =
  /^(?:©|\(c\)\s*\d{4}|copyright\b|all rights reserved\b|by\s+\p{Lu}[\p{L}'.-]+(?:\s+\p{Lu}[\p{L}'.-]+){0,3}\s*(?:[,|–—-]|$)|(?:table of )?contents$|minutes taken by\b|there was no (?:other|further) business\b|the meeting (?:closed|ended|finished|was closed) at\b)/iu;
/** The procedure of a meeting: the last minutes approved. */
const PROCEDURAL =
  /\b(?:approved|agreed|confirmed|signed) as an? (?:true|correct|accurate) record\b/iu;
/**
 * What every match of PROCEDURAL contains (" as a", in any case; U+017F folds to "s"): a
 * sentence without it is not tested against PROCEDURAL, whose case-insensitive Unicode
 * alternation costs more than the rest of the roles together on a long text.
 */
const PROCEDURAL_HINT = / [aA][sS\u017F] [aA]/u;
/** What a meeting decided: the decisions of minutes are their findings. */
const DECISION =
  /\b(?:committee|board|council|meeting|members|panel|group|cabinet|trustees|directors)\s+(?:\w+\s+){0,2}?(?:decided|resolved|agreed|approved|voted|endorsed|adopted|rejected|recommended)\b/iu;
/** The front matter of minutes: it says the text is minutes, so its decisions come first. */
const MINUTES_FRONT = /^(?:present|attendees|apologies|in attendance|minutes taken by|absent)\b/iu;

function isProcedural(text: string): boolean {
  return PROCEDURAL_HINT.test(text) && PROCEDURAL.test(text);
}

/** A lone numbered line ("1. Northgate", "1.2 Fleet", "3) Finance") before prose: a heading. */
const NUMBER_MARKER = /^[ \t]*(\d{1,3}(?:\.\d{1,3})*)[.)]?[ \t]+$/u;
const MAX_HEADING_WORDS = 10;

function roleOfLabel(label: string): SentenceRole | null {
  const words = label.toLowerCase().replace(/\s+/gu, ' ').trim();
  if (FRONT.test(words)) return 'front-matter';
  if (FINDING.test(words)) return 'finding';
  if (METHOD.test(words)) return 'method';
  if (CONTEXT.test(words)) return 'context';
  return null;
}

/** The role a sentence's own label gives it ("Results: …"), or null. */
export function labelRole(text: string): SentenceRole | null {
  const match = LABEL.exec(text) ?? CAPITAL_LABEL.exec(text);
  return match ? roleOfLabel(match[1] ?? '') : null;
}

function labelOf(text: string): string {
  return (LABEL.exec(text) ?? CAPITAL_LABEL.exec(text))?.[1] ?? '';
}

/** The role a heading gives its section ("## Results", "Key findings", "4. Recommendations"). */
export function headingRole(text: string): SentenceRole | null {
  const label = text.replace(/^[\d.\s)]+|[:.\s]+$/gu, '');
  const role = roleOfLabel(label);
  return role === 'front-matter' ? null : role;
}

/**
 * The segmented text with the lone numbered lines that stand before prose ("1. Northgate")
 * taken as headings, numbered as deep as their numbers go: "1." a section, "1.2" a
 * subsection. A numbered list of items keeps its items. The segmenter's units are untouched
 * otherwise (same offsets, same order).
 */
export function withNumberedHeadings(text: string, segmented: readonly Sentence[]): Sentence[] {
  return segmented.map((sentence, index) => {
    if (sentence.kind !== 'bullet') return sentence;
    const next = segmented[index + 1];
    const previous = segmented[index - 1];
    if (!next || next.kind === 'bullet') return sentence;
    if (previous?.kind === 'bullet' && previous.block === sentence.block - 1) return sentence;
    if (/[.!?;,:]$/u.test(sentence.text)) return sentence;
    if (sentence.text.split(/\s+/u).length > MAX_HEADING_WORDS) return sentence;
    const lineStart = text.lastIndexOf('\n', sentence.start - 1) + 1;
    const marker = NUMBER_MARKER.exec(text.slice(lineStart, sentence.start));
    if (!marker) return sentence;
    const depth = (marker[1] ?? '').split('.').filter((part) => part.length > 0).length;
    return { ...sentence, kind: 'heading', level: 1 + depth };
  });
}

/**
 * The role of every unit of a segmented text (null for plain content). A label opens a run
 * that lasts to the next label or heading when the text is labelled throughout (two kinds of
 * label or more, as a structured abstract is); a lone label marks its own sentence only.
 * Headings give their section's role. Decisions of minutes are findings.
 */
export function sentenceRoles(segmented: readonly Sentence[]): (SentenceRole | null)[] {
  return documentParts(segmented).roles;
}

/**
 * The role of every unit (see {@link sentenceRoles}) and the name of the part it is in: its
 * section's heading and the label of its labelled run ("Methods"), for a prompt that asks to
 * keep or leave out parts.
 */
export function documentParts(segmented: readonly Sentence[]): {
  roles: (SentenceRole | null)[];
  parts: string[];
} {
  const own = segmented.map((sentence) => {
    if (sentence.kind === 'heading' || sentence.kind === 'code' || sentence.kind === 'table') {
      return null;
    }
    if (FRONT_LINE.test(sentence.text) || isProcedural(sentence.text)) return 'front-matter';
    return labelRole(sentence.text);
  });
  const kinds = new Set(own.filter((role) => role !== null && role !== 'front-matter'));
  const labelled = kinds.size >= 2;
  const minutes = segmented.some(
    (sentence, index) =>
      own[index] === 'front-matter' &&
      (MINUTES_FRONT.test(sentence.text) || sentence.kind === 'heading'),
  );
  const roles: (SentenceRole | null)[] = [];
  const parts: string[] = [];
  let run: SentenceRole | null = null;
  let runLabel = '';
  let section: SentenceRole | null = null;
  let sectionName = '';
  segmented.forEach((sentence, index) => {
    if (sentence.kind === 'heading') {
      run = null;
      runLabel = '';
      section = headingRole(sentence.text);
      sectionName = sentence.text;
      parts.push(sectionName);
      roles.push(
        FRONT_LINE.test(sentence.text) || labelRole(sentence.text) === 'front-matter'
          ? 'front-matter'
          : null,
      );
      return;
    }
    const role = own[index] ?? null;
    if (role !== null && role !== 'front-matter') {
      run = labelled ? role : null;
      runLabel = labelOf(sentence.text);
    }
    parts.push(`${sectionName} ${labelled || role !== null ? runLabel : ''}`);
    let result: SentenceRole | null = role ?? run ?? section;
    if (result === null && minutes && DECISION.test(sentence.text)) result = 'finding';
    roles.push(result);
  });
  return { roles, parts };
}
