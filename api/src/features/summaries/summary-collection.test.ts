import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSummary } from '../../db/summaries.repository';
import type { SummaryDto } from '../../domain/summary-response';
import { listCreditMovements } from '../../test/credit-ledger';
import { UNKNOWN_ID } from '../../test/envelope';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import {
  DUPLICATE_ID_MESSAGE,
  SUMMARY_ID_MESSAGE,
  TOO_FEW_MESSAGE,
  TOO_MANY_MESSAGE,
} from './summary-collection.schemas';

/*
 * POST /api/summaries/combine (issue 29, API.md round 3) with the app's own local summarizer,
 * on PGlite and (TEST_DATABASE_URL) Postgres: one summary of several of one's own that draws on
 * every document, its sources and their spans, one credit through the usual paying path, a
 * collection of collections flattened, the summary then used like any other (read, listed,
 * searched, regenerated, versioned, exported with footnotes naming the documents), and every
 * bad input refused with its 4xx and nothing charged.
 */

const RIVER =
  'The river authority published its annual report on Monday. Water levels in the northern ' +
  'reservoirs rose by twelve percent after a wet spring. Engineers plan to repair the old weir ' +
  'before the autumn floods arrive. Farmers downstream welcomed the report but asked for earlier ' +
  'flood warnings. The authority will hire six more hydrologists next year.';
const SCHOOL =
  'The school board approved a new science curriculum for all secondary schools. Pupils will ' +
  'spend two more hours a week in laboratories from September. Teachers will receive training ' +
  'in the summer holidays before the change. Parents asked whether the longer lab hours would ' +
  'shorten the art lessons. The board promised a review of the timetable after one year.';
const TRAINS =
  'The regional railway will run night trains between the three largest cities from spring. ' +
  'Tickets for the sleeper cars go on sale next month at fixed prices. The operator bought ' +
  'twelve refurbished carriages from a company abroad. Unions asked for more staff on the ' +
  'overnight services for safety. The first train leaves the capital at eleven in the evening.';
const LIBRARY =
  'A new public library opened in the north of the city on Saturday. It holds forty thousand ' +
  'books and a large reading room for children. The library stays open every day except ' +
  'Monday until nine in the evening. Volunteers will run reading classes for adults on weekends.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.destroy();
});

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A summary of `text` for 1 credit through POST /api/summaries (the local summarizer). */
async function create(user: TestUser, text: string): Promise<SummaryDto> {
  const res = await t.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: { content: text },
  });
  expect(res.status).toBe(201);
  return (await json<Envelope<{ summary: SummaryDto }>>(res)).data.summary;
}

/** A summary stored directly (no credit): for texts past what pasting allows. */
async function seed(user: TestUser, text: string, fileName: string | null = null) {
  const row = await insertSummary(t.db, {
    userId: user.user.id,
    originalContent: text,
    originalWordCount: text.split(/\s+/u).length,
    source: fileName === null ? 'text' : 'txt',
    fileName,
    sourceUrl: null,
    sourceTitle: null,
    ocr: false,
    pageBreaks: [],
    summarizedContent: text.slice(0, 40),
    summaryWordCount: 5,
    compressionRatio: 90,
    processingTime: 1,
    isFallback: true,
    aiModel: 'seed',
    customPrompt: null,
    length: 'medium',
    format: 'paragraph',
    keywords: [],
    sourceMap: [],
    unverified: [],
    fallbackReason: null,
    promptApplied: null,
  });
  return row.id;
}

function combine(user: TestUser, body: unknown) {
  return t.request('/api/summaries/combine', { method: 'POST', token: user.token, json: body });
}

/** The document (1, 2, …) of `summary.sources` each cited span falls in. */
function citedDocuments(summary: SummaryDto): number[][] {
  return summary.sourceMap.map((entry) =>
    [
      ...new Set(
        entry.sources.map(
          (span) =>
            summary.sources.findIndex(
              (source) => source.start <= span.start && span.end <= source.end,
            ) + 1,
        ),
      ),
    ].sort((a, b) => a - b),
  );
}

async function balanceOf(user: TestUser): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();
  return row.credits;
}

async function summaryCount(user: TestUser): Promise<number> {
  const rows = await t.db
    .selectFrom('summaries')
    .select('id')
    .where('user_id', '=', user.user.id)
    .execute();
  return rows.length;
}

