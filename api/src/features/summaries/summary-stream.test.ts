import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { spendCredits } from '../../db/credit-ledger.repository';
import { listCreditMovements } from '../../test/credit-ledger';
import { LOCAL_SUMMARIZER_MODEL } from '../../lib/product-constants';
import type { SummaryDto, SummaryVersionDto } from '../../domain/summary-response';
import type {
  SummarizeInput,
  Summarizer,
  SummaryResult,
  SummaryStreamEvent,
} from '../../summarizer/summarizer';
import { SummarizerError } from '../../summarizer/summarizer-error';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import {
  createFakeSummarizer,
  FAKE_MODEL,
  fakeSummaryOf,
  untilAborted,
} from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import { readEvents } from '../../test/server-sent-events';
import type { ReceivedEvent } from '../../test/server-sent-events';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { startTestServer } from '../../test/test-server';
import type { TestServer } from '../../test/test-server';

/*
 * POST /api/summaries/stream (API.md "Additions", issue 16 "Streaming"): the same checks and
 * JSON errors as POST /api/summaries before any event, then `delta`s as the summary is written,
 * and `done` with the summary and the balance (the credit taken only then, with the summary and
 * its version 1) or `error`. A client that leaves mid-stream is charged nothing.
 */

const TEXT =
  'The committee met on Tuesday to review the budget for the coming year. It approved new funding ' +
  'for the library and for the two schools of the district. Members also discussed the timeline ' +
  'for the bridge repairs, which will start in spring. The chair thanked the volunteers who ran ' +
  'the winter market. A vote on the parking plan was postponed until the next meeting in May.';

type StreamScript = (
  input: SummarizeInput,
  signal?: AbortSignal,
) => AsyncIterable<SummaryStreamEvent>;

let t: TestApp;
let fake: FakeSummarizer;
/** The app's summarizer: the fake's summarize, and a test's own stream when it sets one. */
let summarizer: Summarizer;
let server: TestServer;

beforeAll(async () => {
  fake = createFakeSummarizer();
  summarizer = { summarize: (input, signal, options) => fake.summarize(input, signal, options) };
  t = await createTestApp({ deps: { summarizer } });
  server = await startTestServer(t);
});

afterAll(async () => {
  await server.close();
  await t.destroy();
});

beforeEach(() => {
  fake.calls.length = 0;
  fake.signals.length = 0;
  fake.beforeAnswer = null;
  fake.answer = {};
});

afterEach(() => {
  delete summarizer.summarizeStream;
});

function streamAs(script: StreamScript): void {
  summarizer.summarizeStream = script;
}

