import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SummarizerError } from '../../summarizer/summarizer-error';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { UNKNOWN_ID } from '../../test/envelope';
import { ledgerProblems } from '../../test/ledger-audit';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import type {
  AdminCreditRequestDto,
  CreditHistoryEntryDto,
  CreditRequestDto,
} from './credits.service';
import { OPEN_REQUEST_MESSAGE } from './credits.service';
import { REQUEST_CREDITS_MESSAGE } from './credits.schemas';

/*
 * Credits history and credit requests (issue 11), on PGlite by default and on Postgres with
 * TEST_DATABASE_URL.
 */

const TEXT =
  'A lighthouse keeper logs the weather every hour. Storms arrive from the west in autumn. ' +
  'Supply boats come on Fridays when the sea allows, bringing oil, letters and news.';

let t: TestApp;
let admin: TestUser;
const fake = createFakeSummarizer();

beforeAll(async () => {
  t = await createTestApp({ deps: { summarizer: fake } });
  await t.startWorkers(1);
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
});

afterAll(async () => {
  await t.destroy();
});

async function body<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

function summarize(token: string): Promise<Response> {
  return t.request('/api/summaries', { method: 'POST', token, json: { content: TEXT } });
}

function requestCredits(token: string, json: unknown): Promise<Response> {
  return t.request('/api/credits/requests', { method: 'POST', token, json });
}

function decide(id: string, json: unknown, token = admin.token): Promise<Response> {
  return t.request(`/api/admin/credit-requests/${id}`, { method: 'PUT', token, json });
}

async function history(
  token: string,
  query = '',
): Promise<
  Envelope<{
    entries: CreditHistoryEntryDto[];
    pagination: { total: number; totalPages: number; currentPage: number };
  }>
> {
  const res = await t.request(`/api/credits/history${query}`, { token });
  expect(res.status).toBe(200);
  return body(res);
}

async function creditsOf(userId: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.credits;
}

describe('GET /api/credits/history', () => {
  it('needs a signed-in user', async () => {
    expect((await t.request('/api/credits/history')).status).toBe(401);
  });

  it('lists only one’s own movements, newest first, with the summary they paid for', async () => {
    const me = await t.createUser({ credits: 3 });
    const other = await t.createUser({ credits: 7 });
    const created = await summarize(me.token);
    expect(created.status).toBe(201);
    const summaryId = (await body<Envelope<{ summary: { id: string } }>>(created)).data.summary.id;

    const page = await history(me.token);
    expect(
      page.data.entries.map((entry) => [entry.reason, entry.amount, entry.balanceAfter]),
    ).toEqual([
      ['summary', -1, 2],
      ['signup', 3, 3],
    ]);
    expect(page.data.entries[0]).toMatchObject({ summaryId, note: null });
    expect(page.data.entries[0]?.summaryPreview).toEqual(expect.any(String));
    expect(page.data.pagination).toMatchObject({ total: 2, totalPages: 1, currentPage: 1 });
    const theirs = await history(other.token);
    expect(theirs.data.entries.map((entry) => entry.reason)).toEqual(['signup']);
  });

  it('pages, and refuses a bad page or limit with 400 naming the field', async () => {
    const me = await t.createUser({ credits: 3 });
    await summarize(me.token);
    await summarize(me.token);
    const second = await history(me.token, '?page=2&limit=2');
    expect(second.data.entries.map((entry) => entry.reason)).toEqual(['signup']);
    expect(second.data.pagination).toMatchObject({ total: 3, totalPages: 2, currentPage: 2 });
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
    ] as const) {
      const res = await t.request(`/api/credits/history${query}`, { token: me.token });
      expect(res.status).toBe(400);
      expect((await body<ErrorEnvelope>(res)).errors?.[0]?.field).toBe(field);
    }
  });
});

