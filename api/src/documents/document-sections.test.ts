import { afterAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../test/pdf-builder';
import type { PdfTextLine } from '../test/pdf-builder';
import { createTestConfig } from '../test/test-app';
import { buildZip, docxEntriesOfBody, documentXmlOfBody } from '../test/zip-builder';
import { createDocumentReader } from './document-reader';
import { FileExtractionPool } from './file-extraction-pool';
import { htmlText } from './web/html-text';

/*
 * Sections of every kind of source (issue 28, API.md round 3 `sections`), read from real files
 * built here: Word heading styles and outline levels in a .docx, lines set larger than the body
 * in a PDF, h1–h6 in a web page, Markdown-like and numbered headings in a .txt.
 */

const config = createTestConfig();
const reader = createDocumentReader({
  fileExtractor: new FileExtractionPool(config.extraction),
  ocr: config.documents,
});
afterAll(() => reader.close());

const BODY =
  'The survey reached four hundred households across the district over the spring of last year.';

function escapeXml(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}

function paragraph(text: string, properties = ''): string {
  return `<w:p>${properties === '' ? '' : `<w:pPr>${properties}</w:pPr>`}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Kop2"><w:name w:val="heading 2"/></w:style>
<w:style w:type="paragraph" w:styleId="Chapter"><w:name w:val="Chapter"/><w:basedOn w:val="Heading1"/></w:style>
<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
</w:styles>`;

function docxFile(bodyXml: string, name = 'report.docx'): File {
  const entries = [
    ...docxEntriesOfBody(documentXmlOfBody(bodyXml)),
    { name: 'word/styles.xml', data: STYLES },
  ];
  return new File([new Uint8Array(buildZip(entries))], name);
}

describe('sections of a .docx', () => {
  it('come from heading styles (by name or id), Title, styles based on them and outlineLvl', async () => {
    const body = [
      paragraph('Water report 2025', '<w:pStyle w:val="Title"/>'),
      paragraph(BODY),
      paragraph('Methods', '<w:pStyle w:val="Heading1"/>'),
      paragraph(BODY),
      paragraph('Sampling & weighting', '<w:pStyle w:val="Kop2"/>'),
      paragraph(BODY),
      paragraph('Results', '<w:pStyle w:val="Chapter"/>'),
      paragraph(BODY),
      paragraph('Funding', '<w:outlineLvl w:val="1"/>'),
      paragraph(BODY),
      paragraph('Plain paragraph, no heading', '<w:pStyle w:val="Normal"/>'),
    ].join('');
    const document = await reader.readFile(docxFile(body));
    expect(document.sections.map(({ title, level }) => [title, level])).toEqual([
      ['Water report 2025', 1],
      ['Methods', 1],
      ['Sampling & weighting', 2],
      ['Results', 1],
      ['Funding', 2],
    ]);
    const { text, sections } = document;
    for (const section of sections)
      expect(text.slice(section.start)).toMatch(new RegExp(`^${section.title}`, 'u'));
    const methods = sections[1];
    expect(text.slice(methods?.start, methods?.end)).toBe(
      `Methods\n\n${BODY}\n\nSampling & weighting\n\n${BODY}`,
    );
    expect(sections.at(-1)?.end).toBe(text.trimEnd().length);
  });

  it('fall back to the text’s numbered headings when no style names one', async () => {
    const body = ['1. Introduction', BODY, '2. Methods', BODY].map((text) => paragraph(text));
    const document = await reader.readFile(docxFile(body.join('')));
    expect(document.sections.map(({ title, level }) => [title, level])).toEqual([
      ['1. Introduction', 1],
      ['2. Methods', 1],
    ]);
  });
});

/** A page of lines from the top, 11-point body lines 14 points apart. */
function page(lines: readonly (string | [string, number])[]): { lines: PdfTextLine[] } {
  let y = 720;
  return {
    lines: lines.map((line) => {
      const [text, size] = typeof line === 'string' ? [line, 11] : line;
      y -= size > 11 ? 30 : 14;
      return { text, x: 72, y, size };
    }),
  };
}

describe('sections of a PDF', () => {
  it('come from lines set larger than the body, the largest the highest', async () => {
    const pdf = buildPdf([
      page([
        ['Transit review', 20],
        'The council asked for a review of the routes that',
        'run through the old town and the harbour district.',
        ['1 Introduction', 14],
        'Buses carried more riders in the spring than ever,',
        'and the night lines were full on most weekends.',
        ['2 Methods', 14],
        'Ticket data from every line were counted by hour.',
      ]),
      page([
        ['3 Findings', 14],
        'Two lines carry half the riders of the whole network.',
        'The harbour line is late on one trip in five.',
      ]),
    ]);
    const document = await reader.readFile(new File([new Uint8Array(pdf)], 'review.pdf'));
    expect(document.sections.map(({ title, level }) => [title, level])).toEqual([
      ['Transit review', 1],
      ['1 Introduction', 2],
      ['2 Methods', 2],
      ['3 Findings', 2],
    ]);
    const { text, sections } = document;
    const methods = sections[2];
    expect(text.slice(methods?.start, methods?.end)).toBe(
      '2 Methods\n\nTicket data from every line were counted by hour.',
    );
    // A section runs over a page break; the page break is where page 2 begins.
    expect(sections[3]?.start).toBe(document.pageBreaks[0]);
  });

  it('come from lines set in bold alone at the body’s size, not from bold words or bold prose', async () => {
    const body = (text: string, y: number): PdfTextLine => ({ text, x: 72, y });
    const bold = (text: string, y: number, x = 72): PdfTextLine => ({ text, x, y, bold: true });
    const pdf = buildPdf([
      {
        lines: [
          { text: 'Harbour transit report', x: 72, y: 740, size: 18 },
          body('The council asked for a review of the routes that run', 700),
          body('through the old town and the harbour district this year.', 686),
          // A heading in bold at the body's size, right under the paragraph (no extra space).
          bold('Methods', 672),
          body('Ticket data from every line were counted by the hour,', 658),
          // Bold words inside a line of prose are not a heading.
          bold('Important:', 644),
          { text: 'the night lines were counted twice over.', x: 130, y: 644 },
          // A sentence set in bold alone is prose, not a heading.
          bold('Do not use the harbour line after dark.', 616),
          // A table's bold header row: cells far apart.
          bold('Line', 588),
          bold('Riders', 588, 300),
          body('Harbour 1,200', 574),
          bold('Findings and limits', 546),
          body('Two lines carry half the riders of the whole network.', 532),
        ],
      },
    ]);
    const document = await reader.readFile(new File([new Uint8Array(pdf)], 'bold.pdf'));
    expect(document.sections.map(({ title, level }) => [title, level])).toEqual([
      ['Harbour transit report', 1],
      ['Methods', 2],
      ['Findings and limits', 2],
    ]);
    const methods = document.sections[1];
    expect(document.text.slice(methods?.start, methods?.end)).toMatch(
      /^Methods\n\nTicket data from every line were counted by the hour, Important: the night lines were counted twice over\./u,
    );
  });

  it('takes no bold line for a heading when most of the text is bold', async () => {
    const pdf = buildPdf([
      {
        lines: [
          {
            text: 'The council asked for a review of the routes that run',
            x: 72,
            y: 700,
            bold: true,
          },
          { text: 'through the old town and the harbour district.', x: 72, y: 686, bold: true },
          { text: 'Ticket counts', x: 72, y: 658, bold: true },
          {
            text: 'Ticket data from every line were counted by the hour.',
            x: 72,
            y: 644,
            bold: true,
          },
        ],
      },
    ]);
    const document = await reader.readFile(new File([new Uint8Array(pdf)], 'all-bold.pdf'));
    expect(document.sections).toEqual([]);
  });

  it('has none when every line is set at the body’s size and none is numbered', async () => {
    const pdf = buildPdf([page(['Just prose on the page, nothing more.', 'And a second line.'])]);
    const document = await reader.readFile(new File([new Uint8Array(pdf)], 'plain.pdf'));
    expect(document.sections).toEqual([]);
  });
});

describe('sections of a .txt and a web page', () => {
  it('a .txt has its Markdown-like and numbered headings', async () => {
    const text = `# Parks plan\n\n${BODY}\n\n## Budget\n\n${BODY}\n\n2.1 Staff\n\n${BODY}\n`;
    const document = await reader.readFile(new File([text], 'plan.txt'));
    expect(document.sections.map(({ title, level }) => [title, level])).toEqual([
      ['Parks plan', 1],
      ['Budget', 2],
      ['2.1 Staff', 2],
    ]);
  });

  it('a web page has its h1–h6, spans closed as for any source', () => {
    const html = `<html><head><title>Parks</title></head><body><article>
      <h1>Parks plan</h1><p>${BODY}</p><h2>Budget</h2><p>${BODY}</p>
      <h3>Staff</h3><p>${BODY}</p><h2>Timeline</h2><p>${BODY}</p></article></body></html>`;
    const { text, sections } = htmlText(Buffer.from(html), 'utf-8', 'https://example.org/parks');
    // Readability makes an article's h1 an h2 (the page's title is its h1).
    expect(sections.map(({ title, level }) => [title, level])).toEqual([
      ['Parks plan', 2],
      ['Budget', 2],
      ['Staff', 3],
      ['Timeline', 2],
    ]);
    const budget = sections[1];
    expect(text.slice(budget?.start, budget?.end)).toBe(`Budget\n\n${BODY}\n\nStaff\n\n${BODY}`);
  });
});

describe('a hostile .docx', () => {
  it('with styles based on each other in a loop still reads, without those headings', async () => {
    const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:style w:type="paragraph" w:styleId="A"><w:name w:val="A"/><w:basedOn w:val="B"/></w:style>
<w:style w:type="paragraph" w:styleId="B"><w:name w:val="B"/><w:basedOn w:val="A"/></w:style>
</w:styles>`;
    const entries = [
      ...docxEntriesOfBody(
        documentXmlOfBody(
          [paragraph('Looping', '<w:pStyle w:val="A"/>'), paragraph(BODY)].join(''),
        ),
      ),
      { name: 'word/styles.xml', data: styles },
    ];
    const file = new File([new Uint8Array(buildZip(entries))], 'loop.docx');
    const document = await reader.readFile(file);
    expect(document.text).toContain(BODY);
    expect(document.sections).toEqual([]);
  });
});
