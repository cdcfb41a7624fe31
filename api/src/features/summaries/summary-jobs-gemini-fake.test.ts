import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_SUMMARIZER_MODEL } from '../../lib/product-constants';
import { geminiFailure, geminiRateLimited, startFakeGemini } from '../../test/fake-gemini';
import type { FakeGemini } from '../../test/fake-gemini';
import {
  BRIDGE_DOCUMENT,
  BRIDGE_SUMMARY,
  creditsOf,
  fakeGeminiSummarizer,
  finishedTextJob,
  ledgerOf,
  queueTextJob,
} from '../../test/gemini-jobs';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';

/*
 * Issue 16, item 6, with the app's real summarizer against a fake Gemini on 127.0.0.1: a queued
 * job meets a 503 or a 429 that passes (below the circuit breaker's threshold, so Gemini's
 * health says nothing), retries through the queue (`throwPassing`) and falls back only on its
 * last attempt, with the right reason; one credit in every case.
 */

let gemini: FakeGemini;
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  gemini = await startFakeGemini();
  // One request per attempt of the job: the queue does the retrying here. The breaker's
  // threshold is well above the bursts below: it stays closed, health() stays ok.
  const summarizer = fakeGeminiSummarizer(gemini.baseUrl, {
    circuitBreaker: { failureThreshold: 10 },
  });
  t = await createTestApp({
    deps: { summarizer },
    config: { jobs: { retryLimit: 2, maxRetryDelaySeconds: 4 } },
  });
  await t.startWorkers(1);
});

afterAll(async () => {
  await t.destroy();
  await gemini.close();
});

beforeEach(async () => {
  user = await t.createUser({ credits: 3 });
});

const queueText = () => queueTextJob(t, user.token, BRIDGE_DOCUMENT);
const finished = (jobId: string) => finishedTextJob(t, user.token, jobId, 25_000);
const ledger = () => ledgerOf(t, user.user.id);
const credits = () => creditsOf(t, user.user.id);

describe('a queued job against a fake Gemini', () => {
  it("503 twice, then an answer: the queue's retries get Gemini's summary, one credit", async () => {
    gemini.answer(geminiFailure(503), geminiFailure(503), BRIDGE_SUMMARY);
    const status = await finished(await queueText());
    expect(status.state).toBe('completed');
    expect(status.summary).toMatchObject({
      isFallback: false,
      fallbackReason: null,
      aiModel: 'gemini-2.5-flash-001',
      summarizedContent: 'The council will build a bridge over the river.',
    });
    expect(gemini.requests).toHaveLength(3);
    expect(await ledger()).toEqual(['signup:3', 'summary:-1']);
    expect(await credits()).toBe(2);
  });

  it('503 on every attempt: the last attempt falls back as unavailable, one credit', async () => {
    gemini.answer(geminiFailure(503));
    const status = await finished(await queueText());
    expect(status.state).toBe('completed');
    expect(status.summary).toMatchObject({
      isFallback: true,
      fallbackReason: 'unavailable',
      aiModel: LOCAL_SUMMARIZER_MODEL,
    });
    // The first attempt and the test queue's two retries, one request each.
    expect(gemini.requests).toHaveLength(3);
    expect(await ledger()).toEqual(['signup:3', 'summary:-1']);
    expect(await credits()).toBe(2);
  });

  it("a 429 asking for 2 s: the retry waits the server's delay, then Gemini's summary", async () => {
    gemini.answer(geminiRateLimited('2s'), BRIDGE_SUMMARY);
    const status = await finished(await queueText());
    expect(status.summary).toMatchObject({ isFallback: false, aiModel: 'gemini-2.5-flash-001' });
    expect(gemini.requests).toHaveLength(2);
    const waited = (gemini.requests[1]?.at ?? 0) - (gemini.requests[0]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(1_900);
    expect(await ledger()).toEqual(['signup:3', 'summary:-1']);
  });

  it('rate-limited on every attempt: the last attempt falls back as rate_limited, one credit', async () => {
    gemini.answer(geminiRateLimited('1s'));
    const status = await finished(await queueText());
    expect(status.summary).toMatchObject({ isFallback: true, fallbackReason: 'rate_limited' });
    expect(gemini.requests.length).toBeGreaterThanOrEqual(2);
    expect(await ledger()).toEqual(['signup:3', 'summary:-1']);
    expect(await credits()).toBe(2);
  });

  it('a request Gemini refuses (404, no wait mends it): the Quick Summary at once', async () => {
    gemini.answer(geminiFailure(404));
    const status = await finished(await queueText());
    expect(status.summary).toMatchObject({ isFallback: true, fallbackReason: 'unavailable' });
    expect(gemini.requests).toHaveLength(1);
    expect(await ledger()).toEqual(['signup:3', 'summary:-1']);
  });
});
