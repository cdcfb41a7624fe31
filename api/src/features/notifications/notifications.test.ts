import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { UNKNOWN_ID } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import type { NotificationDto } from './notifications.service';

/*
 * Notifications (issue 11): written in the same transaction as the event they announce, read
 * by their user only; and GET /api/summaries/:id/reviews, the author's view of the reviews.
 */

const TEXT =
  'A lighthouse keeper logs the weather every hour. Storms arrive from the west in autumn. ' +
  'Supply boats come on Fridays when the sea allows, bringing oil, letters and news.';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ deps: { summarizer: createFakeSummarizer() } });
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
  reviewer = await t.createUser({ role: 'reviewer', name: 'Rex Reviewer' });
});

afterAll(async () => {
  await t.destroy();
});

async function body<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function notificationsOf(
  token: string,
  query = '',
): Promise<{ notifications: NotificationDto[]; unread: number; pagination: { total: number } }> {
  const res = await t.request(`/api/notifications${query}`, { token });
  expect(res.status).toBe(200);
  return (
    await body<
      Envelope<{ notifications: NotificationDto[]; unread: number; pagination: { total: number } }>
    >(res)
  ).data;
}

async function createSummary(token: string): Promise<string> {
  const res = await t.request('/api/summaries', { method: 'POST', token, json: { content: TEXT } });
  expect(res.status).toBe(201);
  return (await body<Envelope<{ summary: { id: string } }>>(res)).data.summary.id;
}

function review(id: string, json: unknown): Promise<Response> {
  return t.request(`/api/reviews/${id}/submit`, { method: 'POST', token: reviewer.token, json });
}

describe('notifications', () => {
  it('tells the author of a review decision, with the comment and the summary', async () => {
    const author = await t.createUser();
    const id = await createSummary(author.token);
    expect((await review(id, { action: 'rejected', comments: 'Cite the source.' })).status).toBe(
      200,
    );
    expect((await review(id, { action: 'approved' })).status).toBe(200);
    const data = await notificationsOf(author.token);
    expect(data.unread).toBe(2);
    expect(data.notifications.map((item) => [item.kind, item.message, item.summaryId])).toEqual([
      ['review', 'Rex Reviewer approved your summary.', id],
      ['review', 'Rex Reviewer rejected your summary: Cite the source.', id],
    ]);
    expect(data.notifications[0]?.readAt).toBeNull();
    // The reviewer is told nothing.
    expect((await notificationsOf(reviewer.token)).notifications).toEqual([]);
  });

  it('tells a user of credits added and of a role change', async () => {
    const user = await t.createUser({ credits: 5 });
    await t.request(`/api/admin/users/${user.user.id}/recharge`, {
      method: 'PUT',
      token: admin.token,
      json: { credits: 10 },
    });
    await t.request(`/api/admin/users/${user.user.id}/role`, {
      method: 'PUT',
      token: admin.token,
      json: { role: 'editor' },
    });
    // The same role again changes nothing, and tells nothing.
    await t.request(`/api/admin/users/${user.user.id}/role`, {
      method: 'PUT',
      token: admin.token,
      json: { role: 'editor' },
    });
    const rows = await t.db
      .selectFrom('notifications')
      .select(['kind', 'message'])
      .where('user_id', '=', user.user.id)
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { kind: 'credits', message: 'An administrator added 10 credits. Your balance is now 15.' },
      { kind: 'role', message: 'Your role changed from user to editor.' },
    ]);
  });

  it('is written with its event or not at all: a refused review leaves none', async () => {
    const author = await t.createUser();
    const id = await createSummary(author.token);
    // Rejecting needs a reason: 400, nothing written.
    expect((await review(id, { action: 'rejected' })).status).toBe(400);
    // A reviewer demoted meanwhile: the review is refused inside its transaction.
    const former = await t.createUser({ role: 'reviewer' });
    await t.db
      .updateTable('users')
      .set({ role: 'user' })
      .where('id', '=', former.user.id)
      .execute();
    const refused = await t.request(`/api/reviews/${id}/submit`, {
      method: 'POST',
      token: former.token,
      json: { action: 'approved' },
    });
    expect(refused.status).toBe(403);
    expect((await notificationsOf(author.token)).notifications).toEqual([]);
  });

  it('marks some or all read, and counts the unread', async () => {
    const author = await t.createUser();
    const id = await createSummary(author.token);
    for (const action of ['approved', 'needs_revision', 'approved']) {
      expect((await review(id, { action, comments: 'ok' })).status).toBe(200);
    }
    const before = await notificationsOf(author.token);
    expect(before.unread).toBe(3);
    const first = before.notifications[0]?.id as string;
    const one = await t.request('/api/notifications/read', {
      method: 'POST',
      token: author.token,
      json: { ids: [first] },
    });
    expect(one.status).toBe(200);
    expect((await body<Envelope<{ unread: number }>>(one)).data.unread).toBe(2);
    const after = await notificationsOf(author.token);
    expect(after.notifications.find((item) => item.id === first)?.readAt).toEqual(
      expect.any(String),
    );
    // Someone else's ids change nothing.
    const stranger = await t.createUser();
    await t.request('/api/notifications/read', {
      method: 'POST',
      token: stranger.token,
      json: { ids: after.notifications.map((item) => item.id) },
    });
    expect((await notificationsOf(author.token)).unread).toBe(2);
    const all = await t.request('/api/notifications/read', {
      method: 'POST',
      token: author.token,
      json: {},
    });
    expect((await body<Envelope<{ unread: number }>>(all)).data.unread).toBe(0);
    const paged = await notificationsOf(author.token, '?page=2&limit=2');
    expect(paged.notifications).toHaveLength(1);
    expect(paged.pagination.total).toBe(3);
  });

  it('marks all read when the request has no body at all', async () => {
    const author = await t.createUser();
    const id = await createSummary(author.token);
    expect((await review(id, { action: 'approved' })).status).toBe(200);
    expect((await notificationsOf(author.token)).unread).toBe(1);
    const res = await t.request('/api/notifications/read', { method: 'POST', token: author.token });
    expect(res.status).toBe(200);
    expect((await body<Envelope<{ unread: number }>>(res)).data.unread).toBe(0);
  });

  it('refuses bad input with 400 naming the field, and needs a signed-in user', async () => {
    const user = await t.createUser();
    expect((await t.request('/api/notifications')).status).toBe(401);
    const bad = await t.request('/api/notifications/read', {
      method: 'POST',
      token: user.token,
      json: { ids: ['nope'] },
    });
    expect(bad.status).toBe(400);
    expect((await body<ErrorEnvelope>(bad)).errors?.[0]?.field).toBe('ids.0');
    const limit = await t.request('/api/notifications?limit=0', { token: user.token });
    expect(limit.status).toBe(400);
    expect((await body<ErrorEnvelope>(limit)).errors?.[0]?.field).toBe('limit');
  });
});