describe('POST /api/summaries/combine', () => {
  it('combines three summaries into one collection that cites every document, for 1 credit', async () => {
    const user = await t.createUser({ credits: 10 });
    const river = await create(user, RIVER);
    const school = await create(user, SCHOOL);
    const trains = await create(user, TRAINS);
    const before = await listCreditMovements(t.db, user.user.id);

    const res = await combine(user, {
      summaryIds: [river.id, school.id, trains.id],
      format: 'bullets',
      length: 'short',
    });
    expect(res.status).toBe(201);
    const { data } = await json<Envelope<{ summary: SummaryDto; updatedCredits: number }>>(res);
    const summary = data.summary;
    expect(data.updatedCredits).toBe(6);
    expect(summary).toMatchObject({
      source: 'collection',
      format: 'bullets',
      length: 'short',
      fileName: null,
      pageBreaks: [],
      version: 1,
      isFallback: true,
    });
    // Each document under its title, and its span is exactly its text.
    expect(summary.sources.map((source) => source.summaryId)).toEqual([
      river.id,
      school.id,
      trains.id,
    ]);
    for (const [index, text] of [RIVER, SCHOOL, TRAINS].entries()) {
      const source = summary.sources[index];
      expect(summary.originalContent.slice(source?.start, source?.end)).toBe(text);
      expect(source?.title).toBe(`${text.split(' ').slice(0, 8).join(' ')}…`);
      expect(summary.originalContent).toContain(`# ${source?.title}\n\n${text}`);
    }
    expect(summary.sourceTitle).toContain('Combined: ');
    // Every sentence cites sentences of the documents, and every document is cited.
    const cited = citedDocuments(summary);
    expect(cited.every((documents) => documents.length > 0 && !documents.includes(0))).toBe(true);
    expect(new Set(cited.flat())).toEqual(new Set([1, 2, 3]));
    expect(summary.summarizedContent.split('\n').every((line) => line.startsWith('- '))).toBe(true);

    // One credit, its ledger row linked to the new summary.
    const after = await listCreditMovements(t.db, user.user.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after[after.length - 1]).toMatchObject({
      reason: 'summary',
      amount: -1,
      summary_id: summary.id,
      balance_after: 6,
    });
    expect(await balanceOf(user)).toBe(6);
  });

  it('is a summary like any other: read, listed, searched, regenerated, versioned and exported', async () => {
    const user = await t.createUser({ credits: 10 });
    const river = await create(user, RIVER);
    const library = await create(user, LIBRARY);
    const res = await combine(user, {
      summaryIds: [river.id, library.id],
      customPrompt: 'What do they agree on?',
    });
    expect(res.status).toBe(201);
    const combined = (await json<Envelope<{ summary: SummaryDto }>>(res)).data.summary;
    expect(combined.customPrompt).toBe('What do they agree on?');

    const read = await t.request(`/api/summaries/${combined.id}`, { token: user.token });
    expect((await json<Envelope<{ summary: SummaryDto }>>(read)).data.summary.sources).toEqual(
      combined.sources,
    );
    const listed = await t.request('/api/summaries?q=hydrologists', { token: user.token });
    const page = await json<Envelope<{ summaries: SummaryDto[] }>>(listed);
    expect(page.data.summaries.map((summary) => summary.id)).toEqual([combined.id, river.id]);
    expect(page.data.summaries[0]?.sources).toHaveLength(2);

    // Regenerated (free) as TL;DR: still one sentence of each document.
    const regenerated = await t.request(`/api/summaries/${combined.id}/regenerate`, {
      method: 'POST',
      token: user.token,
      json: { format: 'tldr' },
    });
    expect(regenerated.status).toBe(200);
    const next = (await json<Envelope<{ summary: SummaryDto }>>(regenerated)).data.summary;
    expect(next.version).toBe(2);
    expect(next.sources).toEqual(combined.sources);
    expect(citedDocuments(next)).toEqual([[1], [2]]);
    expect(await balanceOf(user)).toBe(7);

    const versions = await t.request(`/api/summaries/${combined.id}/versions`, {
      token: user.token,
    });
    const listedVersions = await json<Envelope<{ versions: { version: number }[] }>>(versions);
    expect(listedVersions.data.versions.map((version) => version.version)).toEqual([2, 1]);

    // Markdown export: each footnote names the document its quote comes from.
    const exported = await t.request(`/api/summaries/${combined.id}/export?format=md`, {
      token: user.token,
    });
    expect(exported.status).toBe(200);
    const markdown = await exported.text();
    const [first, second] = combined.sources;
    expect(markdown).toContain(`[^1]: [1] ${first?.title}: “`);
    expect(markdown).toContain(`[^2]: [2] ${second?.title}: “`);
    expect(markdown).toContain(`**Source:** [1] ${first?.title}; [2] ${second?.title}`);
  });

  it('counts a collection as its documents: flattened, each document once, at most 10', async () => {
    const user = await t.createUser({ credits: 10 });
    const river = await create(user, RIVER);
    const school = await create(user, SCHOOL);
    const trains = await create(user, TRAINS);
    const pair = (
      await json<Envelope<{ summary: SummaryDto }>>(
        await combine(user, { summaryIds: [river.id, school.id] }),
      )
    ).data.summary;

    // A collection of a collection: its documents, then the third.
    const res = await combine(user, { summaryIds: [pair.id, trains.id] });
    expect(res.status).toBe(201);
    const nested = (await json<Envelope<{ summary: SummaryDto }>>(res)).data.summary;
    expect(nested.sources.map((source) => source.summaryId)).toEqual([
      river.id,
      school.id,
      trains.id,
    ]);
    expect(nested.sources.map((source) => source.title)).toEqual(
      pair.sources.map((source) => source.title).concat(nested.sources[2]?.title ?? ''),
    );
    expect(nested.sources.map((s) => nested.originalContent.slice(s.start, s.end))).toEqual([
      RIVER,
      SCHOOL,
      TRAINS,
    ]);
    expect(new Set(citedDocuments(nested).flat())).toEqual(new Set([1, 2, 3]));

    // A document met twice (the collection and one of its documents) is kept once.
    const again = await combine(user, { summaryIds: [river.id, pair.id] });
    expect(again.status).toBe(201);
    const deduplicated = (await json<Envelope<{ summary: SummaryDto }>>(again)).data.summary;
    expect(deduplicated.sources.map((source) => source.summaryId)).toEqual([river.id, school.id]);

    // The documents outlive the summaries they came from: their text was copied.
    await t.request(`/api/summaries/${river.id}`, { method: 'DELETE', token: user.token });
    const later = await combine(user, { summaryIds: [nested.id, pair.id] });
    expect(later.status).toBe(201);
    const kept = (await json<Envelope<{ summary: SummaryDto }>>(later)).data.summary;
    expect(kept.sources.map((source) => source.summaryId)).toEqual([
      river.id,
      school.id,
      trains.id,
    ]);
  });

  describe('refuses bad input with a 4xx naming the problem, and charges nothing', () => {
    let user: TestUser;
    let ids: string[];

    beforeAll(async () => {
      user = await t.createUser({ credits: 5 });
      ids = [];
      for (let index = 0; index < 11; index++) {
        ids.push(await seed(user, `${LIBRARY} Copy ${index}.`, `library-${index}.txt`));
      }
    });

    /** Sends `body` and checks the answer, and that no credit or summary moved. */
    async function refused(body: unknown, status: number, who: TestUser = user) {
      const credits = await balanceOf(who);
      const count = await summaryCount(who);
      const ledger = await listCreditMovements(t.db, who.user.id);
      const res = await combine(who, body);
      expect(res.status).toBe(status);
      const error = await json<ErrorEnvelope>(res);
      expect(await balanceOf(who)).toBe(credits);
      expect(await summaryCount(who)).toBe(count);
      expect(await listCreditMovements(t.db, who.user.id)).toHaveLength(ledger.length);
      return error;
    }

    it('one summary, or none', async () => {
      const one = await refused({ summaryIds: [ids[0]] }, 400);
      expect(one).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `${TOO_FEW_MESSAGE} (got 1)`,
        errors: [{ field: 'summaryIds', message: `${TOO_FEW_MESSAGE} (got 1)` }],
      });
      const none = await refused({}, 400);
      expect(none.errors?.[0]?.field).toBe('summaryIds');
    });

    it('eleven summaries', async () => {
      const error = await refused({ summaryIds: ids }, 400);
      expect(error).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'summaryIds', message: `${TOO_MANY_MESSAGE} (got 11)` }],
      });
    });

    it('the same summary twice', async () => {
      const error = await refused({ summaryIds: [ids[0], ids[1], ids[0]] }, 400);
      expect(error).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'summaryIds.2', message: DUPLICATE_ID_MESSAGE }],
      });
      // The same id in another case is the same summary.
      const cased = await refused({ summaryIds: [ids[0], ids[0]?.toUpperCase()] }, 400);
      expect(cased.errors).toEqual([{ field: 'summaryIds.1', message: DUPLICATE_ID_MESSAGE }]);
    });

    it('a malformed id, a bad length or a bad language', async () => {
      const error = await refused({ summaryIds: [ids[0], 'not-an-id'] }, 400);
      expect(error.errors).toEqual([{ field: 'summaryIds.1', message: SUMMARY_ID_MESSAGE }]);
      const length = await refused({ summaryIds: [ids[0], ids[1]], length: 'huge' }, 400);
      expect(length.errors?.[0]?.field).toBe('length');
      const language = await refused({ summaryIds: [ids[0], ids[1]], language: 'english' }, 400);
      expect(language.errors?.[0]?.field).toBe('language');
    });

    it("someone else's summary, or one that does not exist: 404 naming it", async () => {
      const other = await t.createUser({ credits: 5 });
      const theirs = await seed(other, RIVER);
      const error = await refused({ summaryIds: [ids[0], theirs] }, 404);
      expect(error).toMatchObject({
        code: 'NOT_FOUND',
        message: `Summary not found: ${theirs}`,
        errors: [{ field: 'summaryIds.1', message: 'Summary not found' }],
      });
      const unknown = await refused({ summaryIds: [UNKNOWN_ID, ids[0]] }, 404);
      expect(unknown.errors).toEqual([{ field: 'summaryIds.0', message: 'Summary not found' }]);
      // The other user may combine their own, not ours.
      await refused({ summaryIds: [theirs, ids[1]] }, 404, other);
    });

    it('a deleted summary', async () => {
      const doomed = await seed(user, SCHOOL);
      const deleted = await t.request(`/api/summaries/${doomed}`, {
        method: 'DELETE',
        token: user.token,
      });
      expect(deleted.status).toBe(200);
      const error = await refused({ summaryIds: [doomed, ids[0]] }, 404);
      expect(error.message).toBe(`Summary not found: ${doomed}`);
    });

    it('more than 10 documents once collections are flattened', async () => {
      const five = await t.createUser({ credits: 5 });
      const first: string[] = [];
      const second: string[] = [];
      for (let index = 0; index < 5; index++)
        first.push(await seed(five, `${RIVER} Part ${index}.`));
      for (let index = 0; index < 6; index++)
        second.push(await seed(five, `${TRAINS} Part ${index}.`));
      const a = await combine(five, { summaryIds: first });
      const b = await combine(five, { summaryIds: second });
      expect([a.status, b.status]).toEqual([201, 201]);
      const [collectionA, collectionB] = [
        (await json<Envelope<{ summary: SummaryDto }>>(a)).data.summary.id,
        (await json<Envelope<{ summary: SummaryDto }>>(b)).data.summary.id,
      ];
      const error = await refused({ summaryIds: [collectionA, collectionB] }, 400, five);
      expect(error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message:
          'These summaries hold 11 documents (a combined summary counts as its documents); at most 10 can be combined',
        errors: [{ field: 'summaryIds' }],
      });
    });

    it('a combined text over the 500,000-character document limit: 413', async () => {
      const big = await t.createUser({ credits: 5 });
      const chunk = `${RIVER} `.repeat(Math.ceil(49_990 / (RIVER.length + 1))).slice(0, 49_990);
      const bigIds: string[] = [];
      for (let index = 0; index < 10; index++) bigIds.push(await seed(big, chunk.trim()));
      const error = await refused({ summaryIds: bigIds }, 413, big);
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(error.message).toMatch(
        /^The combined documents hold 500,\d{3} characters, more than the 500,000 a document may have$/u,
      );
    });

    it('no credit left: 402 before anything is read', async () => {
      const broke = await t.createUser({ credits: 0 });
      const a = await seed(broke, RIVER);
      const b = await seed(broke, SCHOOL);
      const error = await refused({ summaryIds: [a, b] }, 402, broke);
      expect(error.code).toBe('INSUFFICIENT_CREDITS');
    });
  });
});
