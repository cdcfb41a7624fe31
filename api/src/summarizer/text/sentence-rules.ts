/*
 * What the sentence splitter needs to know about a language (issue 30, decision 0037): which
 * abbreviations never end a sentence, which may, which words begin one, which marks end one,
 * and whether a number followed by a period is an ordinal ("am 12. Juni"). One rule set per
 * ISO 639-1 code, built once; `und` (and any language without tables) gets the generic set,
 * which is the splitter's English-first behaviour from before languages were told apart.
 */
import { createRequire } from 'node:module';
import { PYSBD_ABBREVIATIONS } from './sentence-abbreviations';
import { stopWordsOf } from './stop-words';

export interface SentenceRules {
  /** The language these rules are for (`und` for the generic set). */
  language: string;
  /** Abbreviations (lower-case, no final period) before a name or number: never a sentence end. */
  neverFinal: ReadonlySet<string>;
  /** Abbreviations that end a sentence only when a sentence starter follows. */
  maybeFinal: ReadonlySet<string>;
  /** Lower-case words that begin a sentence, read after an ambiguous abbreviation. */
  starters: ReadonlySet<string>;
  /** A number of up to three digits or a Roman numeral before "." and a word is an ordinal. */
  ordinalDots: boolean;
  /** Whether "." ends a sentence at all (Armenian writes "։" or ":" and uses "." inside one). */
  periodEnds: boolean;
  /** Whether "." before a lower-case word may still end a sentence (Greek). */
  periodBeforeLowercase: boolean;
  /** Marks ending a sentence in this language beyond the common ones (Greek ";", Armenian ":"). */
  extraTerminators: string;
}

// The generic abbreviations, tuned on English news: titles before a name or number never end a
// sentence, and the few German and French ones that English text quotes.
const GENERIC_NEVER_FINAL =
  'mr mrs ms mx dr prof rev fr gen sen rep gov lt col capt cmdr sgt cpl pvt adm maj brig hon ' +
  'pres supt insp det messrs mme mlle mm no nos nr vol vols fig figs eq eqs art ch sec pp para ' +
  'vs v cf ca approx e.g i.e viz al esp incl dept est tel ref st mt ft ave blvd rd z.b bzw vgl ' +
  'ggf evtl usw u.a d.h s.o s.u p.ex rs';
// Abbreviations that may also close a sentence ("...at Apple Inc. The company...").
const GENERIC_MAYBE_FINAL =
  'etc inc ltd co corp llc plc bros jr sr a.m p.m u.s u.k u.n e.u u.s.a d.c b.c a.d jan feb ' +
  'mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun';
// Words that usually begin a sentence; after an ambiguous abbreviation they mark its end. The
// last line is what pySBD's English starters add ("the U.S. Millions attended").
const GENERIC_STARTERS =
  'the a an he she it they we i you this that these those there here his her its their our my ' +
  'but and so yet or if when while after before as in on at for from by with without since ' +
  'because although though however meanwhile then now also still today yesterday tomorrow ' +
  'what who why how where which some many most all no not one two three both each every ' +
  'according officials police experts did do does is are was were can could will would should ' +
  'being millions more';

// Languages that write ordinals with a period ("12. Juni", "7. apríla", "XII. pluk").
const ORDINAL_DOT_LANGUAGES = new Set(
  'de da no nb nn sv fi is fo et lv lt cs sk pl hu sl hr sr bs tr'.split(' '),
);

// CLDR's languages with sentence-break suppressions (cldr-segments-full); English is left to the
// generic set, whose lists are tuned on news ("U.S." ends sentences there, CLDR never breaks after it).
const CLDR_LANGUAGES = new Set('de es fi fr it pt ru sv'.split(' '));

const words = (list: string | undefined): string[] =>
  list === undefined || list.length === 0 ? [] : list.split(' ');

const requireData = createRequire(import.meta.url);

interface CldrSuppressions {
  segments?: {
    segmentations?: { SentenceBreak?: { standard?: { suppression: string }[] } };
  };
}

/** CLDR's "no sentence break after these" list for a language, lower-case without the final period. */
function cldrSuppressions(language: string): string[] {
  if (!CLDR_LANGUAGES.has(language)) return [];
  const data = requireData(
    `cldr-segments-full/segments/${language}/suppressions.json`,
  ) as CldrSuppressions;
  const list = data.segments?.segmentations?.SentenceBreak?.standard ?? [];
  return list
    .map((entry) => entry.suppression.trim().replace(/\.$/u, '').toLowerCase())
    .filter((entry) => entry.length > 0 && !entry.includes(' '));
}

function buildRules(language: string): SentenceRules {
  const generic = language === 'und' || language === 'en';
  const table = PYSBD_ABBREVIATIONS[language] ?? {};
  const neverFinal = new Set(words(GENERIC_NEVER_FINAL));
  const maybeFinal = new Set(words(GENERIC_MAYBE_FINAL));
  const starters = new Set(words(GENERIC_STARTERS));
  if (!generic) {
    for (const word of [...words(table.prepositive), ...words(table.number)]) neverFinal.add(word);
    for (const word of [...words(table.abbreviations), ...cldrSuppressions(language)]) {
      if (!neverFinal.has(word)) maybeFinal.add(word);
    }
    // A capitalized function word (an article, a pronoun) after an ambiguous abbreviation
    // starts a new sentence; a name or a noun does not.
    for (const word of words(table.starters)) starters.add(word.toLowerCase());
    // Single letters are initials ("z. B."), not words that start a sentence.
    for (const word of stopWordsOf(language)) if (word.length > 1) starters.add(word);
  }
  return {
    language,
    neverFinal,
    maybeFinal,
    starters,
    ordinalDots: ORDINAL_DOT_LANGUAGES.has(language),
    periodEnds: language !== 'hy',
    periodBeforeLowercase: language === 'el',
    extraTerminators: language === 'el' ? ';' : language === 'hy' ? ':' : '',
  };
}

const RULES = new Map<string, SentenceRules>();

/**
 * The rules for a language given as ISO 639-1 (a region or script after a hyphen is ignored);
 * `und`, `undefined` or a language without tables gets the generic rules. Built once per language.
 */
export function sentenceRulesFor(language: string | undefined): SentenceRules {
  const code = (language ?? 'und').toLowerCase().split(/[-_]/u)[0] || 'und';
  let rules = RULES.get(code);
  if (!rules) {
    rules = buildRules(code);
    RULES.set(code, rules);
  }
  return rules;
}