describe('POST /api/credits/requests', () => {
  it('opens a request, lists it, and refuses a second while it is open (409)', async () => {
    const me = await t.createUser({ credits: 0 });
    const res = await requestCredits(me.token, { credits: 10, reason: '  For my thesis  ' });
    expect(res.status).toBe(201);
    const request = (await body<Envelope<{ request: CreditRequestDto }>>(res)).data.request;
    expect(request).toMatchObject({ credits: 10, reason: 'For my thesis', status: 'open' });

    const again = await requestCredits(me.token, { credits: 5 });
    expect(again.status).toBe(409);
    expect((await body<ErrorEnvelope>(again)).message).toBe(OPEN_REQUEST_MESSAGE);

    const mine = await t.request('/api/credits/requests', { token: me.token });
    const list = (await body<Envelope<{ requests: CreditRequestDto[] }>>(mine)).data.requests;
    expect(list.map((item) => item.id)).toEqual([request.id]);
  });

  it('of two requests sent at once, opens one and answers the other 409', async () => {
    const me = await t.createUser({ credits: 0 });
    const responses = await Promise.all([
      requestCredits(me.token, { credits: 3 }),
      requestCredits(me.token, { credits: 4 }),
    ]);
    expect(responses.map((res) => res.status).sort()).toEqual([201, 409]);
  });

  it('tells every admin (not the asker) of a new request, in the bell, and nobody of a refused one', async () => {
    const second = await t.createUser({ role: 'admin', name: 'Grace Admin' });
    const asker = await t.createUser({ role: 'admin', name: 'Alan Asker' });
    const me = await t.createUser({ credits: 0, name: 'Nora Needs-Credits' });
    const adminRequests = async (userId: string) =>
      (
        await t.db
          .selectFrom('notifications')
          .select(['kind', 'message', 'read_at'])
          .where('user_id', '=', userId)
          .where('kind', '=', 'request')
          .execute()
      ).map((row) => row.message);
    const before = await adminRequests(admin.user.id);

    expect((await requestCredits(me.token, { credits: 5, reason: 'Grading week' })).status).toBe(
      201,
    );
    const told = 'Nora Needs-Credits asked for 5 credits. Reason: Grading week';
    expect(await adminRequests(admin.user.id)).toEqual([...before, told]);
    expect(await adminRequests(second.user.id)).toEqual([told]);
    expect(await adminRequests(me.user.id)).toEqual([]);

    const bell = await t.request('/api/notifications', { token: second.token });
    const data = (
      await body<Envelope<{ notifications: { kind: string; message: string }[]; unread: number }>>(
        bell,
      )
    ).data;
    expect(data.unread).toBe(1);
    expect(data.notifications[0]).toMatchObject({ kind: 'request', message: told });

    // A second open request is refused (409): no admin hears of it.
    expect((await requestCredits(me.token, { credits: 3 })).status).toBe(409);
    expect(await adminRequests(second.user.id)).toEqual([told]);

    // An admin asking for credits is not told of their own request; the others are.
    expect((await requestCredits(asker.token, { credits: 1 })).status).toBe(201);
    expect(await adminRequests(asker.user.id)).toEqual([told]);
    expect(await adminRequests(second.user.id)).toEqual([told, 'Alan Asker asked for 1 credit.']);
  });

  it('refuses bad amounts and reasons with 400 naming the field', async () => {
    const me = await t.createUser({ credits: 0 });
    for (const credits of [0, -1, 1001, 2.5, '10', null]) {
      const res = await requestCredits(me.token, { credits });
      expect(res.status).toBe(400);
      const error = await body<ErrorEnvelope>(res);
      expect(error.errors).toEqual([{ field: 'credits', message: REQUEST_CREDITS_MESSAGE }]);
    }
    const long = await requestCredits(me.token, { credits: 5, reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await body<ErrorEnvelope>(long)).errors?.[0]?.field).toBe('reason');
    const bounds = await requestCredits(me.token, { credits: 1000, reason: 'x'.repeat(500) });
    expect(bounds.status).toBe(201);
  });
});