describe('GET /api/summaries/:id/reviews', () => {
  it('shows the author every review of their summary, oldest first', async () => {
    const author = await t.createUser();
    const id = await createSummary(author.token);
    await review(id, { action: 'needs_revision', comments: 'Shorter, please.' });
    await review(id, { action: 'rejected', comments: 'Still too long.' });
    const res = await t.request(`/api/summaries/${id}/reviews`, { token: author.token });
    expect(res.status).toBe(200);
    const data = (
      await body<
        Envelope<{
          currentStatus: string;
          currentComments: string | null;
          reviewedBy: { id: string; name: string } | null;
          history: { action: string; comments: string | null; reviewer: { name: string } }[];
        }>
      >(res)
    ).data;
    expect(data).toMatchObject({
      currentStatus: 'rejected',
      currentComments: 'Still too long.',
      reviewedBy: { id: reviewer.user.id, name: 'Rex Reviewer' },
    });
    expect(
      data.history.map((entry) => [entry.action, entry.comments, entry.reviewer.name]),
    ).toEqual([
      ['needs_revision', 'Shorter, please.', 'Rex Reviewer'],
      ['rejected', 'Still too long.', 'Rex Reviewer'],
    ]);
    // Same shape as the reviewers' route.
    const staff = await t.request(`/api/reviews/${id}/history`, { token: reviewer.token });
    expect((await body<Envelope<unknown>>(staff)).data).toEqual(data);
  });

  it('is for the owner only: 404 for anyone else, for unknown and malformed ids; 401 signed out', async () => {
    const author = await t.createUser();
    const id = await createSummary(author.token);
    const other = await t.createUser();
    for (const token of [other.token, admin.token, reviewer.token]) {
      expect((await t.request(`/api/summaries/${id}/reviews`, { token })).status).toBe(404);
    }
    expect(
      (await t.request(`/api/summaries/${UNKNOWN_ID}/reviews`, { token: author.token })).status,
    ).toBe(404);
    expect((await t.request('/api/summaries/nope/reviews', { token: author.token })).status).toBe(
      404,
    );
    expect((await t.request(`/api/summaries/${id}/reviews`)).status).toBe(401);
  });
});
