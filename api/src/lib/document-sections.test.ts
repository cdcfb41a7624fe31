import { describe, expect, it } from 'vitest';
import {
  anchorHeadings,
  documentSections,
  findSection,
  sectionsOfHeadings,
  shiftSections,
  textHeadings,
} from './document-sections';

/*
 * Sections of a text (issue 28): Markdown-like and numbered headings read from the text, hints
 * of a file's structure found in it, and spans closed at the next heading of the same level.
 */

const MARKDOWN = `# Annual report

The authority served more people than ever.

## Methods

We surveyed 400 households.

### Sampling

Households were drawn at random.

## Results

Satisfaction rose to 81 percent.
`;

const NUMBERED = `1. Introduction

The council asked for a review of its bus routes.

2. Methods

2.1 Data

Ticket data from 2024 were used.

2.2 Interviews

Forty drivers were interviewed.

3. Findings

Two routes carry half the riders.
`;

describe('textHeadings', () => {
  it('reads Markdown headings with their levels and where their lines start', () => {
    const headings = textHeadings(MARKDOWN);
    expect(headings.map(({ title, level }) => [title, level])).toEqual([
      ['Annual report', 1],
      ['Methods', 2],
      ['Sampling', 3],
      ['Results', 2],
    ]);
    for (const heading of headings) {
      expect(MARKDOWN.slice(heading.start)).toMatch(/^#+ /u);
    }
  });

  it('reads numbered headings, the number of parts giving the level', () => {
    expect(textHeadings(NUMBERED).map(({ title, level }) => [title, level])).toEqual([
      ['1. Introduction', 1],
      ['2. Methods', 1],
      ['2.1 Data', 2],
      ['2.2 Interviews', 2],
      ['3. Findings', 1],
    ]);
  });

  it('reads underlined (setext) headings', () => {
    const text = 'Overview\n========\n\nSome text here.\n\nDetails\n-------\n\nMore text.';
    expect(textHeadings(text).map(({ title, level }) => [title, level])).toEqual([
      ['Overview', 1],
      ['Details', 2],
    ]);
  });

  it('leaves out numbered lists, sentences, code blocks and numbers alone', () => {
    const text = [
      'Buy these:',
      '',
      '1. Apples',
      '2. Pears',
      '3. Plums',
      '',
      '1. This item is a whole sentence.',
      '',
      'More prose follows here.',
      '',
      '```',
      '# not a heading',
      '```',
      '',
      '2024 was a good year.',
    ].join('\n');
    expect(textHeadings(text)).toEqual([]);
  });

  it('finds nothing in prose without headings', () => {
    expect(documentSections('Just one paragraph of text. And a second sentence.')).toEqual([]);
  });
});

describe('documentSections', () => {
  it('spans each section to the next heading of its level or higher, without blank lines', () => {
    const sections = documentSections(MARKDOWN);
    const byTitle = new Map(sections.map((section) => [section.title, section]));
    const methods = byTitle.get('Methods');
    expect(MARKDOWN.slice(methods?.start, methods?.end)).toBe(
      '## Methods\n\nWe surveyed 400 households.\n\n### Sampling\n\nHouseholds were drawn at random.',
    );
    const report = byTitle.get('Annual report');
    expect(report?.end).toBe(MARKDOWN.trimEnd().length);
    const results = byTitle.get('Results');
    expect(MARKDOWN.slice(results?.start, results?.end)).toBe(
      '## Results\n\nSatisfaction rose to 81 percent.',
    );
  });

  it('takes a reader’s hints over the text’s own headings, found line by line in order', () => {
    const text = 'Title of it\n\nIntro text.\n\nMethods\n\nWe did it.\n\nMethods\n\nAgain.';
    const sections = documentSections(text, [
      { title: 'Title of it', level: 1 },
      { title: 'Methods', level: 2 },
      { title: 'Not in the text', level: 2 },
      { title: 'Methods', level: 2 },
    ]);
    expect(sections.map(({ title, level, start }) => [title, level, start])).toEqual([
      ['Title of it', 1, 0],
      ['Methods', 2, text.indexOf('Methods')],
      ['Methods', 2, text.lastIndexOf('Methods')],
    ]);
    expect(sections[0]?.end).toBe(text.length);
    expect(text.slice(sections[1]?.start, sections[1]?.end)).toBe('Methods\n\nWe did it.');
  });

  it('falls back to the text’s headings when no hint is found', () => {
    expect(documentSections(MARKDOWN, [{ title: 'Missing', level: 1 }])).toHaveLength(4);
  });

  it('counts offsets in UTF-16 code units', () => {
    const text = '# Émoji 😀 part\n\nText 😀 here.\n\n# Next\n\nMore.';
    const [first, second] = documentSections(text);
    expect(text.slice(first?.start, first?.end)).toBe('# Émoji 😀 part\n\nText 😀 here.');
    expect(second?.start).toBe(text.indexOf('# Next'));
  });
});

describe('anchorHeadings and shiftSections', () => {
  it('collapses spaces when comparing a hint to a line', () => {
    expect(anchorHeadings('a\n\n  Two   words \n\nb', [{ title: 'Two words', level: 9 }])).toEqual([
      { title: 'Two words', level: 6, start: 5 },
    ]);
  });

  it('moves sections by a trimmed start and keeps them within the text', () => {
    const sections = sectionsOfHeadings('  # A\n\nx', [{ title: 'A', level: 1, start: 2 }]);
    expect(shiftSections(sections, 2, 6)).toEqual([{ title: 'A', level: 1, start: 0, end: 6 }]);
    expect(shiftSections(sections, 2, 4)).toEqual([{ title: 'A', level: 1, start: 0, end: 4 }]);
    expect(shiftSections(sections, 9, 0)).toEqual([]);
  });
});

describe('findSection', () => {
  it('finds a section by its title whatever its numbering or marks, with its own text', () => {
    const found = findSection(NUMBERED, 'Methods');
    expect(found?.section.title).toBe('2. Methods');
    // Its own text ends where its first sub-section starts.
    expect(found?.own.end).toBe(NUMBERED.indexOf('2.1 Data'));
    expect(NUMBERED.slice(found?.section.start, found?.section.end)).toContain('Forty drivers');
    expect(findSection(MARKDOWN, 'results')?.section.title).toBe('Results');
  });

  it('finds a heading that is only a line of its own (a .docx or PDF read to text)', () => {
    const text =
      'Report\n\nIntro here.\n\nMethods\n\nWe counted cars.\n\nFunding\n\nThe city paid.';
    const found = findSection(text, 'Methods');
    expect(text.slice(found?.own.start, found?.own.end).trim()).toBe('We counted cars.');
    expect(findSection(text, 'Nothing')).toBeNull();
  });
});