describe('/api/admin/credit-requests', () => {
  it('is for admins only', async () => {
    const user = await t.createUser();
    const editor = await t.createUser({ role: 'editor' });
    expect((await t.request('/api/admin/credit-requests', { token: user.token })).status).toBe(403);
    expect((await t.request('/api/admin/credit-requests', { token: editor.token })).status).toBe(
      403,
    );
    expect((await decide(UNKNOWN_ID, { decision: 'approved' }, user.token)).status).toBe(403);
  });

  it('lists open requests with their user; approving adds the credits, the ledger row and a notification', async () => {
    const me = await t.createUser({ credits: 0, name: 'Rita Requester' });
    const opened = await requestCredits(me.token, { credits: 12, reason: 'Exam week' });
    const { request } = (await body<Envelope<{ request: CreditRequestDto }>>(opened)).data;

    const list = await t.request('/api/admin/credit-requests?status=open', { token: admin.token });
    const listed = (await body<Envelope<{ requests: AdminCreditRequestDto[]; open: number }>>(list))
      .data;
    const mine = listed.requests.find((item) => item.id === request.id);
    expect(mine).toMatchObject({
      credits: 12,
      reason: 'Exam week',
      status: 'open',
      user: { id: me.user.id, name: 'Rita Requester', credits: 0 },
    });
    expect(listed.open).toBeGreaterThanOrEqual(1);

    const res = await decide(request.id, { decision: 'approved', credits: 15, note: 'Good luck' });
    expect(res.status).toBe(200);
    const decided = (await body<Envelope<{ request: AdminCreditRequestDto }>>(res)).data.request;
    expect(decided).toMatchObject({
      status: 'approved',
      grantedCredits: 15,
      note: 'Good luck',
      decidedBy: { id: admin.user.id, name: 'Ada Admin' },
    });
    expect(await creditsOf(me.user.id)).toBe(15);
    const entries = (await history(me.token)).data.entries;
    expect(entries[0]).toMatchObject({
      reason: 'request',
      amount: 15,
      balanceAfter: 15,
      note: 'Good luck',
    });

    const notes = await t.request('/api/notifications', { token: me.token });
    const data = (
      await body<Envelope<{ notifications: { kind: string; message: string }[]; unread: number }>>(
        notes,
      )
    ).data;
    expect(data.unread).toBe(1);
    expect(data.notifications[0]).toMatchObject({
      kind: 'request',
      message: 'Your request for 12 credits was approved with 15 credits. Note: Good luck',
    });

    // Answered: the user may ask again.
    expect((await requestCredits(me.token, { credits: 2 })).status).toBe(201);
  });

  it('denying adds nothing and tells the user, with the note', async () => {
    const me = await t.createUser({ credits: 0 });
    const opened = await requestCredits(me.token, { credits: 50 });
    const { request } = (await body<Envelope<{ request: CreditRequestDto }>>(opened)).data;
    const res = await decide(request.id, { decision: 'denied', note: 'Not this month' });
    expect(res.status).toBe(200);
    expect(await creditsOf(me.user.id)).toBe(0);
    const notes = await t.request('/api/notifications', { token: me.token });
    const first = (await body<Envelope<{ notifications: { message: string }[] }>>(notes)).data
      .notifications[0];
    expect(first?.message).toBe('Your request for 50 credits was denied. Note: Not this month');
  });

  it('answers a request no longer open with 409, and bad decisions with 400 or 404', async () => {
    const me = await t.createUser({ credits: 0 });
    const opened = await requestCredits(me.token, { credits: 5 });
    const { request } = (await body<Envelope<{ request: CreditRequestDto }>>(opened)).data;
    const bad = await decide(request.id, { decision: 'maybe' });
    expect(bad.status).toBe(400);
    expect((await body<ErrorEnvelope>(bad)).errors?.[0]?.field).toBe('decision');
    const badCredits = await decide(request.id, { decision: 'approved', credits: 0 });
    expect(badCredits.status).toBe(400);
    expect((await body<ErrorEnvelope>(badCredits)).errors?.[0]?.field).toBe('credits');
    expect((await decide(UNKNOWN_ID, { decision: 'approved' })).status).toBe(404);
    expect((await decide('not-an-id', { decision: 'approved' })).status).toBe(404);

    expect((await decide(request.id, { decision: 'denied' })).status).toBe(200);
    const late = await decide(request.id, { decision: 'approved' });
    expect(late.status).toBe(409);
    expect((await body<ErrorEnvelope>(late)).message).toBe(
      'This request was already denied by Ada Admin. Nothing was changed.',
    );
    expect(await creditsOf(me.user.id)).toBe(0);
  });

  it('of two admins answering at once, one wins and the other gets 409; credits are added once', async () => {
    const other = await t.createUser({ role: 'admin', name: 'Bob Admin' });
    for (let round = 0; round < 5; round += 1) {
      const me = await t.createUser({ credits: 0 });
      const opened = await requestCredits(me.token, { credits: 10 });
      const { request } = (await body<Envelope<{ request: CreditRequestDto }>>(opened)).data;
      const responses = await Promise.all([
        decide(request.id, { decision: 'approved' }, admin.token),
        decide(request.id, { decision: 'approved', credits: 20 }, other.token),
      ]);
      expect(responses.map((res) => res.status).sort()).toEqual([200, 409]);
      const loser = responses.find((res) => res.status === 409);
      expect((await body<ErrorEnvelope>(loser as Response)).message).toMatch(
        /^This request was already approved by (Ada|Bob) Admin\. Nothing was changed\.$/,
      );
      const credits = await creditsOf(me.user.id);
      expect([10, 20]).toContain(credits);
      const requestRows = (await history(me.token)).data.entries.filter(
        (entry) => entry.reason === 'request',
      );
      expect(requestRows).toHaveLength(1);
      const notifications = await t.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', me.user.id)
        .execute();
      expect(notifications).toHaveLength(1);
    }
  });
});

