import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listCreditMovements } from '../../test/credit-ledger';
import type { SummarizeInput, Summarizer, SummaryResult } from '../../summarizer/summarizer';
import { createFakeSummarizer, untilAborted } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { startTestServer } from '../../test/test-server';
import type { TestServer } from '../../test/test-server';

/*
 * Issue 16, item 9: a client that leaves stops paying. The request's abort signal reaches the
 * summarizer, and a create abandoned before its summary is stored charges nothing and stores
 * nothing, in process (the Request's signal) and over a real socket that the client closes.
 */

const TEXT =
  'A lighthouse keeper logs the weather every hour. Storms arrive from the west in autumn. ' +
  'Supply boats come on Fridays when the sea allows, bringing oil, letters and news.';

let t: TestApp;
let fake: FakeSummarizer;
/** The summarizer the app calls: the fake, or a test's own. */
let engine: Summarizer;
let server: TestServer;

beforeAll(async () => {
  fake = createFakeSummarizer();
  engine = fake;
  const summarizer: Summarizer = {
    summarize: (input, signal, options) => engine.summarize(input, signal, options),
  };
  t = await createTestApp({ deps: { summarizer } });
  server = await startTestServer(t);
});

afterAll(async () => {
  await server.close();
  await t.destroy();
});

beforeEach(() => {
  engine = fake;
  fake.calls.length = 0;
  fake.signals.length = 0;
  fake.beforeAnswer = null;
});

/** Resolves when the summarizer has been called (the request is in flight). */
function holdSummarizer(): Promise<AbortSignal | undefined> {
  return new Promise((resolve) => {
    fake.beforeAnswer = async (_input, signal) => {
      resolve(signal);
      await untilAborted(signal);
    };
  });
}

async function account(user: TestUser) {
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
  const ledger = await listCreditMovements(t.db, user.user.id);
  return { credits: row.credits, summaries: summaries.length, ledger: ledger.length };
}

describe('a create abandoned while the summary is written', () => {
  it('in process: the summarizer sees the abort; 499, nothing stored, nothing charged', async () => {
    const user = await t.createUser({ credits: 3 });
    const controller = new AbortController();
    const held = holdSummarizer();
    const answer = t.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: TEXT },
      signal: controller.signal,
    });
    const signal = await held;
    expect(signal?.aborted).toBe(false);
    controller.abort();
    const res = await answer;
    expect(signal?.aborted).toBe(true);
    expect(res.status).toBe(499);
    expect(await res.json()).toEqual({
      success: false,
      code: 'CANCELLED',
      message: 'The summary request was cancelled',
    });
    expect(await account(user)).toEqual({ credits: 3, summaries: 0, ledger: 1 });
  });

  it('a summarizer that finishes anyway: its summary is not stored once the client has left', async () => {
    const user = await t.createUser({ credits: 3 });
    const controller = new AbortController();
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    engine = {
      async summarize(input: SummarizeInput, signal?: AbortSignal): Promise<SummaryResult> {
        arrived();
        // Deaf to the signal: it answers after the abort all the same.
        await untilAborted(signal);
        return fake.summarize(input);
      },
    };
    const answer = t.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: TEXT },
      signal: controller.signal,
    });
    await inFlight;
    controller.abort();
    expect((await answer).status).toBe(499);
    expect(await account(user)).toEqual({ credits: 3, summaries: 0, ledger: 1 });
  });

  it('over a real socket: the client hangs up, nothing stored, nothing charged', async () => {
    const user = await t.createUser({ credits: 2 });
    const controller = new AbortController();
    const held = holdSummarizer();
    const finished = server.nextAnswer();
    const answer = fetch(`${server.origin}/api/summaries`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: TEXT }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    const signal = await held;
    controller.abort();
    expect(await answer).toBeInstanceOf(Error);
    expect(await finished).toBe(499);
    expect(signal?.aborted).toBe(true);
    expect(await account(user)).toEqual({ credits: 2, summaries: 0, ledger: 1 });
  });

  it('an upload abandoned over a real socket charges nothing either', async () => {
    const user = await t.createUser({ credits: 2 });
    const controller = new AbortController();
    const held = holdSummarizer();
    const finished = server.nextAnswer();
    const form = new FormData();
    form.append('file', new File([TEXT], 'notes.txt', { type: 'text/plain' }));
    const answer = fetch(`${server.origin}/api/summaries/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await held;
    controller.abort();
    expect(await answer).toBeInstanceOf(Error);
    expect(await finished).toBe(499);
    expect(await account(user)).toEqual({ credits: 2, summaries: 0, ledger: 1 });
  });

  it('a client that stays is served and charged as before', async () => {
    const user = await t.createUser({ credits: 2 });
    const res = await fetch(`${server.origin}/api/summaries`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: TEXT }),
    });
    expect(res.status).toBe(201);
    expect(fake.signals[0]).toBeInstanceOf(AbortSignal);
    expect(fake.signals[0]?.aborted).toBe(false);
    expect(await account(user)).toEqual({ credits: 1, summaries: 1, ledger: 2 });
  });
});
