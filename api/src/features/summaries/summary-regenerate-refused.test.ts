import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_SUMMARIZER_MODEL } from '../../lib/product-constants';
import type { SummaryDto, SummaryVersionDto } from '../../domain/summary-response';
import { createSummarizer } from '../../summarizer/create-summarizer';
import type { FallbackReason } from '../../summarizer/summarizer';
import { createFakeSummarizer, FAKE_MODEL } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { REGENERATE_REFUSED_MESSAGES } from './summaries.service';
import { healthOf } from '../../summarizer/summarizer-health';

/*
 * Issue 16, item 3: a regeneration never makes a summary worse. When Gemini is configured but
 * cannot answer, the local summarizer's stand-in would replace an AI summary: the regeneration
 * is refused with 503 and the reason in words, and no version is added. A Quick Summary may
 * still be regenerated, and with no Gemini key the local summarizer is the engine.
 */

const TEXT =
  'The committee met on Tuesday to review the budget for the coming year. It approved new funding ' +
  'for the library and for the two schools of the district. Members also discussed the timeline ' +
  'for the bridge repairs, which will start in spring. The chair thanked the volunteers who ran ' +
  'the winter market. A vote on the parking plan was postponed until the next meeting in May.';

let t: TestApp;
let fake: FakeSummarizer;

beforeAll(async () => {
  fake = createFakeSummarizer();
  t = await createTestApp({ deps: { summarizer: fake } });
});

afterAll(async () => {
  await t.destroy();
});

beforeEach(() => {
  fake.calls.length = 0;
  fake.beforeAnswer = null;
  fake.answer = {};
});

/** The local summarizer standing in for Gemini, for `reason`. */
function standIn(reason: FallbackReason) {
  return { isFallback: true, fallbackReason: reason, model: LOCAL_SUMMARIZER_MODEL };
}

