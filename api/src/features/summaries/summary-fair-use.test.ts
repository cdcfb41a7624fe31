import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRIDGE_DOCUMENT, BRIDGE_SUMMARY, fakeGeminiSummarizer } from '../../test/gemini-jobs';
import { startFakeGemini } from '../../test/fake-gemini';
import type { FakeGemini, GeminiResponder } from '../../test/fake-gemini';
import type { ErrorEnvelope } from '../../test/envelope';
import { readEvents } from '../../test/server-sent-events';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { TestDatabase } from '../../test/test-database';
import { SUMMARIZER_BUSY_MESSAGE, SUMMARIZER_RATE_LIMITED_MESSAGE } from './summarizer-calls';

/*
 * Issue 24, items 2 and 7 (API.md "Fair use"), with the app's real summarizer against a fake
 * Gemini on 127.0.0.1 that counts its calls: summarizer calls limited per user in calls at once
 * and per minute (429 RATE_LIMITED with Retry-After, before any work), and a summary's credit
 * reserved before the model is called, across two API processes sharing one database, so that
 * parallel requests on one credit make one upstream call. PGlite by default, Postgres with
 * TEST_DATABASE_URL.
 */

let gemini: FakeGemini;
let database: TestDatabase;
/** Two API processes on one database, limits out of the way: only the reservation acts. */
let first: TestApp;
let second: TestApp;
/** One API process with the default limits: 2 calls at once, 20 a minute. */
let limited: TestApp;

beforeAll(async () => {
  gemini = await startFakeGemini([BRIDGE_SUMMARY]);
  database = await createTestDatabase();
  first = await createTestApp({
    database,
    deps: { summarizer: fakeGeminiSummarizer(gemini.baseUrl) },
  });
  second = await createTestApp({
    database,
    deps: { summarizer: fakeGeminiSummarizer(gemini.baseUrl) },
  });
  limited = await createTestApp({
    env: { SUMMARIZER_RATE_LIMIT: '20', SUMMARIZER_CONCURRENCY: '2' },
    deps: { summarizer: fakeGeminiSummarizer(gemini.baseUrl) },
  });
});

afterAll(async () => {
  await limited.destroy();
  await second.destroy();
  await first.destroy();
  await database.destroy();
  await gemini.close();
});

beforeEach(() => {
  gemini.answer(BRIDGE_SUMMARY);
});

/**
 * Gemini's answer, held until `count` of the test's requests have been answered (or 10 s
 * passed), so that every request of a burst is in flight while the first ones wait for Gemini.
 */
function heldAnswer(answered: () => number, count: number): GeminiResponder {
  return (response, request) => {
    const started = Date.now();
    const wait = (): void => {
      if (answered() >= count || Date.now() - started > 10_000) BRIDGE_SUMMARY(response, request);
      else setTimeout(wait, 10);
    };
    wait();
  };
}

async function balance(t: TestApp, user: TestUser) {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();
  const summaries = await t.db
    .selectFrom('summaries')
    .select('id')
    .where('user_id', '=', user.user.id)
    .execute();
  const reservations = await t.db
    .selectFrom('credit_reservations')
    .select('id')
    .where('user_id', '=', user.user.id)
    .execute();
  return { credits: row.credits, summaries: summaries.length, reservations: reservations.length };
}

/** A multipart body with BRIDGE_DOCUMENT as a .txt file. */
function uploadForm(): FormData {
  const form = new FormData();
  form.append('file', new File([BRIDGE_DOCUMENT], 'bridge.txt', { type: 'text/plain' }));
  return form;
}

