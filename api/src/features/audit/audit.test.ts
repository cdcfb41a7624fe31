import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import type { AuditEventDto } from './audit.service';

/* GET /api/admin/audit (issue 11): who did what to whom and when, for admins. */

const TEXT =
  'A lighthouse keeper logs the weather every hour. Storms arrive from the west in autumn. ' +
  'Supply boats come on Fridays when the sea allows, bringing oil, letters and news.';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ deps: { summarizer: createFakeSummarizer() } });
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
});

afterAll(async () => {
  await t.destroy();
});

async function body<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function audit(
  query = '',
): Promise<{ events: AuditEventDto[]; pagination: { total: number; totalPages: number } }> {
  const res = await t.request(`/api/admin/audit${query}`, { token: admin.token });
  expect(res.status).toBe(200);
  return (
    await body<
      Envelope<{ events: AuditEventDto[]; pagination: { total: number; totalPages: number } }>
    >(res)
  ).data;
}

describe('GET /api/admin/audit', () => {
  it('lists recharges, role changes, edits, reviews, request decisions and deletions, newest first', async () => {
    const user = await t.createUser({ name: 'Uma User', credits: 1 });
    const reviewer = await t.createUser({ role: 'reviewer', name: 'Rex Reviewer' });
    const created = await t.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: TEXT },
    });
    const summaryId = (await body<Envelope<{ summary: { id: string } }>>(created)).data.summary.id;

    const put = (path: string, json: unknown) =>
      t.request(path, { method: 'PUT', token: admin.token, json });
    expect((await put(`/api/admin/users/${user.user.id}/recharge`, { credits: 3 })).status).toBe(
      200,
    );
    expect(
      (await put(`/api/admin/summaries/${summaryId}`, { summarizedContent: 'Edited text.' }))
        .status,
    ).toBe(200);
    expect(
      (
        await t.request(`/api/reviews/${summaryId}/submit`, {
          method: 'POST',
          token: reviewer.token,
          json: { action: 'approved' },
        })
      ).status,
    ).toBe(200);
    const opened = await t.request('/api/credits/requests', {
      method: 'POST',
      token: user.token,
      json: { credits: 5 },
    });
    const requestId = (await body<Envelope<{ request: { id: string } }>>(opened)).data.request.id;
    expect(
      (await put(`/api/admin/credit-requests/${requestId}`, { decision: 'approved' })).status,
    ).toBe(200);
    expect((await put(`/api/admin/users/${user.user.id}/role`, { role: 'editor' })).status).toBe(
      200,
    );
    const doomed = await t.createUser({ name: 'Dan Doomed' });
    expect(
      (
        await t.request(`/api/admin/users/${doomed.user.id}`, {
          method: 'DELETE',
          token: admin.token,
        })
      ).status,
    ).toBe(200);

    const { events, pagination } = await audit();
    expect(events.map((event) => event.action)).toEqual([
      'user.deleted',
      'user.role_changed',
      'credit_request.approved',
      'summary.reviewed',
      'summary.edited',
      'user.credits_added',
    ]);
    expect(pagination.total).toBe(6);
    expect(events[1]).toMatchObject({
      actor: { id: admin.user.id, name: 'Ada Admin' },
      targetType: 'user',
      targetId: user.user.id,
      targetName: 'Uma User',
      details: { from: 'user', to: 'editor' },
    });
    expect(events[2]?.details).toMatchObject({ requestId, asked: 5, credits: 5 });
    expect(events[3]).toMatchObject({
      actor: { name: 'Rex Reviewer' },
      targetType: 'summary',
      targetId: summaryId,
      targetName: 'Uma User',
    });
    expect(events[0]).toMatchObject({ targetId: doomed.user.id, targetName: null });

    const roleChanges = await audit('?action=user.role_changed');
    expect(roleChanges.events.map((event) => event.action)).toEqual(['user.role_changed']);
    const paged = await audit('?limit=4&page=2');
    expect(paged.events.map((event) => event.action)).toEqual([
      'summary.edited',
      'user.credits_added',
    ]);
    expect(paged.pagination.totalPages).toBe(2);
  });

  it('still names an actor whose account is deleted, from the row written at the time (issue 24)', async () => {
    const gone = await t.createUser({ role: 'admin', name: 'Gil Gone' });
    const user = await t.createUser({ name: 'Pat Promoted' });
    const promoted = await t.request(`/api/admin/users/${user.user.id}/role`, {
      method: 'PUT',
      token: gone.token,
      json: { role: 'reviewer' },
    });
    expect(promoted.status).toBe(200);
    const deleted = await t.request(`/api/admin/users/${gone.user.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(deleted.status).toBe(200);

    const { events } = await audit('?action=user.role_changed');
    expect(events[0]).toMatchObject({
      actor: { id: gone.user.id, name: 'Gil Gone' },
      targetId: user.user.id,
      details: { from: 'user', to: 'reviewer' },
    });
    const row = await t.db
      .selectFrom('audit_events')
      .select(['actor_id', 'actor_name', 'actor_email'])
      .where('target_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      actor_id: gone.user.id,
      actor_name: 'Gil Gone',
      actor_email: gone.user.email,
    });
  });

  it('is for admins only, and refuses a bad filter with 400 naming the field', async () => {
    for (const role of ['user', 'editor', 'reviewer'] as const) {
      const staff = await t.createUser({ role });
      expect((await t.request('/api/admin/audit', { token: staff.token })).status).toBe(403);
    }
    expect((await t.request('/api/admin/audit')).status).toBe(401);
    for (const [query, field] of [
      ['?action=DROP%20TABLE', 'action'],
      ['?page=-1', 'page'],
    ] as const) {
      const res = await t.request(`/api/admin/audit${query}`, { token: admin.token });
      expect(res.status).toBe(400);
      expect((await body<ErrorEnvelope>(res)).errors?.[0]?.field).toBe(field);
    }
  });
});