/** A Gemini-like result for a streamed `summary`. */
function resultOf(summary: string, fields: Partial<SummaryResult> = {}): SummaryResult {
  return {
    summary,
    sourceMap: [],
    keywords: [],
    unverified: [],
    model: FAKE_MODEL,
    isFallback: false,
    fallbackReason: null,
    processingTimeMs: 7,
    ...fields,
  };
}

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function stream(user: TestUser, body: unknown, init: { signal?: AbortSignal } = {}) {
  return t.request('/api/summaries/stream', {
    method: 'POST',
    token: user.token,
    json: body,
    ...init,
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

function names(events: ReceivedEvent[]): string[] {
  return events.map((event) => event.event);
}

function deltaText(events: ReceivedEvent[]): string {
  return events
    .filter((event) => event.event === 'delta')
    .map((event) => (event.data as { text: string }).text)
    .join('');
}

interface DoneData {
  summary: SummaryDto;
  updatedCredits: number;
}

describe('before any event: the JSON errors of POST /api/summaries', () => {
  it('401 without a token', async () => {
    const res = await t.request('/api/summaries/stream', {
      method: 'POST',
      json: { content: TEXT },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorEnvelope).code).toBe('UNAUTHORIZED');
  });

  it('400 naming the field, with the same message as POST /api/summaries', async () => {
    const user = await t.createUser();
    for (const body of [
      {},
      { content: 'Too short.' },
      { content: TEXT, length: 'huge' },
      { content: TEXT, customPrompt: 'x'.repeat(501) },
    ]) {
      const streamed = await stream(user, body);
      const created = await t.request('/api/summaries', {
        method: 'POST',
        token: user.token,
        json: body,
      });
      expect(streamed.status).toBe(400);
      expect(streamed.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(await streamed.json()).toEqual(await created.json());
    }
    expect(fake.calls).toHaveLength(0);
    expect(await account(user)).toEqual({ credits: 5, summaries: 0, ledger: 1 });
  });

  it('402 INSUFFICIENT_CREDITS with 0 credits, and the summarizer is not called', async () => {
    const user = await t.createUser({ credits: 0 });
    const res = await stream(user, { content: TEXT });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      success: false,
      code: 'INSUFFICIENT_CREDITS',
      message: 'Insufficient credits. Please contact support to recharge your account.',
    });
    expect(fake.calls).toHaveLength(0);
  });
});

describe('a streamed summary', () => {
  it('deltas, then done with the stored summary (version 1) and the balance; 1 credit', async () => {
    const user = await t.createUser({ credits: 3 });
    const res = await stream(user, {
      content: TEXT,
      customPrompt: 'Keep dates',
      format: 'bullets',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache, no-transform');
    const events = await readEvents(res.body as ReadableStream<Uint8Array>).rest();

    expect(names(events).at(-1)).toBe('done');
    expect(
      names(events)
        .slice(0, -1)
        .every((name) => name === 'delta'),
    ).toBe(true);
    expect(events.length).toBeGreaterThan(1);
    const done = events.at(-1)?.data as DoneData;
    expect(deltaText(events)).toBe(done.summary.summarizedContent);
    expect(done.summary).toMatchObject({
      summarizedContent: fakeSummaryOf({ text: TEXT, customPrompt: 'Keep dates' }),
      customPrompt: 'Keep dates',
      format: 'bullets',
      length: 'medium',
      aiModel: FAKE_MODEL,
      isFallback: false,
      version: 1,
      source: 'text',
      reviewStatus: 'pending',
    });
    expect(done.updatedCredits).toBe(2);
    expect(fake.calls).toEqual([
      {
        text: TEXT,
        customPrompt: 'Keep dates',
        length: 'medium',
        format: 'bullets',
        sourceLanguage: 'en',
      },
    ]);

    const stored = await t.request(`/api/summaries/${done.summary.id}`, { token: user.token });
    expect(((await stored.json()) as Envelope<{ summary: SummaryDto }>).data.summary).toEqual({
      ...done.summary,
      share: null,
    });
    const versions = await t.request(`/api/summaries/${done.summary.id}/versions`, {
      token: user.token,
    });
    const listed = ((await versions.json()) as Envelope<{ versions: SummaryVersionDto[] }>).data
      .versions;
    expect(listed.map((version) => version.version)).toEqual([1]);
    expect(await account(user)).toEqual({ credits: 2, summaries: 1, ledger: 2 });
    const ledger = await listCreditMovements(t.db, user.user.id);
    expect(ledger.at(-1)).toMatchObject({
      amount: -1,
      reason: 'summary',
      balance_after: 2,
      summary_id: done.summary.id,
    });
  });

  it('the credit is taken only with done: nothing is charged while deltas arrive', async () => {
    const user = await t.createUser({ credits: 2 });
    const held = gate();
    streamAs(async function* () {
      yield { type: 'delta', text: 'The committee met.' };
      await held.opened;
      yield { type: 'delta', text: ' It approved funding.' };
      yield { type: 'done', result: resultOf('The committee met. It approved funding.') };
    });
    const res = await stream(user, { content: TEXT });
    const events = readEvents(res.body as ReadableStream<Uint8Array>);
    expect(await events.next()).toEqual({ event: 'delta', data: { text: 'The committee met.' } });
    expect(await account(user)).toEqual({ credits: 2, summaries: 0, ledger: 1 });
    held.open();
    const rest = await events.rest();
    expect(names(rest)).toEqual(['delta', 'done']);
    expect((rest[1]?.data as DoneData).updatedCredits).toBe(1);
    expect((rest[1]?.data as DoneData).summary.summarizedContent).toBe(
      'The committee met. It approved funding.',
    );
    expect(await account(user)).toEqual({ credits: 1, summaries: 1, ledger: 2 });
  });

  it('with the real local summarizer: its sentences one by one, then a Quick Summary', async () => {
    const local = await createTestApp({ database: t.database });
    try {
      const user = await local.createUser({ credits: 1 });
      const res = await local.request('/api/summaries/stream', {
        method: 'POST',
        token: user.token,
        json: { content: TEXT, length: 'long' },
      });
      expect(res.status).toBe(200);
      const events = await readEvents(res.body as ReadableStream<Uint8Array>).rest();
      const done = events.at(-1)?.data as DoneData;
      expect(names(events).at(-1)).toBe('done');
      expect(names(events).filter((name) => name === 'delta').length).toBeGreaterThan(1);
      expect(deltaText(events)).toBe(done.summary.summarizedContent);
      expect(done.summary).toMatchObject({
        isFallback: true,
        fallbackReason: 'not_configured',
        aiModel: LOCAL_SUMMARIZER_MODEL,
        length: 'long',
      });
      expect(done.updatedCredits).toBe(0);
    } finally {
      await local.destroy();
    }
  });

  it('a fallback mid-stream: delta, reset with the reason, the local deltas, done', async () => {
    const user = await t.createUser({ credits: 1 });
    streamAs(async function* () {
      yield { type: 'delta', text: 'The committee' };
      yield { type: 'reset', reason: 'unavailable' };
      yield { type: 'delta', text: 'The committee met on Tuesday.' };
      yield {
        type: 'done',
        result: resultOf('The committee met on Tuesday.', {
          isFallback: true,
          fallbackReason: 'unavailable',
          model: LOCAL_SUMMARIZER_MODEL,
        }),
      };
    });
    const res = await stream(user, { content: TEXT });
    const events = await readEvents(res.body as ReadableStream<Uint8Array>).rest();
    expect(events.slice(0, 3)).toEqual([
      { event: 'delta', data: { text: 'The committee' } },
      { event: 'reset', data: { reason: 'unavailable' } },
      { event: 'delta', data: { text: 'The committee met on Tuesday.' } },
    ]);
    expect(events[3]?.event).toBe('done');
    expect((events[3]?.data as DoneData).summary).toMatchObject({
      summarizedContent: 'The committee met on Tuesday.',
      isFallback: true,
      fallbackReason: 'unavailable',
    });
    expect(events).toHaveLength(4);
  });
});

describe('failures: event error, nothing charged', () => {
  it('the summarizer fails before writing: error SUMMARIZER_UNAVAILABLE, logged', async () => {
    const user = await t.createUser({ credits: 1 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.beforeAnswer = () => {
      throw new Error('down');
    };
    const res = await stream(user, { content: TEXT });
    expect(res.status).toBe(200);
    expect(await readEvents(res.body as ReadableStream<Uint8Array>).rest()).toEqual([
      {
        event: 'error',
        data: { code: 'SUMMARIZER_UNAVAILABLE', message: 'Failed to create summary' },
      },
    ]);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(await account(user)).toEqual({ credits: 1, summaries: 0, ledger: 1 });
  });

  it('the stream breaks after a delta: delta, then error', async () => {
    const user = await t.createUser({ credits: 1 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    streamAs(async function* () {
      yield { type: 'delta', text: 'The committee met.' };
      throw new SummarizerError('UNAVAILABLE', 'socket hang up', { retryable: true });
    });
    const res = await stream(user, { content: TEXT });
    const events = await readEvents(res.body as ReadableStream<Uint8Array>).rest();
    expect(names(events)).toEqual(['delta', 'error']);
    expect(events[1]?.data).toEqual({
      code: 'SUMMARIZER_UNAVAILABLE',
      message: 'Failed to create summary',
    });
    expect(await account(user)).toEqual({ credits: 1, summaries: 0, ledger: 1 });
  });

  it('a stream that ends with no text: error, nothing stored', async () => {
    const user = await t.createUser({ credits: 1 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    streamAs(async function* () {
      yield { type: 'done', result: resultOf('  \u0000 ') };
    });
    const res = await stream(user, { content: TEXT });
    const events = await readEvents(res.body as ReadableStream<Uint8Array>).rest();
    expect(names(events)).toEqual(['error']);
    expect(await account(user)).toEqual({ credits: 1, summaries: 0, ledger: 1 });
  });

  it('the last credit spent elsewhere meanwhile: error INSUFFICIENT_CREDITS, no summary', async () => {
    const user = await t.createUser({ credits: 1 });
    const held = gate();
    streamAs(async function* () {
      yield { type: 'delta', text: 'The committee met.' };
      await held.opened;
      yield { type: 'done', result: resultOf('The committee met.') };
    });
    const res = await stream(user, { content: TEXT });
    const events = readEvents(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('delta');
    // The stream holds the credit (issue 24, item 7): another summary cannot take it...
    const other = await t.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: TEXT },
    });
    expect(other.status).toBe(402);
    // ...but a debit that does not ask for it (as after a reservation lapsed) still can.
    expect(await spendCredits(t.db, { userId: user.user.id, amount: 1 })).toBeDefined();
    held.open();
    expect(await events.rest()).toEqual([
      {
        event: 'error',
        data: {
          code: 'INSUFFICIENT_CREDITS',
          message: 'Insufficient credits. Please contact support to recharge your account.',
        },
      },
    ]);
    expect(await account(user)).toEqual({ credits: 0, summaries: 0, ledger: 2 });
  });
});

describe('a client that leaves mid-stream is charged nothing', () => {
  /** A stream that writes one delta, then waits for the abort; `ended` when it has stopped. */
  function streamUntilAborted() {
    const ended = gate();
    const seen: { signal?: AbortSignal } = {};
    streamAs(async function* (_input, signal) {
      seen.signal = signal;
      try {
        yield { type: 'delta', text: 'The committee met.' };
        await untilAborted(signal);
        throw new SummarizerError('ABORTED', 'The summary request was cancelled', {
          retryable: false,
        });
      } finally {
        ended.open();
      }
    });
    return { ended: ended.opened, seen };
  }

  it('in process: the reader cancels after the first delta', async () => {
    const user = await t.createUser({ credits: 2 });
    const { ended, seen } = streamUntilAborted();
    const res = await stream(user, { content: TEXT });
    const events = readEvents(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('delta');
    await events.cancel();
    await ended;
    expect(seen.signal?.aborted).toBe(true);
    expect(await account(user)).toEqual({ credits: 2, summaries: 0, ledger: 1 });
  });

  it('in process: the request is aborted after the first delta', async () => {
    const user = await t.createUser({ credits: 2 });
    const { ended, seen } = streamUntilAborted();
    const controller = new AbortController();
    const res = await stream(user, { content: TEXT }, { signal: controller.signal });
    const events = readEvents(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('delta');
    controller.abort();
    await ended;
    expect(seen.signal?.aborted).toBe(true);
    expect(await account(user)).toEqual({ credits: 2, summaries: 0, ledger: 1 });
  });

  it('a summarizer deaf to the abort: its summary is still not stored', async () => {
    const user = await t.createUser({ credits: 2 });
    const ended = gate();
    const controller = new AbortController();
    streamAs(async function* (_input, signal) {
      try {
        yield { type: 'delta', text: 'The committee met.' };
        await untilAborted(signal);
        yield { type: 'done', result: resultOf('The committee met.') };
      } finally {
        ended.open();
      }
    });
    const res = await stream(user, { content: TEXT }, { signal: controller.signal });
    const events = readEvents(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('delta');
    controller.abort();
    await ended.opened;
    // Let the route finish what it would do after the summarizer's last event.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await account(user)).toEqual({ credits: 2, summaries: 0, ledger: 1 });
  });
});

describe('a client cut off between the last delta and done (issue 24; decision 0025)', () => {
  it('is charged, and its summary stored, once the summary is committed: done is not the commit point', async () => {
    const user = await t.createUser({ credits: 2 });
    const release = gate();
    streamAs(async function* () {
      yield { type: 'delta', text: 'The committee met.' };
      await release.opened;
      yield { type: 'done', result: resultOf('The committee met.') };
    });
    const res = await stream(user, { content: TEXT });
    const events = readEvents(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('delta'); // the last delta
    release.open();
    // The server stores the summary and takes the credit in one transaction, then writes done;
    // the client goes away before reading it.
    const deadline = Date.now() + 5_000;
    while ((await account(user)).summaries === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await events.cancel();
    expect(await account(user)).toEqual({ credits: 1, summaries: 1, ledger: 2 });
    // What the client never saw is in its history: the list shows the summary, and the balance.
    const list = await t.request('/api/summaries', { token: user.token });
    const body = (await list.json()) as Envelope<{ summaries: SummaryDto[] }>;
    expect(body.data.summaries.map((summary) => summary.summarizedContent)).toEqual([
      'The committee met.',
    ]);
  });
});

describe('over the real HTTP server', () => {
  it('each delta arrives as it is written, uncompressed whatever the client accepts', async () => {
    const user = await t.createUser({ credits: 1 });
    const held = gate();
    streamAs(async function* () {
      yield { type: 'delta', text: 'The committee met.' };
      await held.opened;
      yield { type: 'done', result: resultOf('The committee met.') };
    });
    const res = await fetch(`${server.origin}/api/summaries/stream`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${user.token}`,
        'Content-Type': 'application/json',
        'Accept-Encoding': 'br, gzip',
      },
      body: JSON.stringify({ content: TEXT }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('X-Accel-Buffering')).toBe('no');
    const events = readEvents(res.body as ReadableStream<Uint8Array>);
    // The summary is not finished (the gate is shut): this delta was not held back.
    expect(await events.next()).toEqual({ event: 'delta', data: { text: 'The committee met.' } });
    held.open();
    const rest = await events.rest();
    expect(names(rest)).toEqual(['done']);
    expect((rest[0]?.data as DoneData).updatedCredits).toBe(0);
  });

  it('the client hangs up mid-stream: the summarizer is stopped, nothing charged', async () => {
    const user = await t.createUser({ credits: 2 });
    const ended = gate();
    const seen: { signal?: AbortSignal } = {};
    streamAs(async function* (_input, signal) {
      seen.signal = signal;
      try {
        yield { type: 'delta', text: 'The committee met.' };
        await untilAborted(signal);
        throw new SummarizerError('ABORTED', 'The summary request was cancelled', {
          retryable: false,
        });
      } finally {
        ended.open();
      }
    });
    const controller = new AbortController();
    const res = await fetch(`${server.origin}/api/summaries/stream`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: TEXT }),
      signal: controller.signal,
    });
    const events = readEvents(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('delta');
    controller.abort();
    await ended.opened;
    expect(seen.signal?.aborted).toBe(true);
    expect(await account(user)).toEqual({ credits: 2, summaries: 0, ledger: 1 });
  });

  it("a stream longer than the server's request time-out still completes", async () => {
    const strict = await startTestServer(t, {
      headersTimeoutMs: 500,
      requestTimeoutMs: 1_000,
      idleTimeoutMs: 500,
    });
    try {
      const user = await t.createUser({ credits: 1 });
      streamAs(async function* () {
        yield { type: 'delta', text: 'The committee met.' };
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        yield { type: 'delta', text: ' It approved funding.' };
        yield { type: 'done', result: resultOf('The committee met. It approved funding.') };
      });
      const res = await fetch(`${strict.origin}/api/summaries/stream`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: TEXT }),
      });
      const events = await readEvents(res.body as ReadableStream<Uint8Array>).rest();
      expect(names(events)).toEqual(['delta', 'delta', 'done']);
      expect(await account(user)).toEqual({ credits: 0, summaries: 1, ledger: 2 });
    } finally {
      await strict.close();
    }
  });
});