function countStatuses(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('a credit is reserved before the model is called (item 7)', () => {
  it('20 parallel creates on 1 credit, over two API processes: 1 upstream call, 1 summary', async () => {
    const user = await first.createUser({ credits: 1 });
    let answered = 0;
    gemini.answer(heldAnswer(() => answered, 19));
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const app = index % 2 === 0 ? first : second;
        const res = await app.request('/api/summaries', {
          method: 'POST',
          token: user.token,
          json: { content: BRIDGE_DOCUMENT },
        });
        answered += 1;
        if (res.status === 402) {
          expect(((await res.json()) as ErrorEnvelope).code).toBe('INSUFFICIENT_CREDITS');
        }
        return res.status;
      }),
    );
    expect(countStatuses(statuses)).toEqual({ 201: 1, 402: 19 });
    expect(gemini.requests).toHaveLength(1);
    expect(await balance(first, user)).toEqual({ credits: 0, summaries: 1, reservations: 0 });
  });

  it('20 parallel streams on 1 credit: 1 upstream call, one stream done, 19 × 402', async () => {
    const user = await first.createUser({ credits: 1 });
    let answered = 0;
    gemini.answer(heldAnswer(() => answered, 19));
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const app = index % 2 === 0 ? first : second;
        const res = await app.request('/api/summaries/stream', {
          method: 'POST',
          token: user.token,
          json: { content: BRIDGE_DOCUMENT },
        });
        answered += 1;
        if (res.status !== 200) return String(res.status);
        const events = await readEvents(res.body as ReadableStream<Uint8Array>).rest();
        return `200 ${events.at(-1)?.event ?? 'none'}`;
      }),
    );
    expect(countStatuses(outcomes.map((outcome) => (outcome === '200 done' ? 200 : 0)))).toEqual({
      200: 1,
      0: 19,
    });
    expect(outcomes.filter((outcome) => outcome === '402')).toHaveLength(19);
    expect(gemini.requests).toHaveLength(1);
    expect(await balance(first, user)).toEqual({ credits: 0, summaries: 1, reservations: 0 });
  });

  it('a generation cancelled before its summary is stored gives its reservation back', async () => {
    const user = await first.createUser({ credits: 1 });
    // Gemini never answers; the client leaves once Gemini has the request.
    gemini.answer(() => undefined);
    for (const [app, path] of [
      [first, '/api/summaries'],
      [second, '/api/summaries/stream'],
    ] as const) {
      const controller = new AbortController();
      const request = app
        .request(path, {
          method: 'POST',
          token: user.token,
          json: { content: BRIDGE_DOCUMENT },
          signal: controller.signal,
        })
        .then(async (res) => {
          // A stream's headers come first; its events end when the client leaves.
          await readEvents(res.body as ReadableStream<Uint8Array>).rest();
        })
        .catch(() => undefined);
      await expect.poll(() => gemini.requests.length).toBe(1);
      controller.abort();
      await request;
      await expect
        .poll(() => balance(first, user))
        .toEqual({
          credits: 1,
          summaries: 0,
          reservations: 0,
        });
      gemini.answer(() => undefined);
    }
    // The credit buys the next summary at once.
    gemini.answer(BRIDGE_SUMMARY);
    const next = await first.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: BRIDGE_DOCUMENT },
    });
    expect(next.status).toBe(201);
    expect(await balance(first, user)).toEqual({ credits: 0, summaries: 1, reservations: 0 });
  });

  it('a reservation left by a process that died stops counting once it expires', async () => {
    const user = await first.createUser({ credits: 1 });
    await first.db
      .insertInto('credit_reservations')
      .values({ user_id: user.user.id, amount: 1, expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await second.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: BRIDGE_DOCUMENT },
    });
    expect(res.status).toBe(201);
    expect(await balance(first, user)).toEqual({ credits: 0, summaries: 1, reservations: 0 });
  });

  it('a queued summary cannot take a credit a live one holds', async () => {
    const user = await first.createUser({ credits: 1 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    gemini.answer((response, request) => void held.then(() => BRIDGE_SUMMARY(response, request)));
    const live = first.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: BRIDGE_DOCUMENT },
    });
    await expect.poll(() => gemini.requests.length).toBe(1);
    const queued = await second.request('/api/summaries/async', {
      method: 'POST',
      token: user.token,
      json: { content: BRIDGE_DOCUMENT },
    });
    expect(queued.status).toBe(402);
    release();
    expect((await live).status).toBe(201);
    expect(await balance(first, user)).toEqual({ credits: 0, summaries: 1, reservations: 0 });
  });
});

describe('summarizer calls are limited per user (item 2)', () => {
  async function summaryOf(user: TestUser): Promise<string> {
    const res = await limited.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: BRIDGE_DOCUMENT },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { summary: { id: string } } }).data.summary.id;
  }

  it('40 parallel regenerations at 0 credits: 2 reach Gemini, 38 × 429 with Retry-After', async () => {
    const user = await limited.createUser({ credits: 1 });
    const id = await summaryOf(user);
    let answered = 0;
    gemini.answer(heldAnswer(() => answered, 38));
    const responses = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const res = await limited.request(`/api/summaries/${id}/regenerate`, {
          method: 'POST',
          token: user.token,
          json: { customPrompt: `take ${index}` },
        });
        answered += 1;
        return res;
      }),
    );
    const refused = responses.filter((res) => res.status === 429);
    expect(countStatuses(responses.map((res) => res.status))).toEqual({ 200: 2, 429: 38 });
    for (const res of refused) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await res.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: SUMMARIZER_BUSY_MESSAGE,
      });
    }
    expect(gemini.requests).toHaveLength(2);
  });

  it('past 20 calls a minute: 429 with Retry-After before any work, on every summarizer route', async () => {
    const user = await limited.createUser({ credits: 5 });
    const id = await summaryOf(user);
    for (let call = 1; call < 20; call += 1) {
      const res = await limited.request(`/api/summaries/${id}/regenerate`, {
        method: 'POST',
        token: user.token,
        json: { customPrompt: null },
      });
      expect(res.status).toBe(200);
    }
    gemini.answer(BRIDGE_SUMMARY);
    const refused = [
      await limited.request(`/api/summaries/${id}/regenerate`, {
        method: 'POST',
        token: user.token,
        json: { customPrompt: null },
      }),
      await limited.request('/api/summaries', {
        method: 'POST',
        token: user.token,
        json: { content: BRIDGE_DOCUMENT },
      }),
      await limited.request('/api/summaries/stream', {
        method: 'POST',
        token: user.token,
        json: { content: BRIDGE_DOCUMENT },
      }),
      await limited.request('/api/summaries/async', {
        method: 'POST',
        token: user.token,
        json: { content: BRIDGE_DOCUMENT },
      }),
      await limited.request('/api/summaries/upload', {
        method: 'POST',
        token: user.token,
        body: uploadForm(),
      }),
      await limited.request('/api/summaries/upload/async', {
        method: 'POST',
        token: user.token,
        body: uploadForm(),
      }),
      await limited.request(`/api/summaries/${id}/versions/1/restore`, {
        method: 'POST',
        token: user.token,
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await res.json()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: SUMMARIZER_RATE_LIMITED_MESSAGE,
      });
    }
    // Nothing was done for them: no Gemini call, no credit, no version.
    expect(gemini.requests).toHaveLength(0);
    expect(await balance(limited, user)).toEqual({ credits: 4, summaries: 1, reservations: 0 });
    // Another user is not touched by this one's limit.
    const other = await limited.createUser({ credits: 1 });
    await summaryOf(other);
  });
});
