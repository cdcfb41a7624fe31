import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SummaryDto } from '../../domain/summary-response';
import type {
  AppSummarizer,
  SummarizerHealth,
  SummarizerLogger,
} from '../../summarizer/summarizer';
import {
  geminiBadKey,
  geminiFailure,
  geminiRateLimited,
  startFakeGemini,
} from '../../test/fake-gemini';
import type { FakeGemini } from '../../test/fake-gemini';
import { BRIDGE_DOCUMENT, BRIDGE_SUMMARY, fakeGeminiSummarizer } from '../../test/gemini-jobs';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';

/*
 * Issue 16, item 11: a configured Gemini that cannot answer (a rejected key, a rate limit, an
 * outage) shows in /api/ready as `degraded` with what to do, still 200 (readers get Quick
 * Summaries; only the database makes the API unready), and in the metrics. The app's real
 * summarizer against a fake Gemini on 127.0.0.1.
 */

const TOKEN = 'metrics-token-for-tests-0123';
let gemini: FakeGemini;
let summarizer: AppSummarizer;
let t: TestApp;
let user: TestUser;
const logged: { level: 'warn' | 'error'; message: string }[] = [];

beforeAll(async () => {
  gemini = await startFakeGemini();
  const logger: SummarizerLogger = {
    warn: (message) => logged.push({ level: 'warn', message }),
    error: (message) => logged.push({ level: 'error', message }),
  };
  summarizer = fakeGeminiSummarizer(gemini.baseUrl, {
    circuitBreaker: { failureThreshold: 2, cooldownMs: 10_000 },
    logger,
  });
  t = await createTestApp({ deps: { summarizer }, env: { METRICS_TOKEN: TOKEN } });
});

afterAll(async () => {
  await t.destroy();
  await gemini.close();
});

beforeEach(async () => {
  logged.splice(0);
  user = await t.createUser({ credits: 10 });
});

async function summarize(): Promise<SummaryDto> {
  const res = await t.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: { content: BRIDGE_DOCUMENT },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { summary: SummaryDto } }).data.summary;
}

async function ready(): Promise<{
  status: number;
  data: { status: string; summarizer: SummarizerHealth };
}> {
  const res = await t.request('/api/ready', { headers: { Authorization: `Bearer ${TOKEN}` } });
  const body = (await res.json()) as { data: { status: string; summarizer: SummarizerHealth } };
  return { status: res.status, data: body.data };
}

async function metrics(): Promise<string> {
  const res = await t.request('/api/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('/api/ready and the metrics while Gemini cannot answer', () => {
  it('ok while Gemini answers', async () => {
    gemini.answer(BRIDGE_SUMMARY);
    expect(await summarize()).toMatchObject({ isFallback: false });
    const { status, data } = await ready();
    expect(status).toBe(200);
    expect(data.status).toBe('ready');
    expect(data.summarizer).toMatchObject({
      status: 'ok',
      engine: 'gemini',
      reason: null,
      action: null,
      circuits: [{ model: 'gemini-flash-latest', state: 'closed', reason: null, retryAfterMs: 0 }],
      keyRejection: null,
    });
    const text = await metrics();
    expect(text).toMatch(/^brevity_summarizer_degraded\{reason="key_rejected"\} 0$/m);
    expect(text).toMatch(
      /^brevity_gemini_circuit_state\{model="gemini-flash-latest",state="closed"\} 1$/m,
    );
  });

  it.each([
    ['400 API_KEY_INVALID', geminiBadKey, 400],
    ['403', geminiFailure(403), 403],
  ])(
    'a rejected key (%s): degraded with the fix, logged once, 200; well again once Gemini answers',
    async (_case, responder, httpStatus) => {
      gemini.answer(responder);
      const first = await summarize();
      expect(first).toMatchObject({ isFallback: true, fallbackReason: 'unavailable' });
      await summarize();

      const { status, data } = await ready();
      expect(status).toBe(200);
      expect(data.status).toBe('degraded');
      expect(data.summarizer).toMatchObject({
        status: 'degraded',
        engine: 'gemini',
        reason: 'key_rejected',
        description: 'degraded: Gemini key rejected',
        keyRejection: { status: httpStatus },
      });
      expect(data.summarizer.action).toContain('Set GEMINI_API_KEY to a valid key');
      expect(Date.parse(data.summarizer.keyRejection?.at ?? '')).toBeGreaterThan(
        Date.now() - 60_000,
      );
      const errors = logged.filter((entry) => entry.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]?.message).toContain(data.summarizer.action ?? '-');

      const text = await metrics();
      expect(text).toMatch(/^brevity_summarizer_degraded\{reason="key_rejected"\} 1$/m);
      expect(text).toMatch(/^brevity_summarizer_degraded\{reason="rate_limited"\} 0$/m);

      // The key is fixed (here: the fake accepts it again); the next answer clears it.
      gemini.answer(BRIDGE_SUMMARY);
      expect(await summarize()).toMatchObject({ isFallback: false });
      const after = await ready();
      expect(after.data.status).toBe('ready');
      expect(after.data.summarizer).toMatchObject({ status: 'ok', keyRejection: null });
      expect(await metrics()).toMatch(/^brevity_summarizer_degraded\{reason="key_rejected"\} 0$/m);
    },
  );

  it('rate-limited: degraded with the wait and the open circuit, then well after the probe', async () => {
    gemini.answer(geminiRateLimited('1s'), BRIDGE_SUMMARY);
    expect(await summarize()).toMatchObject({ isFallback: true, fallbackReason: 'rate_limited' });
    const { status, data } = await ready();
    expect(status).toBe(200);
    expect(data.status).toBe('degraded');
    expect(data.summarizer).toMatchObject({
      reason: 'rate_limited',
      description: 'degraded: Gemini rate-limited',
      circuits: [{ model: 'gemini-flash-latest', state: 'open', reason: 'rate_limited' }],
    });
    expect(data.summarizer.retryAfterMs).toBeGreaterThan(0);
    expect(data.summarizer.retryAfterMs).toBeLessThanOrEqual(1_000);
    const text = await metrics();
    expect(text).toMatch(/^brevity_summarizer_degraded\{reason="rate_limited"\} 1$/m);
    expect(text).toMatch(
      /^brevity_gemini_circuit_state\{model="gemini-flash-latest",state="open"\} 1$/m,
    );

    // Once the wait is over, the next summary is the probe; Gemini answers, all is well again.
    await until(() => summarizer.health().circuits[0]?.state === 'half_open');
    expect((await ready()).data.summarizer.circuits[0]?.state).toBe('half_open');
    expect(await summarize()).toMatchObject({ isFallback: false });
    expect((await ready()).data).toMatchObject({ status: 'ready', summarizer: { status: 'ok' } });
  });

  it('down (5xx past the threshold): degraded, unavailable', async () => {
    gemini.answer(geminiFailure(503));
    await summarize();
    await summarize();
    const { status, data } = await ready();
    expect(status).toBe(200);
    expect(data.summarizer).toMatchObject({
      status: 'degraded',
      reason: 'unavailable',
      circuits: [{ state: 'open', reason: 'unavailable' }],
    });
    expect(data.summarizer.action).toContain('GEMINI_BASE_URL');
    expect(await metrics()).toMatch(/^brevity_summarizer_degraded\{reason="unavailable"\} 1$/m);
  });
});
