import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listCreditMovements } from '../../test/credit-ledger';
import type {
  SummaryDto,
  SummaryPaginationDto,
  SummaryStatisticsDto,
} from '../../domain/summary-response';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import { UNKNOWN_ID } from '../../test/envelope';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import {
  EXPORT_FORMAT_MESSAGE,
  MAX_SEARCH_LENGTH,
  SEARCH_LENGTH_MESSAGE,
} from './summaries.schemas';
import { inflateZipEntry, readZipDirectory } from '../../documents/zip-archive';

/*
 * GET /api/summaries/:id/export (txt, md, docx) and GET /api/summaries?q= (full-text search
 * over the original and the summary), API.md "Additions".
 */

const BULLETS = [
  'The committee approved the library budget.',
  'Bridge repairs start in spring & finish by autumn.',
];
const BULLET_SUMMARY = BULLETS.map((line) => `- ${line}`).join('\n');

let t: TestApp;
let fake: FakeSummarizer;
/** What the fake answers next; null: its usual first words of the text. */
let nextSummary: string | null = null;

beforeAll(async () => {
  fake = createFakeSummarizer();
  const base = fake.summarize.bind(fake);
  fake.summarize = async (input, signal) => {
    const answer = await base(input, signal);
    return nextSummary === null ? answer : { ...answer, summary: nextSummary };
  };
  t = await createTestApp({ deps: { summarizer: fake } });
});

afterAll(async () => {
  await t.destroy();
});

beforeEach(() => {
  fake.calls.length = 0;
  nextSummary = null;
});

