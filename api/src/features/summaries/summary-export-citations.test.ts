import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSummary } from '../../db/summaries.repository';
import type { NewSummary } from '../../db/summaries.repository';
import { inflateZipEntry, readZipDirectory } from '../../documents/zip-archive';
import type { ErrorEnvelope } from '../../test/envelope';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { EXPORT_CITATIONS_MESSAGE } from './summaries.schemas';
import {
  MAX_QUOTE_CHARS,
  NOT_FOUND_NOTE,
  noteText,
  pageOf,
  summaryCitations,
} from './summary-citations';
import { summaryBlocks } from './summary-export';

/*
 * Issue 28, "Citations that survive export": GET /api/summaries/:id/export with citations (the
 * default) gives a Word footnote (docx) or a `[^n]` footnote (md) per summary sentence quoting
 * its source sentences, with their page for PDFs, and ends with the source; citations=false
 * drops them (API.md round 3).
 */

const PAGE_ONE = 'The harbour board met on Monday. It approved repairs to the northern pier.';
const PAGE_TWO = 'Work starts in May & ends in June. Supply boats keep their Friday timetable.';
const ORIGINAL = `${PAGE_ONE}\n${PAGE_TWO}`;
const SECOND_PAGE_AT = PAGE_ONE.length + 1;

function span(text: string): { start: number; end: number } {
  const start = ORIGINAL.indexOf(text);
  if (start < 0) throw new Error(`${text} is not in the original`);
  return { start, end: start + text.length };
}

const SENTENCES = [
  'The board approved pier repairs.',
  'Work runs from May to June.',
  'Everyone was pleased.',
];
const SOURCE_MAP = [
  { text: SENTENCES[0] as string, sources: [span('It approved repairs to the northern pier.')] },
  { text: SENTENCES[1] as string, sources: [span('Work starts in May & ends in June.')] },
  { text: SENTENCES[2] as string, sources: [] },
];

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({ deps: { summarizer: createFakeSummarizer() } });
  owner = await t.createUser();
});

afterAll(async () => {
  await t.destroy();
});

async function insert(extra: Partial<NewSummary>): Promise<string> {
  const summary: NewSummary = {
    userId: owner.user.id,
    originalContent: ORIGINAL,
    originalWordCount: 26,
    source: 'pdf',
    fileName: 'harbour.pdf',
    sourceUrl: null,
    sourceTitle: null,
    ocr: false,
    pageBreaks: [SECOND_PAGE_AT],
    summarizedContent: SENTENCES.join(' '),
    summaryWordCount: 14,
    compressionRatio: 46,
    processingTime: 5,
    isFallback: false,
    aiModel: 'fake-model',
    customPrompt: null,
    length: 'medium',
    format: 'paragraph',
    keywords: [],
    sourceMap: SOURCE_MAP,
    unverified: [],
    fallbackReason: null,
    promptApplied: null,
    ...extra,
  };
  const row = await t.db.transaction().execute((trx) => insertSummary(trx, summary));
  return row.id;
}

function exportOf(id: string, query: string) {
  return t.request(`/api/summaries/${id}/export?${query}`, { token: owner.token });
}

async function docxParts(id: string, query: string): Promise<Map<string, string>> {
  const res = await exportOf(id, query);
  expect(res.status).toBe(200);
  const archive = Buffer.from(await res.arrayBuffer());
  const entries = readZipDirectory(archive, {
    maxEntries: 100,
    maxTotalUncompressedBytes: 10_000_000,
    maxCompressionRatio: 1000,
    ratioGraceBytes: 1_000_000,
  });
  return new Map(
    entries.map((entry) => [entry.name, inflateZipEntry(archive, entry).toString('utf8')]),
  );
}

