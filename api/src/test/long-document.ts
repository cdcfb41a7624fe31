/**
 * Synthetic long documents (up to the 500,000 characters of a file, a page or a scan) for the
 * tests and the bench: sections on different topics, each with its own vocabulary, so that a
 * summary's sentences can be told apart by section.
 */

/** One topic: its heading and the words only its section uses. */
export interface LongDocumentTopic {
  heading: string;
  /** A word every sentence of the section contains (for telling sections apart). */
  marker: string;
  nouns: readonly string[];
  verbs: readonly string[];
}

export const LONG_DOCUMENT_TOPICS: readonly LongDocumentTopic[] = [
  {
    heading: 'Harbour shipping',
    marker: 'harbour',
    nouns: ['container', 'crane', 'vessel', 'berth', 'cargo', 'tugboat', 'dock'],
    verbs: ['unloads', 'moors', 'ships', 'tows', 'stacks'],
  },
  {
    heading: 'Orchard farming',
    marker: 'orchard',
    nouns: ['apple', 'pear', 'blossom', 'harvest', 'pruning', 'beehive', 'cider'],
    verbs: ['grows', 'ripens', 'pollinates', 'prunes', 'picks'],
  },
  {
    heading: 'Railway signalling',
    marker: 'railway',
    nouns: ['signal', 'junction', 'locomotive', 'timetable', 'platform', 'sleeper', 'carriage'],
    verbs: ['switches', 'halts', 'departs', 'couples', 'brakes'],
  },
  {
    heading: 'Hospital nursing',
    marker: 'hospital',
    nouns: ['patient', 'ward', 'nurse', 'surgeon', 'medicine', 'bandage', 'clinic'],
    verbs: ['treats', 'heals', 'admits', 'monitors', 'discharges'],
  },
  {
    heading: 'Glacier research',
    marker: 'glacier',
    nouns: ['ice', 'moraine', 'crevasse', 'meltwater', 'snowfield', 'core', 'fjord'],
    verbs: ['melts', 'retreats', 'advances', 'calves', 'freezes'],
  },
  {
    heading: 'Theatre staging',
    marker: 'theatre',
    nouns: ['actor', 'rehearsal', 'curtain', 'script', 'audience', 'costume', 'spotlight'],
    verbs: ['performs', 'rehearses', 'applauds', 'stages', 'directs'],
  },
  {
    heading: 'Bakery production',
    marker: 'bakery',
    nouns: ['dough', 'oven', 'flour', 'loaf', 'yeast', 'pastry', 'crust'],
    verbs: ['bakes', 'kneads', 'rises', 'slices', 'proves'],
  },
  {
    heading: 'Satellite launches',
    marker: 'satellite',
    nouns: ['rocket', 'orbit', 'antenna', 'payload', 'booster', 'telescope', 'launchpad'],
    verbs: ['launches', 'orbits', 'transmits', 'deploys', 'docks'],
  },
  {
    heading: 'Vineyard winemaking',
    marker: 'vineyard',
    nouns: ['grape', 'barrel', 'cellar', 'vintage', 'cork', 'vine', 'press'],
    verbs: ['ferments', 'ages', 'bottles', 'crushes', 'blends'],
  },
  {
    heading: 'Library archives',
    marker: 'library',
    nouns: ['manuscript', 'catalogue', 'reader', 'shelf', 'archive', 'binding', 'ledger'],
    verbs: ['lends', 'catalogues', 'preserves', 'digitizes', 'restores'],
  },
];

const ADJECTIVES = ['old', 'new', 'large', 'small', 'busy', 'quiet', 'northern', 'southern'];
const PLACES = ['Ashford', 'Bexley', 'Corran', 'Dunmore', 'Elgin', 'Farley', 'Glenside'];
const ENDINGS = [
  'every morning before the staff arrive',
  'during the long winter months',
  'according to the yearly report of the council',
  'while visitors watch from the gallery',
  'after the committee approved the budget',
  'despite the rising costs of the last decade',
];

/** A deterministic pseudo-random sequence (mulberry32), so every run builds the same text. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where one section of a built document lies, heading included. */
export interface LongDocumentSection {
  topic: LongDocumentTopic;
  start: number;
  end: number;
}

export interface LongDocument {
  text: string;
  sections: LongDocumentSection[];
}

/**
 * A document of about `chars` characters: `topics` sections one after the other (of unequal
 * sizes, from about half to one and a half times the average), each of paragraphs of four to
 * six sentences, under a Markdown heading (`## …`) unless `headings` is false.
 */
export function buildLongDocument({
  chars = 500_000,
  topics = LONG_DOCUMENT_TOPICS.length,
  headings = true,
  seed = 27,
}: {
  chars?: number;
  topics?: number;
  headings?: boolean;
  seed?: number;
} = {}): LongDocument {
  const random = sequence(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const chosen = LONG_DOCUMENT_TOPICS.slice(0, topics);
  const sizes = chosen.map((_, index) => 0.5 + index / Math.max(1, chosen.length - 1));
  const sizeTotal = sizes.reduce((total, size) => total + size, 0);
  const parts: string[] = [];
  const sections: LongDocumentSection[] = [];
  let length = 0;
  const append = (part: string): void => {
    parts.push(part);
    length += part.length;
  };
  if (headings) append('# A report on ten trades\n\n');
  chosen.forEach((topic, index) => {
    const start = length;
    const budget = (chars * (sizes[index] as number)) / sizeTotal;
    if (headings) append(`## ${topic.heading}\n\n`);
    else if (index > 0) append('\n\n');
    let paragraphs = 0;
    while (length - start < budget - 200) {
      const sentences: string[] = [];
      const count = 4 + Math.floor(random() * 3);
      for (let i = 0; i < count; i++) {
        sentences.push(
          `The ${pick(ADJECTIVES)} ${topic.marker} ${pick(topic.nouns)} in ${pick(PLACES)} ` +
            `${pick(topic.verbs)} the ${pick(topic.nouns)} and the ${pick(topic.nouns)} ` +
            `${pick(ENDINGS)}.`,
        );
      }
      if (paragraphs > 0) append('\n\n');
      append(sentences.join(' '));
      paragraphs++;
    }
    sections.push({ topic, start, end: length });
    if (headings && index < chosen.length - 1) append('\n\n');
  });
  return { text: parts.join(''), sections };
}

/** The section of `document` that the offset `at` falls in, or -1. */
export function sectionAt(document: LongDocument, at: number): number {
  return document.sections.findIndex((section) => section.start <= at && at < section.end);
}