async function createOk(
  user: TestUser,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<SummaryDto> {
  const res = await t.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: { content, ...extra },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

function exportOf(user: TestUser, id: string, format: string) {
  return t.request(`/api/summaries/${id}/export?format=${format}`, { token: user.token });
}

function pad(text: string): string {
  return `${text} This sentence only makes the text long enough to be summarized at all.`;
}

describe('GET /api/summaries/:id/export', () => {
  let owner: TestUser;
  let summary: SummaryDto;

  beforeAll(async () => {
    owner = await t.createUser({ credits: 1 });
    nextSummary = BULLET_SUMMARY;
    summary = await createOk(owner, pad('The committee met to review the library budget.'), {
      format: 'bullets',
    });
    nextSummary = null;
  });

  it('downloads plain text, free', async () => {
    const ledgerBefore = await listCreditMovements(t.db, owner.user.id);
    const res = await exportOf(owner, summary.id, 'txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const date = summary.createdAt.slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="summary-${date}.txt"; filename*=UTF-8''summary-${date}.txt`,
    );
    expect(await res.text()).toBe(`${BULLET_SUMMARY}\n`);
    expect(await listCreditMovements(t.db, owner.user.id)).toEqual(ledgerBefore);
    expect(fake.calls).toHaveLength(0);
  });

  it('downloads Markdown with a title, the details and the bullets kept', async () => {
    const res = await exportOf(owner, summary.id, 'md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.md"/);
    const markdown = await res.text();
    expect(markdown.startsWith('# Summary\n\n')).toBe(true);
    expect(markdown).toContain(`Model: ${summary.aiModel}`);
    expect(markdown).toContain(`Compression: ${summary.compressionRatio}%`);
    expect(markdown).toContain(`Date: ${summary.createdAt.slice(0, 10)}`);
    // Citations are on by default (issue 28): the source closes the file; this summary has
    // no source map, so there are no footnotes.
    expect(markdown.endsWith(`\n\n${BULLET_SUMMARY}\n\n**Source:** Pasted text\n`)).toBe(true);
  });

  it('downloads a real Word document: title, details, and the bullets as a numbered list', async () => {
    const res = await exportOf(owner, summary.id, 'docx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.docx"/);
    const archive = Buffer.from(await res.arrayBuffer());
    expect(archive.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const entries = readZipDirectory(archive, {
      maxEntries: 100,
      maxTotalUncompressedBytes: 10_000_000,
      maxCompressionRatio: 1000,
      ratioGraceBytes: 1_000_000,
    });
    const names = entries.map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'word/document.xml', 'word/numbering.xml']),
    );
    const read = (name: string) => {
      const entry = entries.find((candidate) => candidate.name === name);
      if (!entry) throw new Error(`${name} is missing`);
      return inflateZipEntry(archive, entry).toString('utf8');
    };
    const documentXml = read('word/document.xml');
    expect(documentXml).toContain('>Summary<');
    expect(documentXml).toContain(`Model: ${summary.aiModel}`);
    expect(documentXml).toContain(`Compression: ${summary.compressionRatio}%`);
    // Each bullet is a paragraph of its own that carries list numbering (w:numPr).
    const paragraphs = documentXml.split('</w:p>');
    for (const bullet of BULLETS) {
      const escaped = bullet.replace('&', '&amp;');
      const paragraph = paragraphs.find((candidate) => candidate.includes(escaped));
      expect(paragraph, bullet).toBeDefined();
      expect(paragraph).toMatch(/<w:numPr>\s*<w:ilvl w:val="0"\/>\s*<w:numId w:val="\d+"\/>/);
    }
    expect(read('word/numbering.xml')).toContain('w:val="bullet"');
  });

  it('names the file after the uploaded one', async () => {
    const user = await t.createUser();
    const form = new FormData();
    form.append(
      'file',
      new File([Buffer.from(pad('Notes about the river delta and its farms.'))], 'Délta notes.txt'),
    );
    const res = await t.request('/api/summaries/upload', {
      method: 'POST',
      token: user.token,
      body: form,
    });
    const uploaded = ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
    const file = await exportOf(user, uploaded.id, 'docx');
    const date = uploaded.createdAt.slice(0, 10);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="D_lta-notes-summary-${date}.docx"; ` +
        `filename*=UTF-8''${encodeURIComponent(`Délta-notes-summary-${date}.docx`)}`,
    );
    const markdown = await (await exportOf(user, uploaded.id, 'md')).text();
    expect(markdown.startsWith('# Summary of Délta notes.txt\n')).toBe(true);
  });

  it('refuses a missing or unknown format with 400 naming the field', async () => {
    for (const query of ['', '?format=pdf', '?format=DOCX', '?format=']) {
      const res = await t.request(`/api/summaries/${summary.id}/export${query}`, {
        token: owner.token,
      });
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as ErrorEnvelope;
      expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: EXPORT_FORMAT_MESSAGE });
      expect(body.errors).toEqual([{ field: 'format', message: EXPORT_FORMAT_MESSAGE }]);
    }
  });

  it('answers 404 for someone else’s summary (staff included) and an unknown id', async () => {
    const other = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    for (const [user, id] of [
      [other, summary.id],
      [admin, summary.id],
      [owner, UNKNOWN_ID],
      [owner, 'not-a-uuid'],
    ] as const) {
      const res = await exportOf(user, id, 'txt');
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorEnvelope).code).toBe('NOT_FOUND');
    }
    expect((await t.request(`/api/summaries/${summary.id}/export?format=txt`)).status).toBe(401);
  });
});

interface ListData {
  summaries: SummaryDto[];
  pagination: SummaryPaginationDto;
  statistics: SummaryStatisticsDto;
  total: number;
  totalPages: number;
}

describe('GET /api/summaries?q=', () => {
  let user: TestUser;
  let budget: SummaryDto;
  let river: SummaryDto;
  let bridges: SummaryDto;

  async function search(query: string, who: TestUser = user) {
    const res = await t.request(`/api/summaries${query}`, { token: who.token });
    return { status: res.status, body: (await res.json()) as Envelope<ListData> };
  }

  beforeAll(async () => {
    user = await t.createUser({ credits: 10 });
    budget = await createOk(
      user,
      pad('The council approved the annual budget for public libraries.'),
    );
    river = await createOk(user, pad('Rivers carry sediment from the mountains down to the sea.'));
    // Found by its summary's words only: the original never says "infrastructure".
    nextSummary = 'Infrastructure spending on bridges rises.';
    bridges = await createOk(user, pad('Three old bridges across the river will be rebuilt soon.'));
    nextSummary = null;
    const stranger = await t.createUser();
    await createOk(stranger, pad('A stranger wrote about the budget of their own library.'));
  });

  it('filters own summaries by words of the original, with stemming, and counts the matches', async () => {
    const found = await search('?q=budgets');
    expect(found.status).toBe(200);
    expect(found.body.data.summaries.map((summary) => summary.id)).toEqual([budget.id]);
    expect(found.body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalSummaries: 1,
      total: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.totalPages).toBe(1);
    // The statistics still describe all of the user's summaries.
    expect(found.body.data.statistics.totalSummaries).toBe(3);

    const rivers = await search('?q=river');
    expect(rivers.body.data.summaries.map((summary) => summary.id)).toEqual([bridges.id, river.id]);
  });

  it('finds words of the summary, phrases and several words together', async () => {
    expect((await search('?q=infrastructure')).body.data.summaries.map((s) => s.id)).toEqual([
      bridges.id,
    ]);
    const phrase = await search(`?q=${encodeURIComponent('"annual budget"')}`);
    expect(phrase.body.data.summaries.map((s) => s.id)).toEqual([budget.id]);
    const both = await search(`?q=${encodeURIComponent('river bridges')}`);
    expect(both.body.data.summaries.map((s) => s.id)).toEqual([bridges.id]);
    const none = await search('?q=volcano');
    expect(none.body.data).toMatchObject({ summaries: [], total: 0, totalPages: 0 });
  });

  it('pages through the matches', async () => {
    const first = await search('?q=river&limit=1');
    expect(first.body.data.summaries.map((s) => s.id)).toEqual([bridges.id]);
    expect(first.body.data.pagination).toMatchObject({
      total: 2,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const second = await search('?q=river&limit=1&page=2');
    expect(second.body.data.summaries.map((s) => s.id)).toEqual([river.id]);
    expect(second.body.data.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    const past = await search('?q=river&limit=1&page=3');
    expect(past.body.data.summaries).toEqual([]);
  });

  it('trims q, and an empty or blank q is no filter', async () => {
    expect((await search('?q=%20%20budget%20')).body.data.total).toBe(1);
    for (const query of ['?q=', '?q=%20%20', '']) {
      const all = await search(query);
      expect(all.status).toBe(200);
      expect(all.body.data.total).toBe(3);
    }
  });

  it('refuses a q that is too long with 400 naming the field', async () => {
    const res = await t.request(`/api/summaries?q=${'a'.repeat(MAX_SEARCH_LENGTH + 1)}`, {
      token: user.token,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorEnvelope;
    expect(body.errors).toEqual([{ field: 'q', message: SEARCH_LENGTH_MESSAGE }]);
    expect((await search(`?q=${'a'.repeat(MAX_SEARCH_LENGTH)}`)).status).toBe(200);
    const nul = await t.request('/api/summaries?q=bud%00get', { token: user.token });
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as ErrorEnvelope).errors?.[0]?.field).toBe('q');
  });

  it('survives search syntax and punctuation', async () => {
    for (const q of ['budget & -', '!!!', '"unclosed', 'or', "l'été :*", '(budget)']) {
      const res = await search(`?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect((await search(`?q=${encodeURIComponent('budget -libraries')}`)).body.data.total).toBe(0);
  });
});