/** The text of each footnote the user wrote (ids from 1; Word's separators are -1 and 0). */
function footnoteTexts(footnotesXml: string): Map<number, string> {
  const notes = new Map<number, string>();
  for (const match of footnotesXml.matchAll(
    /<w:footnote\b[^>]*w:id="(\d+)"[^>]*>(.*?)<\/w:footnote>/gsu,
  )) {
    const id = Number(match[1]);
    const text = [...(match[2] as string).matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/gu)]
      .map((run) => run[1])
      .join('');
    if (id > 0) notes.set(id, text);
  }
  return notes;
}

describe('GET /api/summaries/:id/export with citations', () => {
  it('gives each sentence of a PDF summary a Word footnote quoting its source and page', async () => {
    const id = await insert({});
    const parts = await docxParts(id, 'format=docx');
    const documentXml = parts.get('word/document.xml') ?? '';
    const references = [...documentXml.matchAll(/<w:footnoteReference w:id="(\d+)"\/>/gu)].map(
      (match) => Number(match[1]),
    );
    expect(references).toEqual([1, 2, 3]);
    // Each reference follows its sentence, in the same paragraph.
    const paragraph = documentXml.split('</w:p>').find((p) => p.includes(SENTENCES[0] as string));
    expect(paragraph).toMatch(/pier repairs\.<\/w:t>.*w:footnoteReference w:id="1"/su);
    expect(documentXml).toContain('>Source<');
    expect(documentXml).toContain('>harbour.pdf<');

    const notes = footnoteTexts(parts.get('word/footnotes.xml') ?? '');
    expect(notes.get(1)).toBe('p. 1: “It approved repairs to the northern pier.”');
    expect(notes.get(2)).toBe('p. 2: “Work starts in May &amp; ends in June.”');
    expect(notes.get(3)).toBe(NOT_FOUND_NOTE);
  });

  it('gives bullet items their footnotes and ends a web page’s summary with its title and address', async () => {
    const id = await insert({
      source: 'url',
      fileName: null,
      sourceUrl: 'https://news.example/harbour',
      sourceTitle: 'Harbour news',
      pageBreaks: [],
      format: 'bullets',
      summarizedContent: SENTENCES.slice(0, 2)
        .map((sentence) => `- ${sentence}`)
        .join('\n'),
      sourceMap: SOURCE_MAP.slice(0, 2).map((entry) => ({ ...entry, text: `- ${entry.text}` })),
    });
    const parts = await docxParts(id, 'format=docx');
    const documentXml = parts.get('word/document.xml') ?? '';
    const items = documentXml.split('</w:p>').filter((p) => p.includes('<w:numPr>'));
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('w:footnoteReference w:id="1"');
    expect(items[1]).toContain('w:footnoteReference w:id="2"');
    expect(documentXml).toContain('>Harbour news<');
    expect(documentXml).toContain('>https://news.example/harbour<');
    expect(parts.get('word/_rels/document.xml.rels')).toContain('https://news.example/harbour');
    // No pages for a web page.
    const notes = footnoteTexts(parts.get('word/footnotes.xml') ?? '');
    expect(notes.get(1)).toBe('“It approved repairs to the northern pier.”');

    const markdown = await (await exportOf(id, 'format=md')).text();
    expect(markdown).toContain(`- ${SENTENCES[0]}[^1]\n- ${SENTENCES[1]}[^2]\n`);
    expect(markdown).toContain('**Source:** Harbour news, <https://news.example/harbour>');
  });

  it('writes Markdown footnotes, with the page for a PDF, and the file name', async () => {
    const id = await insert({});
    const res = await exportOf(id, 'format=md&citations=true');
    expect(res.status).toBe(200);
    const markdown = await res.text();
    expect(markdown).toContain(
      `\n\n${SENTENCES[0]}[^1] ${SENTENCES[1]}[^2] ${SENTENCES[2]}[^3]\n\n**Source:** harbour.pdf\n\n`,
    );
    expect(
      markdown.endsWith(
        '[^1]: p. 1: “It approved repairs to the northern pier.”\n' +
          '[^2]: p. 2: “Work starts in May & ends in June.”\n' +
          `[^3]: ${NOT_FOUND_NOTE}\n`,
      ),
    ).toBe(true);
  });

  it('says "Pasted text" for pasted text and keeps .txt as it was', async () => {
    const id = await insert({ source: 'text', fileName: null, pageBreaks: [] });
    const markdown = await (await exportOf(id, 'format=md')).text();
    expect(markdown).toContain('**Source:** Pasted text');
    expect(markdown).toContain('[^1]: “It approved repairs to the northern pier.”');
    expect(await (await exportOf(id, 'format=txt')).text()).toBe(`${SENTENCES.join(' ')}\n`);
  });

  it('drops footnotes and the source with citations=false', async () => {
    const id = await insert({});
    const parts = await docxParts(id, 'format=docx&citations=false');
    const documentXml = parts.get('word/document.xml') ?? '';
    expect(documentXml).not.toContain('w:footnoteReference');
    expect(documentXml).not.toContain('>Source<');
    expect(documentXml).toContain(`>${SENTENCES.join(' ')}<`);
    expect(footnoteTexts(parts.get('word/footnotes.xml') ?? '').size).toBe(0);

    const markdown = await (await exportOf(id, 'format=md&citations=false')).text();
    expect(markdown).not.toContain('[^');
    expect(markdown).not.toContain('Source:');
    expect(markdown.endsWith(`\n\n${SENTENCES.join(' ')}\n`)).toBe(true);
  });

  it('refuses citations other than true or false with 400 naming the field', async () => {
    const id = await insert({});
    for (const value of ['maybe', 'TRUE', '1', '']) {
      const res = await exportOf(id, `format=md&citations=${value}`);
      expect(res.status, value).toBe(400);
      const body = (await res.json()) as ErrorEnvelope;
      expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: EXPORT_CITATIONS_MESSAGE });
      expect(body.errors).toEqual([{ field: 'citations', message: EXPORT_CITATIONS_MESSAGE }]);
    }
  });
});