async function createOk(app: TestApp, user: TestUser): Promise<SummaryDto> {
  const res = await app.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: { content: TEXT },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

function regenerate(app: TestApp, user: TestUser, id: string, body: unknown = {}) {
  return app.request(`/api/summaries/${id}/regenerate`, {
    method: 'POST',
    token: user.token,
    json: body,
  });
}

/** The summary as GET /:id reads it, without the owner's `share` (never shared here). */
async function current(app: TestApp, user: TestUser, id: string): Promise<SummaryDto> {
  const res = await app.request(`/api/summaries/${id}`, { token: user.token });
  const { share, ...summary } = (
    (await res.json()) as Envelope<{ summary: SummaryDto & { share: null } }>
  ).data.summary;
  expect(share).toBeNull();
  return summary;
}

async function versions(app: TestApp, user: TestUser, id: string): Promise<SummaryVersionDto[]> {
  const res = await app.request(`/api/summaries/${id}/versions`, { token: user.token });
  return ((await res.json()) as Envelope<{ versions: SummaryVersionDto[] }>).data.versions;
}

describe('regenerating an AI summary while Gemini cannot answer', () => {
  for (const reason of [
    'rate_limited',
    'unavailable',
    'timeout',
    'blocked',
    'incomplete',
  ] as const) {
    it(`${reason}: 503 SERVICE_UNAVAILABLE in words, the current version kept, no version added`, async () => {
      const user = await t.createUser();
      const summary = await createOk(t, user);
      expect(summary).toMatchObject({ isFallback: false, aiModel: FAKE_MODEL, version: 1 });
      const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      fake.answer = standIn(reason);
      fake.calls.length = 0;

      const res = await regenerate(t, user, summary.id, { customPrompt: 'Focus on money' });

      expect(res.status).toBe(503);
      expect((await res.json()) as ErrorEnvelope).toEqual({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: REGENERATE_REFUSED_MESSAGES[reason],
      });
      // Worth trying again later, except for a document the service refuses to rewrite.
      expect(res.headers.get('Retry-After')).toBe(reason === 'blocked' ? null : '30');
      expect(fake.calls).toHaveLength(1);
      expect(await current(t, user, summary.id)).toEqual(summary);
      expect(await versions(t, user, summary.id)).toHaveLength(1);
      expect(warned).toHaveBeenCalledTimes(1);
    });
  }

  it('says how the messages read to a person', () => {
    expect(REGENERATE_REFUSED_MESSAGES.rate_limited).toBe(
      'The AI service is busy right now, so your summary was kept as it was. Please try again in a minute.',
    );
  });

  it("uses the summarizer's own cool-down for Retry-After when it knows one", async () => {
    const user = await t.createUser();
    const summary = await createOk(t, user);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.answer = standIn('rate_limited');
    fake.health = () => healthOf('gemini', 'rate_limited', 36_200);
    try {
      const res = await regenerate(t, user, summary.id);
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('37');
    } finally {
      delete fake.health;
    }
  });

  it('stores the regeneration when Gemini answers again', async () => {
    const user = await t.createUser();
    const summary = await createOk(t, user);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.answer = standIn('unavailable');
    expect((await regenerate(t, user, summary.id)).status).toBe(503);

    fake.answer = {};
    const res = await regenerate(t, user, summary.id, { customPrompt: 'again' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{ summary: SummaryDto }>;
    expect(body.data.summary).toMatchObject({
      isFallback: false,
      version: 2,
      regenerationCount: 1,
      customPrompt: 'again',
    });
    expect((await versions(t, user, summary.id)).map((version) => version.version)).toEqual([2, 1]);
  });
});

describe('regenerating a Quick Summary', () => {
  it('while Gemini is down: another Quick Summary, with its reason, as the next version', async () => {
    const user = await t.createUser();
    fake.answer = standIn('rate_limited');
    const summary = await createOk(t, user);
    expect(summary).toMatchObject({ isFallback: true, fallbackReason: 'rate_limited' });

    fake.answer = standIn('unavailable');
    const res = await regenerate(t, user, summary.id, { format: 'bullets' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{ summary: SummaryDto }>;
    expect(body.data.summary).toMatchObject({
      isFallback: true,
      fallbackReason: 'unavailable',
      format: 'bullets',
      version: 2,
    });
  });

  it('with no Gemini key (the real local summarizer is the engine): a new version', async () => {
    const local = await createTestApp({ database: t.database });
    try {
      const user = await local.createUser();
      const summary = await createOk(local, user);
      expect(summary).toMatchObject({
        isFallback: true,
        fallbackReason: 'not_configured',
        aiModel: LOCAL_SUMMARIZER_MODEL,
      });
      const res = await regenerate(local, user, summary.id, { length: 'long' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Envelope<{ summary: SummaryDto }>;
      expect(body.data.summary).toMatchObject({
        isFallback: true,
        fallbackReason: 'not_configured',
        length: 'long',
        version: 2,
        regenerationCount: 1,
      });
      expect(await versions(local, user, summary.id)).toHaveLength(2);
    } finally {
      await local.destroy();
    }
  });

  it('an AI summary regenerated with no key configured any more: the local engine answers', async () => {
    const user = await t.createUser();
    const summary = await createOk(t, user);
    fake.answer = standIn('not_configured');
    const res = await regenerate(t, user, summary.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary).toMatchObject({
      isFallback: true,
      fallbackReason: 'not_configured',
      version: 2,
    });
  });
});

describe('with the real summarizer and a Gemini endpoint answering 503', () => {
  let gemini: Server;
  let baseUrl: string;

  beforeAll(async () => {
    gemini = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(503, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({ error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } }),
        );
      });
    });
    await new Promise<void>((resolve) => gemini.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(gemini.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    gemini.closeAllConnections();
    await new Promise<void>((resolve) => gemini.close(() => resolve()));
  });

  it('keeps the Gemini summary and answers 503 with the reason', async () => {
    const user = await t.createUser();
    const summary = await createOk(t, user);
    const summarizer = createSummarizer({
      geminiApiKey: 'test-key',
      geminiModel: 'gemini-test',
      geminiBaseUrl: baseUrl,
      maxRetries: 0,
      logger: { warn: () => undefined, error: () => undefined },
    });
    const down = await createTestApp({ database: t.database, deps: { summarizer } });
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const res = await regenerate(down, user, summary.id, { customPrompt: 'shorter' });
      expect(res.status).toBe(503);
      expect((await res.json()) as ErrorEnvelope).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: REGENERATE_REFUSED_MESSAGES.unavailable,
      });
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await current(down, user, summary.id)).toEqual(summary);
      expect(await versions(down, user, summary.id)).toHaveLength(1);
      expect(warned).toHaveBeenCalled();
    } finally {
      await down.destroy();
    }
  });
});
