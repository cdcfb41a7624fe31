import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../db/users.repository';
import type { UserRecord } from '../db/user-record';
import { editSummary, removeSummary } from '../features/admin/admin-summaries.service';
import { rechargeUser } from '../features/admin/admin-users.service';
import { submitReview } from '../features/reviews/reviews.service';
import { enqueueSummary } from '../features/summaries/summary-jobs.service';
import { createFakeSummarizer } from '../test/fake-summarizer';
import type { FakeSummarizer } from '../test/fake-summarizer';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import type { Role } from '../db/schema';

/*
 * Requests in flight when their user changes: the user record a request carries was read by
 * requireAuth when it began. A write must still be refused when the role was taken away (or
 * the user deleted) before the write's transaction, and a deleted user is a 401, not a 402.
 */

const TEXT =
  'Rivers carry sediment from the mountains to the sea. Over centuries the deposits build deltas, ' +
  'fertile plains where cities grow. Dams now trap much of that sediment upstream.';

let t: TestApp;
let fake: FakeSummarizer;

beforeAll(async () => {
  fake = createFakeSummarizer();
  t = await createTestApp({ deps: { summarizer: fake } });
});

afterAll(async () => {
  await t.destroy();
});

async function summaryOf(owner: { token: string }): Promise<string> {
  const res = await t.request('/api/summaries', {
    method: 'POST',
    token: owner.token,
    json: { content: TEXT },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { summary: { id: string } } }).data.summary.id;
}

/** A staff member as their request saw them, then demoted to `user` before the write. */
async function demotedDuringRequest(role: Role): Promise<UserRecord> {
  const { user } = await t.createUser({ role });
  await t.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
  return user;
}

async function auditCount(): Promise<number> {
  const row = await t.db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const forbidden = { status: 403, code: 'FORBIDDEN' };

describe('a role removed while a staff request is in flight', () => {
  it('refuses an editor’s edit and removal', async () => {
    const id = await summaryOf(await t.createUser());
    const editor = await demotedDuringRequest('editor');
    const before = await auditCount();
    await expect(
      editSummary(t.deps, editor, id, 'Rewritten by a former editor.'),
    ).rejects.toMatchObject(forbidden);
    await expect(removeSummary(t.deps, editor, id)).rejects.toMatchObject(forbidden);
    const stored = await t.db
      .selectFrom('summaries')
      .select('summarized_content')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(stored?.summarized_content).not.toBe('Rewritten by a former editor.');
    expect(await auditCount()).toBe(before);
  });

  it('refuses a reviewer’s review', async () => {
    const id = await summaryOf(await t.createUser());
    const reviewer = await demotedDuringRequest('reviewer');
    await expect(
      submitReview(t.deps, reviewer, id, { action: 'approved', comments: null }),
    ).rejects.toMatchObject(forbidden);
    const stored = await t.db
      .selectFrom('summaries')
      .select('review_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.review_status).toBe('pending');
  });

  it('refuses an admin’s recharge', async () => {
    const target = await t.createUser({ credits: 1 });
    const admin = await demotedDuringRequest('admin');
    await expect(rechargeUser(t.deps, admin, target.user.id, 50)).rejects.toMatchObject(forbidden);
    expect((await findUserById(t.db, target.user.id))?.credits).toBe(1);
  });

  it('still lets a staff member who kept the role write', async () => {
    const id = await summaryOf(await t.createUser());
    const { user: reviewer } = await t.createUser({ role: 'reviewer' });
    const reviewed = await submitReview(t.deps, reviewer, id, {
      action: 'approved',
      comments: null,
    });
    expect(reviewed.review_status).toBe('approved');
  });
});

describe('a user deleted during their own request', () => {
  it('gets 401 from POST /api/summaries, not 402', async () => {
    const person = await t.createUser({ credits: 3 });
    fake.beforeAnswer = async () => {
      await t.db.deleteFrom('users').where('id', '=', person.user.id).execute();
    };
    try {
      const res = await t.request('/api/summaries', {
        method: 'POST',
        token: person.token,
        json: { content: TEXT },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    } finally {
      fake.beforeAnswer = null;
    }
  });

  it('gets 401 when queueing a job, not 402', async () => {
    const person = await t.createUser({ credits: 3 });
    await t.db.deleteFrom('users').where('id', '=', person.user.id).execute();
    await expect(
      enqueueSummary(
        t.deps,
        { user: person.user, requestId: 'test' },
        { kind: 'text', text: TEXT, customPrompt: null, length: 'medium', format: 'paragraph' },
      ),
    ).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('still gets 402 when only the credits ran out', async () => {
    const person = await t.createUser({ credits: 1 });
    await t.db.updateTable('users').set({ credits: 0 }).where('id', '=', person.user.id).execute();
    await expect(
      enqueueSummary(
        t.deps,
        { user: person.user, requestId: 'test' },
        { kind: 'text', text: TEXT, customPrompt: null, length: 'medium', format: 'paragraph' },
      ),
    ).rejects.toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS' });
  });
});
