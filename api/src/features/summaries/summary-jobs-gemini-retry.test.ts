import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_SUMMARIZER_MODEL } from '../../lib/product-constants';
import type { SummaryDto } from '../../domain/summary-response';
import type { FallbackReason, SummarizerHealth } from '../../summarizer/summarizer';
import { createFakeSummarizer, FAKE_MODEL } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import { finishedTextJob, ledgerOf, queueTextJob } from '../../test/gemini-jobs';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';

/*
 * Issue 16, item 6: a queued job is in no hurry. When Gemini is rate-limited, down or too slow,
 * the job retries through the queue after the delay the server asked for (within a cap) before
 * it accepts the local summarizer's Quick Summary; live requests keep the fast fallback.
 */

const TEXT =
  'Rivers carry sediment from the mountains to the sea. Over centuries the deposits build deltas, ' +
  'fertile plains where cities grow. Dams now trap much of that sediment upstream.';

let t: TestApp;
let fake: FakeSummarizer;
let user: TestUser;
/** When each summarizer call came, in ms (performance.now()). */
let callTimes: number[];
/**
 * What the fake answers on its n-th call of a test (the last repeats): Gemini's summary, or the
 * local summarizer standing in, with what the summarizer's health says meanwhile (`down`: Gemini
 * itself unavailable, its circuit breaker open, for `retryAfterMs`).
 */
type Step = 'gemini' | { reason: FallbackReason; retryAfterMs: number; down?: boolean };
let script: Step[];
let health: SummarizerHealth;
const OK: SummarizerHealth = {
  status: 'ok',
  engine: 'gemini',
  reason: null,
  description: 'ok',
  action: null,
  retryAfterMs: 0,
  circuits: [],
  keyRejection: null,
};

beforeAll(async () => {
  fake = createFakeSummarizer();
  fake.health = () => health;
  fake.beforeAnswer = () => {
    callTimes.push(performance.now());
    const step = script[Math.min(callTimes.length, script.length) - 1] ?? 'gemini';
    if (step === 'gemini') {
      fake.answer = {};
      health = OK;
      return;
    }
    fake.answer = { isFallback: true, fallbackReason: step.reason, model: LOCAL_SUMMARIZER_MODEL };
    const reason =
      step.reason === 'rate_limited' ? 'rate_limited' : step.down ? 'unavailable' : null;
    health =
      reason === null
        ? OK
        : {
            status: 'degraded',
            engine: 'gemini',
            reason,
            description: `degraded: Gemini ${reason}`,
            action: 'wait',
            retryAfterMs: step.retryAfterMs,
            circuits: [],
            keyRejection: null,
          };
  };
  t = await createTestApp({
    deps: { summarizer: fake },
    config: { jobs: { retryLimit: 2, maxRetryDelaySeconds: 4 } },
  });
  await t.startWorkers(1);
});

afterAll(async () => {
  await t.destroy();
});

beforeEach(async () => {
  callTimes = [];
  health = OK;
  user = await t.createUser({ credits: 3 });
});

const queueText = () => queueTextJob(t, user.token, TEXT);
const finished = (jobId: string, timeoutMs = 20_000) =>
  finishedTextJob(t, user.token, jobId, timeoutMs);
const reasons = () => ledgerOf(t, user.user.id);

describe('a queued job while Gemini cannot answer', () => {
  it("rate-limited: tries again after the server's delay, and stores Gemini's summary", async () => {
    // The test queue's own backoff would retry within 2 s; the server asked for 3.
    script = [{ reason: 'rate_limited', retryAfterMs: 3_000 }, 'gemini'];
    const status = await finished(await queueText());
    expect(status.state).toBe('completed');
    expect(status.summary).toMatchObject({
      isFallback: false,
      fallbackReason: null,
      aiModel: FAKE_MODEL,
    });
    expect(callTimes).toHaveLength(2);
    const waited = (callTimes[1] ?? 0) - (callTimes[0] ?? 0);
    expect(waited).toBeGreaterThanOrEqual(2_900);
    expect(await reasons()).toEqual(['signup:3', 'summary:-1']);
  });

  it('down on every attempt: the last attempt keeps the Quick Summary and its reason', async () => {
    script = [{ reason: 'unavailable', retryAfterMs: 1_000, down: true }];
    const status = await finished(await queueText());
    expect(status.state).toBe('completed');
    expect(status.summary).toMatchObject({
      isFallback: true,
      fallbackReason: 'unavailable',
      aiModel: LOCAL_SUMMARIZER_MODEL,
    });
    // The first attempt and the two retries of the test queue.
    expect(callTimes).toHaveLength(3);
    expect(await reasons()).toEqual(['signup:3', 'summary:-1']);
  });

  it('a delay longer than the cap waits the cap', async () => {
    script = [{ reason: 'rate_limited', retryAfterMs: 10 * 60_000 }, 'gemini'];
    const jobId = await queueText();
    const deadline = Date.now() + 10_000;
    let row: { state: string; retry_delay: number; retry_backoff: boolean } | undefined;
    while (Date.now() < deadline) {
      const result = await sql<{ state: string; retry_delay: number; retry_backoff: boolean }>`
        select state, retry_delay, retry_backoff from ${sql.table(`${t.config.jobs.schema}.job`)}
        where id = ${jobId}
      `.execute(t.db);
      row = result.rows[0];
      if (row?.state === 'retry') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(row).toEqual({ state: 'retry', retry_delay: 4, retry_backoff: false });
    const status = await finished(jobId);
    expect(status.summary).toMatchObject({ isFallback: false });
  });

  it('a request Gemini refused (unavailable, Gemini itself up): the Quick Summary at once', async () => {
    script = [{ reason: 'unavailable', retryAfterMs: 0 }];
    const status = await finished(await queueText());
    expect(status.summary).toMatchObject({ isFallback: true, fallbackReason: 'unavailable' });
    expect(callTimes).toHaveLength(1);
  });

  it("a time-out with no delay known: the queue's own backoff, then Gemini", async () => {
    script = [{ reason: 'timeout', retryAfterMs: 0 }, 'gemini'];
    const status = await finished(await queueText());
    expect(status.summary).toMatchObject({ isFallback: false });
    expect(callTimes).toHaveLength(2);
  });

  it('blocked is no passing trouble: the Quick Summary is kept at once', async () => {
    script = [{ reason: 'blocked', retryAfterMs: 0 }];
    const status = await finished(await queueText());
    expect(status.summary).toMatchObject({ isFallback: true, fallbackReason: 'blocked' });
    expect(callTimes).toHaveLength(1);
  });

  it('a live request keeps the fast fallback', async () => {
    script = [{ reason: 'rate_limited', retryAfterMs: 30_000 }];
    const res = await t.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: { content: TEXT },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { summary: SummaryDto } };
    expect(body.data.summary).toMatchObject({ isFallback: true, fallbackReason: 'rate_limited' });
    expect(callTimes).toHaveLength(1);
  });
});
