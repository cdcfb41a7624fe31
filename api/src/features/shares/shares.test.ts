import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SummaryDto } from '../../domain/summary-response';
import type { SummaryShareDto } from '../../domain/summary-share';
import { UNKNOWN_ID } from '../../test/envelope';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { startTestServer } from '../../test/test-server';
import { SHARE_NOT_FOUND_MESSAGE } from './shares.service';
import type { SharedSummaryDto } from './shares.service';

/* Issue 28, "Share a read-only link": POST/DELETE /api/summaries/:id/share, GET /api/shared/:token. */

const ORIGINAL =
  'The city council approved a new budget for the public library on Monday. ' +
  'The budget adds weekend opening hours and a mobile library for the outer districts. ' +
  'Work on the mobile library starts in the spring and should finish by the autumn.';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ deps: { summarizer: createFakeSummarizer() } });
  owner = await t.createUser({ name: 'Ada Owner', email: 'ada@example.com', credits: 50 });
  stranger = await t.createUser({ name: 'Sam Stranger', email: 'sam@example.com' });
});

afterAll(async () => {
  await t.destroy();
});

async function createSummary(user: TestUser): Promise<SummaryDto> {
  const res = await t.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: { content: ORIGINAL },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

async function share(user: TestUser, id: string): Promise<Response> {
  return t.request(`/api/summaries/${id}/share`, { method: 'POST', token: user.token });
}

async function shareOk(user: TestUser, id: string): Promise<SummaryShareDto> {
  const res = await share(user, id);
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ share: SummaryShareDto }>).data.share;
}

function stop(user: TestUser, id: string): Promise<Response> {
  return t.request(`/api/summaries/${id}/share`, { method: 'DELETE', token: user.token });
}

function readShared(token: string): Promise<Response> {
  return t.request(`/api/shared/${token}`);
}

async function expectShareNotFound(res: Response): Promise<void> {
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({
    success: false,
    code: 'NOT_FOUND',
    message: SHARE_NOT_FOUND_MESSAGE,
  });
}

