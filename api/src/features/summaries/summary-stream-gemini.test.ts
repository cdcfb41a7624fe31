import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listCreditMovements } from '../../test/credit-ledger';
import { LOCAL_SUMMARIZER_MODEL } from '../../lib/product-constants';
import type { SummaryDto } from '../../domain/summary-response';
import { createSummarizer } from '../../summarizer/create-summarizer';
import { readEvents } from '../../test/server-sent-events';
import type { ReceivedEvent } from '../../test/server-sent-events';
import { BRIDGE_DOCUMENT } from '../../test/gemini-jobs';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';

/*
 * POST /api/summaries/stream with the app's real summarizer against a fake Gemini REST endpoint
 * on 127.0.0.1 that streams its answer (streamGenerateContent?alt=sse) in pieces: what the
 * reader receives, the model, the fallback and the credits, end to end.
 */

const ITEMS = [
  { text: 'The council will build a bridge over the river.', sources: [1] },
  { text: 'It will cost 48 million dollars.', sources: [2] },
];

interface StreamPlan {
  /** Drop the connection before this piece. */
  dropBefore?: number;
  /** Stop sending after this piece and hold the connection open. */
  holdAfter?: number;
}

let gemini: Server;
let plan: StreamPlan = {};
/** Connections the fake has seen closed by the client before it finished. */
let abandoned = 0;
let t: TestApp;

function pieces(): string[] {
  const text = JSON.stringify({ items: ITEMS });
  const cut: string[] = [];
  for (let at = 0; at < text.length; at += 20) cut.push(text.slice(at, at + 20));
  return cut;
}

function streamAnswer(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const all = pieces();
  let index = 0;
  let finished = false;
  response.on('close', () => {
    if (!finished) abandoned += 1;
  });
  const next = (): void => {
    if (response.destroyed) return;
    if (index === plan.dropBefore) {
      response.destroy();
      return;
    }
    if (plan.holdAfter !== undefined && index > plan.holdAfter) return;
    if (index === all.length) {
      finished = true;
      response.end();
      return;
    }
    const last = index === all.length - 1;
    const chunk = {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: all[index] }] },
          ...(last ? { finishReason: 'STOP' } : {}),
          index: 0,
        },
      ],
      modelVersion: 'gemini-2.5-flash-001',
    };
    response.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
    index += 1;
    setTimeout(next, 15);
  };
  next();
}

beforeAll(async () => {
  gemini = createServer((request, response) => {
    request.resume();
    request.on('end', () => streamAnswer(response));
  });
  await new Promise<void>((resolve) => gemini.listen(0, '127.0.0.1', resolve));
  const summarizer = createSummarizer({
    geminiApiKey: 'test-key',
    geminiModel: 'gemini-flash-latest',
    geminiBaseUrl: `http://127.0.0.1:${(gemini.address() as AddressInfo).port}`,
    maxRetries: 0,
    logger: { warn: () => undefined, error: () => undefined },
  });
  t = await createTestApp({ deps: { summarizer } });
});

afterAll(async () => {
  await t.destroy();
  gemini.closeAllConnections();
  await new Promise<void>((resolve) => gemini.close(() => resolve()));
});

afterEach(() => {
  plan = {};
  abandoned = 0;
});

function stream(user: TestUser, signal?: AbortSignal) {
  return t.request('/api/summaries/stream', {
    method: 'POST',
    token: user.token,
    json: { content: BRIDGE_DOCUMENT },
    ...(signal ? { signal } : {}),
  });
}

async function balance(user: TestUser): Promise<{ credits: number; ledger: number }> {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();
  return { credits: row.credits, ledger: (await listCreditMovements(t.db, user.user.id)).length };
}

function textOf(events: ReceivedEvent[]): string {
  return events
    .filter((event) => event.event === 'delta')
    .map((event) => (event.data as { text: string }).text)
    .join('');
}

describe('a Gemini summary streamed to the reader', () => {
  it("Gemini's sentences as they complete, then the summary with the model that answered", async () => {
    const user = await t.createUser({ credits: 2 });
    const res = await stream(user);
    expect(res.status).toBe(200);
    const events = await readEvents(res.body as ReadableStream<Uint8Array>).rest();
    expect(events.map((event) => event.event)).toEqual(['delta', 'delta', 'done']);
    expect(textOf(events)).toBe(
      'The council will build a bridge over the river. It will cost 48 million dollars.',
    );
    const done = events[2]?.data as { summary: SummaryDto; updatedCredits: number };
    expect(done.summary).toMatchObject({
      summarizedContent: textOf(events),
      aiModel: 'gemini-2.5-flash-001',
      isFallback: false,
      fallbackReason: null,
      version: 1,
    });
    expect(done.updatedCredits).toBe(1);
    expect(await balance(user)).toEqual({ credits: 1, ledger: 2 });
  });

  it('a stream that breaks halfway: reset with the reason, the local summary, one credit', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = await t.createUser({ credits: 2 });
    // The first sentence is complete with the fifth piece (of 20 characters); the connection drops then.
    plan = { dropBefore: 5 };
    const res = await stream(user);
    const events = await readEvents(res.body as ReadableStream<Uint8Array>).rest();
    const names = events.map((event) => event.event);
    expect(names[0]).toBe('delta');
    const reset = names.indexOf('reset');
    expect(reset).toBeGreaterThan(0);
    expect(events[reset]?.data).toEqual({ reason: 'unavailable' });
    expect(names.at(-1)).toBe('done');
    const done = events.at(-1)?.data as { summary: SummaryDto; updatedCredits: number };
    expect(textOf(events.slice(reset + 1))).toBe(done.summary.summarizedContent);
    expect(done.summary).toMatchObject({
      isFallback: true,
      fallbackReason: 'unavailable',
      aiModel: LOCAL_SUMMARIZER_MODEL,
    });
    expect(await balance(user)).toEqual({ credits: 1, ledger: 2 });
  });

  it('a reader who stops mid-stream: the Gemini request is cancelled, nothing charged', async () => {
    const user = await t.createUser({ credits: 2 });
    plan = { holdAfter: 4 };
    const controller = new AbortController();
    const res = await stream(user, controller.signal);
    const events = readEvents(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('delta');
    controller.abort();
    const deadline = Date.now() + 5_000;
    while (abandoned === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(abandoned).toBe(1);
    expect(await balance(user)).toEqual({ credits: 2, ledger: 1 });
    const summaries = await t.db
      .selectFrom('summaries')
      .select('id')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(summaries).toHaveLength(0);
  });
});