describe('noteText', () => {
  it('cuts each quoted source sentence to 300 characters with an ellipsis', () => {
    const long = `${'word '.repeat(100).trim()}.`;
    const note = noteText(long, [{ start: 0, end: long.length }], null);
    expect(note).toBe(`“${long.slice(0, MAX_QUOTE_CHARS).trimEnd()}…”`);
  });

  it('groups quotes by page and names a range for a sentence over a page break', () => {
    const original = 'One. Two. Three.';
    const note = noteText(
      original,
      [
        { start: 10, end: 16 },
        { start: 0, end: 4 },
        { start: 5, end: 9 },
      ],
      [7],
    );
    expect(note).toBe('p. 1: “One.”; pp. 1–2: “Two.”; p. 2: “Three.”');
    expect(pageOf(6, [7])).toBe(1);
    expect(pageOf(7, [7, 12])).toBe(2);
  });
});

describe('summaryCitations', () => {
  it('places sentences in order, leaves out one it cannot place, and keeps uncovered text', () => {
    const original = 'Alpha is first. Beta is second.';
    const summarized = '1. Alpha leads.\nBeta follows. A closing remark.';
    const cited = summaryCitations(
      {
        original_content: original,
        source_map: [
          { text: '1. Alpha leads.', sources: [{ start: 0, end: 15 }] },
          { text: 'Nowhere in the summary.', sources: [{ start: 0, end: 15 }] },
          { text: 'Beta follows.', sources: [{ start: 16, end: 31 }] },
        ],
        page_breaks: [],
        source: 'text',
        file_name: null,
        source_url: null,
        source_title: null,
      },
      summaryBlocks(summarized),
    );
    expect(cited.blocks.map((block) => block.parts)).toEqual([
      [{ text: '1. Alpha leads.', note: 1 }],
      [
        { text: 'Beta follows.', note: 2 },
        { text: ' A closing remark.', note: null },
      ],
    ]);
    expect(cited.notes).toEqual(['“Alpha is first.”', '“Beta is second.”']);
    expect(cited.source).toEqual({ title: 'Pasted text', url: null });
  });
});