describe('POST /api/summaries/:id/share', () => {
  it('creates a 128-bit link and answers the same share while it lasts', async () => {
    const summary = await createSummary(owner);
    const first = await shareOk(owner, summary.id);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(first.token, 'base64url')).toHaveLength(16);
    expect(first.url).toBe(`/s/${first.token}`);
    expect(first.views).toBe(0);
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
    expect(await shareOk(owner, summary.id)).toEqual(first);
  });

  it('gives every summary its own token', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const summary = await createSummary(owner);
      tokens.add((await shareOk(owner, summary.id)).token);
    }
    expect(tokens.size).toBe(3);
  });

  it("answers 404 for someone else's summary, an unknown one and a malformed id", async () => {
    const summary = await createSummary(owner);
    for (const [user, id] of [
      [stranger, summary.id],
      [owner, UNKNOWN_ID],
      [owner, 'not-a-uuid'],
    ] as const) {
      const res = await share(user, id);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorEnvelope).code).toBe('NOT_FOUND');
      expect((await stop(user, id)).status).toBe(404);
    }
    // The stranger's attempts created nothing: the owner's summary is still not shared.
    const own = await t.request(`/api/summaries/${summary.id}`, { token: owner.token });
    expect(
      ((await own.json()) as Envelope<{ summary: { share: unknown } }>).data.summary.share,
    ).toBe(null);
  });

  it('needs a signed-in user', async () => {
    const summary = await createSummary(owner);
    const res = await t.request(`/api/summaries/${summary.id}/share`, { method: 'POST' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/shared/:token', () => {
  it('shows the summary to anyone, with exactly the public fields and no owner details', async () => {
    const summary = await createSummary(owner);
    const { token } = await shareOk(owner, summary.id);
    const res = await readShared(token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{ summary: SharedSummaryDto }>;
    expect(Object.keys(body.data)).toEqual(['summary']);
    expect(Object.keys(body.data.summary).sort()).toEqual(
      [
        'author',
        'createdAt',
        'format',
        'hiddenText',
        'instructionLike',
        'keywords',
        'language',
        'length',
        'originalContent',
        'sections',
        'secondSourceLanguage',
        'sourceLanguage',
        'sourceMap',
        'sourceTitle',
        'sourceUrl',
        'summarizedContent',
      ].sort(),
    );
    expect(body.data.summary).toEqual({
      summarizedContent: summary.summarizedContent,
      originalContent: summary.originalContent,
      sourceMap: summary.sourceMap,
      keywords: summary.keywords,
      sections: [],
      hiddenText: [],
      instructionLike: [],
      sourceTitle: summary.sourceTitle,
      sourceUrl: summary.sourceUrl,
      length: summary.length,
      format: summary.format,
      // The summary's languages, as the owner's Summary has them (an English text).
      language: 'en',
      sourceLanguage: 'en',
      secondSourceLanguage: null,
      createdAt: summary.createdAt,
      author: { name: 'Ada Owner' },
    });
    const text = JSON.stringify(body);
    for (const secret of ['ada@example.com', owner.user.id, summary.id, '"credits"']) {
      expect(text).not.toContain(secret);
    }
  });

  it('sends noindex and no-referrer, on a found link and on a 404', async () => {
    const summary = await createSummary(owner);
    const { token } = await shareOk(owner, summary.id);
    for (const res of [await readShared(token), await readShared('A'.repeat(22))]) {
      expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    }
  });

  it('sends them through the real server too, in place of the usual Referrer-Policy', async () => {
    const summary = await createSummary(owner);
    const { token } = await shareOk(owner, summary.id);
    const server = await startTestServer(t);
    try {
      for (const path of [`/api/shared/${token}`, '/api/shared/nope']) {
        const res = await fetch(`${server.origin}${path}`);
        await res.arrayBuffer();
        expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
        expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
      }
    } finally {
      await server.close();
    }
  });

  it.each([
    ['unknown', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['too short', 'abc'],
    ['too long', 'A'.repeat(23)],
    ['outside base64url', 'AAAAAAAAAAAAAAAAAAAA+*'],
    ['not ASCII', 'AAAAAAAAAAAAAAAAAAAAA%C3%A9'],
    ['padded', 'AAAAAAAAAAAAAAAAAAAAA='],
    ['a path trick', '..%2F..%2Fapi%2Fhealth'],
  ])('answers 404 NOT_FOUND for a token that is %s', async (_, token) => {
    await expectShareNotFound(await readShared(token));
  });

  it('counts views atomically and shows the count to the owner', async () => {
    const summary = await createSummary(owner);
    const { token } = await shareOk(owner, summary.id);
    await Promise.all(Array.from({ length: 5 }, () => readShared(token)));
    expect((await shareOk(owner, summary.id)).views).toBe(5);
    const own = await t.request(`/api/summaries/${summary.id}`, { token: owner.token });
    const dto = ((await own.json()) as Envelope<{ summary: { share: SummaryShareDto } }>).data
      .summary;
    expect(dto.share).toMatchObject({ token, url: `/s/${token}`, views: 5 });
  });

  it('stops at once when the owner stops sharing; sharing again makes a new link', async () => {
    const summary = await createSummary(owner);
    const { token } = await shareOk(owner, summary.id);
    expect((await readShared(token)).status).toBe(200);
    const res = await stop(owner, summary.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { share: null } });
    await expectShareNotFound(await readShared(token));
    // Stopping twice is fine, and the owner sees no share.
    expect((await stop(owner, summary.id)).status).toBe(200);
    const own = await t.request(`/api/summaries/${summary.id}`, { token: owner.token });
    expect(
      ((await own.json()) as Envelope<{ summary: { share: unknown } }>).data.summary.share,
    ).toBe(null);
    const again = await shareOk(owner, summary.id);
    expect(again.token).not.toBe(token);
    expect(again.views).toBe(0);
  });

  it('answers 404 once the summary is deleted', async () => {
    const summary = await createSummary(owner);
    const { token } = await shareOk(owner, summary.id);
    const deleted = await t.request(`/api/summaries/${summary.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    await expectShareNotFound(await readShared(token));
  });
});

describe('who sees `share`', () => {
  it('is on the owner GET /api/summaries/:id, never on staff listings', async () => {
    const summary = await createSummary(owner);
    await shareOk(owner, summary.id);
    const admin = await t.createUser({ role: 'admin' });
    const res = await t.request('/api/admin/summaries', { token: admin.token });
    expect(res.status).toBe(200);
    const { summaries } = ((await res.json()) as Envelope<{ summaries: Record<string, unknown>[] }>)
      .data;
    expect(summaries.length).toBeGreaterThan(0);
    for (const staffView of summaries) expect(staffView).not.toHaveProperty('share');
  });
});
