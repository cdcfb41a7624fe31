import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSummaryDto } from '../domain/summary-response';
import { createTestApp } from '../test/test-app';
import type { TestApp, TestUser } from '../test/test-app';
import {
  insertSummary,
  listOwnSummaries,
  readOwnSummariesPage,
  sumOwnSummaries,
} from './summaries.repository';
import { findUserById } from './users.repository';
import type { NewSummary } from './summaries.repository';

/*
 * Issue 13: the list page comes from the database as one JSON value, beside its user's row.
 * What it gives must be the summaries the column-by-column read gives, field for field, with the
 * same totals, and the user findUserById reads.
 */

function newSummary(userId: string, index: number): NewSummary {
  return {
    userId,
    originalContent: `Original ${index}: “quotes”, émigré, 東京, emoji 🎉, a \\ backslash and "double".`,
    originalWordCount: 40 + index,
    source: index % 2 === 0 ? 'text' : 'pdf',
    fileName: index % 2 === 0 ? null : `report-${index}.pdf`,
    sourceUrl: index % 2 === 0 ? null : `https://example.org/report-${index}?q=“${index}”`,
    sourceTitle: index % 2 === 0 ? null : `Report ${index}: “east” 東京`,
    ocr: index % 3 === 1,
    pageBreaks: index % 2 === 0 ? [] : [120 * index, 240 * index],
    summarizedContent: `Summary ${index}. It has two sentences.`,
    summaryWordCount: 6,
    compressionRatio: 50 + index,
    processingTime: 10 * index,
    isFallback: index % 3 === 0,
    aiModel: 'local',
    customPrompt: index % 4 === 0 ? 'Focus on the numbers' : null,
    length: 'short',
    format: index % 2 === 0 ? 'paragraph' : 'bullets',
    keywords: ['council', `term ${index}`],
    sourceMap: [{ text: `Summary ${index}.`, sources: [{ start: 0, end: 8 + index }] }],
    unverified: index % 5 === 0 ? ['1999'] : [],
    fallbackReason: null,
    promptApplied: null,
  };
}

describe('the own summaries page as JSON', () => {
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let newcomer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
    reviewer = await t.createUser({ role: 'reviewer', name: 'Rita Reviewer' });
    newcomer = await t.createUser();
    for (let index = 0; index < 23; index += 1) {
      const summary = await insertSummary(t.db, newSummary(owner.user.id, index));
      if (index % 3 === 1) {
        await t.db
          .updateTable('summaries')
          .set({
            review_status: 'approved',
            review_comments: 'Fine — «merci»',
            reviewed_by: reviewer.user.id,
            reviewed_at: new Date(Date.UTC(2026, 10, 25, 10, 0, 0, 123) + index),
          })
          .where('id', '=', summary.id)
          .execute();
      }
    }
  });

  afterAll(async () => {
    await t.destroy();
  });

  it.each([
    [0, 10],
    [10, 10],
    [20, 10],
    [0, 100],
    [30, 10],
  ])('gives at offset %i, limit %i what the column read gives', async (offset, limit) => {
    const page = await readOwnSummariesPage(t.db, owner.user.id, { offset, limit });
    expect(page.user).toEqual({ ...(await findUserById(t.db, owner.user.id)) });
    const rows = await listOwnSummaries(t.db, owner.user.id, { offset, limit });
    expect(page.summaries.map(toSummaryDto)).toEqual(rows.map(toSummaryDto));
    expect(page.summaries).toHaveLength(Math.max(0, Math.min(limit, 23 - offset)));
    expect(page.totals).toEqual(await sumOwnSummaries(t.db, owner.user.id));
    expect(page.totals.count).toBe(23);
  });

  it('names the reviewer and keeps the review time to the millisecond', async () => {
    const page = await readOwnSummariesPage(t.db, owner.user.id, { offset: 0, limit: 100 });
    const reviewed = page.summaries.filter((summary) => summary.reviewed_by !== null);
    expect(reviewed).toHaveLength(8);
    for (const summary of reviewed) {
      expect(summary.reviewer_name).toBe('Rita Reviewer');
      expect(summary.reviewed_at?.getUTCMilliseconds()).toBeGreaterThanOrEqual(123);
    }
  });

  it('gives zero totals and no summaries to a user without any', async () => {
    const page = await readOwnSummariesPage(t.db, newcomer.user.id, { offset: 0, limit: 10 });
    expect(page).toEqual({
      user: { ...(await findUserById(t.db, newcomer.user.id)) },
      summaries: [],
      totals: { count: 0, originalWords: 0, summaryWords: 0, compressionRatioSum: 0 },
    });
  });

  it('gives no user, no summaries and zero totals for an id nobody has', async () => {
    const page = await readOwnSummariesPage(t.db, '00000000-0000-4000-8000-000000000000', {
      offset: 0,
      limit: 10,
    });
    expect(page).toEqual({
      user: undefined,
      summaries: [],
      totals: { count: 0, originalWords: 0, summaryWords: 0, compressionRatioSum: 0 },
    });
  });
});