describe('the ledger', () => {
  it('adds up to every balance after summaries, refunds, recharges and approved requests', async () => {
    const me = await t.createUser({ credits: 2 });
    expect((await summarize(me.token)).status).toBe(201);
    // A queued summary the summarizer refuses for good: the credit is taken, the job fails and
    // refunds it (and logs why, which this test expects).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.beforeAnswer = () => {
      throw new SummarizerError('INVALID_INPUT', 'The summarizer refused this text', {
        retryable: false,
      });
    };
    const queued = await t.request('/api/summaries/async', {
      method: 'POST',
      token: me.token,
      json: { text: TEXT },
    });
    expect(queued.status).toBe(202);
    const deadline = Date.now() + 15_000;
    while ((await creditsOf(me.user.id)) !== 1) {
      if (Date.now() > deadline) throw new Error('the failed job was not refunded');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    fake.beforeAnswer = null;
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    const recharge = await t.request(`/api/admin/users/${me.user.id}/recharge`, {
      method: 'PUT',
      token: admin.token,
      json: { credits: 4 },
    });
    expect(recharge.status).toBe(200);
    expect((await summarize(me.token)).status).toBe(201);
    const opened = await requestCredits(me.token, { credits: 6 });
    const { request } = (await body<Envelope<{ request: CreditRequestDto }>>(opened)).data;
    expect((await decide(request.id, { decision: 'approved' })).status).toBe(200);
    expect((await summarize(me.token)).status).toBe(201);

    expect(await creditsOf(me.user.id)).toBe(2 - 1 - 1 + 1 + 4 - 1 + 6 - 1);
    const entries = (await history(me.token)).data.entries;
    expect(entries.map((entry) => entry.reason).reverse()).toEqual([
      'signup',
      'summary',
      'summary',
      'refund',
      'recharge',
      'summary',
      'request',
      'summary',
    ]);
    const sum = entries.reduce((total, entry) => total + entry.amount, 0);
    expect(sum).toBe(await creditsOf(me.user.id));
    expect(entries[0]?.balanceAfter).toBe(sum);
    expect(await ledgerProblems(t.db)).toEqual([]);
  });
});
