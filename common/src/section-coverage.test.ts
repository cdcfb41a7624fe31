import { describe, expect, it } from 'vitest';
import {
  coverageLabel,
  includePrompt,
  sectionCoverage,
  withSectionMarks,
} from './section-coverage';
import { segmentText } from './source-map';

/* Issue 28, what the summary left out: which sections a summary draws on. */

const TEXT = [
  '# Report',
  '',
  'The board surveyed the harbour.',
  '',
  '## Methods',
  '',
  '### Sampling',
  '',
  'Quays were chosen at random.',
  '',
  '## Results',
  '',
  'Three quays need repairs.',
  '',
  '## Funding',
  '',
  'The city pays.',
].join('\n');

function span(phrase: string) {
  const start = TEXT.indexOf(phrase);
  return { start, end: start + phrase.length };
}

function section(title: string, level: number, heading: string, until: string | null) {
  const start = TEXT.indexOf(heading);
  const end = until === null ? TEXT.length : TEXT.indexOf(until) - 2;
  return { title, level, start, end };
}

const SECTIONS = [
  section('Report', 1, '# Report', null),
  section('Methods', 2, '## Methods', '## Results'),
  section('Sampling', 3, '### Sampling', '## Results'),
  section('Results', 2, '## Results', '## Funding'),
  section('Funding', 2, '## Funding', null),
];

describe('sectionCoverage', () => {
  it('counts the sections with text of their own, covered when a source span overlaps it', () => {
    const coverage = sectionCoverage(TEXT, SECTIONS, [
      { sources: [span('Three quays need repairs.')] },
      { sources: [span('Quays were chosen at random.')] },
    ]);
    // "Methods" holds only its sub-section: it is judged through "Sampling".
    expect(coverage.sections.map(({ title, covered }) => [title, covered])).toEqual([
      ['Report', false],
      ['Sampling', true],
      ['Results', true],
      ['Funding', false],
    ]);
    expect(coverage).toMatchObject({ covered: 2, total: 4, uncovered: ['Report', 'Funding'] });
    expect(coverageLabel(coverage)).toBe('Covers 2 of 4 sections');
    expect(TEXT.slice(coverage.sections[0]?.ownStart, coverage.sections[0]?.ownEnd)).toBe(
      '\nThe board surveyed the harbour.\n\n',
    );
  });

  it('ignores malformed or out-of-range sections and a missing source map', () => {
    const coverage = sectionCoverage(
      TEXT,
      [
        ...SECTIONS,
        { title: '', level: 1, start: 0, end: 3 },
        { title: 'X', level: 1, start: 5, end: 9999 },
      ],
      null,
    );
    expect(coverage.total).toBe(4);
    expect(coverage.covered).toBe(0);
    expect(sectionCoverage(TEXT, null, null).total).toBe(0);
  });

  it('asks for a section by its title', () => {
    expect(includePrompt('Methods')).toBe('Include: Methods');
  });
});

describe('withSectionMarks', () => {
  it('cuts the original where each counted section starts, the piece carrying it', () => {
    const coverage = sectionCoverage(TEXT, SECTIONS, []);
    const segments = withSectionMarks(
      segmentText(TEXT, { used: [span('Three quays')], active: [], keyword: [] }),
      coverage.sections,
    );
    expect(segments.map((segment) => segment.text).join('')).toBe(TEXT);
    const marked = segments.filter((segment) => segment.section);
    expect(marked.map((segment) => segment.section?.title)).toEqual([
      'Report',
      'Sampling',
      'Results',
      'Funding',
    ]);
    for (const segment of marked) expect(segment.start).toBe(segment.section?.start);
    expect(segments.find((segment) => segment.used)?.text).toBe('Three quays');
  });
});
