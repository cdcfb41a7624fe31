import { expect } from 'vitest';
import type { SummaryDto } from '../domain/summary-response';
import type { CircuitBreakerOptions } from '../summarizer/gemini/circuit-breaker';
import { createSummarizer } from '../summarizer/create-summarizer';
import type { AppSummarizer, SummarizerLogger } from '../summarizer/summarizer';
import { listCreditMovements } from './credit-ledger';
import { geminiAnswer } from './fake-gemini';
import type { TestApp } from './test-app';

/*
 * What the tests of the app's real summarizer against the fake Gemini share: the document and
 * Gemini's answer to it, the summarizer pointed at the fake, and queueing a text job and
 * waiting for its end, with the user's ledger and balance to check the money afterwards.
 */

/** A five-sentence news item every fake-Gemini test summarizes. */
export const BRIDGE_DOCUMENT =
  'The city council voted on Tuesday to build a new bridge over the river. ' +
  'The bridge will cost 48 million dollars and take three years to finish. ' +
  'Construction starts in March, when the river is low. ' +
  'Traffic will be diverted over the old ferry road during the works. ' +
  'Residents asked for a footpath and a cycle lane on the new bridge.';

/** Gemini's answer to BRIDGE_DOCUMENT: one sentence, from its first, by model version `…-001`. */
export const BRIDGE_SUMMARY = geminiAnswer(
  [{ text: 'The council will build a bridge over the river.', sources: [1] }],
  { modelVersion: 'gemini-2.5-flash-001' },
);

/**
 * The app's summarizer against a fake Gemini at `baseUrl`: one request per call (no retries of
 * its own), with the breaker and logger given (a silent logger by default).
 */
export function fakeGeminiSummarizer(
  baseUrl: string,
  options: { circuitBreaker?: CircuitBreakerOptions; logger?: SummarizerLogger } = {},
): AppSummarizer {
  return createSummarizer({
    geminiApiKey: 'test-key',
    geminiModel: 'gemini-flash-latest',
    geminiBaseUrl: baseUrl,
    maxRetries: 0,
    circuitBreaker: options.circuitBreaker,
    logger: options.logger ?? { warn: () => undefined, error: () => undefined },
  });
}

/** GET /api/summaries/job/:jobId's data, as the job tests read it. */
export interface TextJobStatus {
  state: 'queued' | 'active' | 'completed' | 'failed';
  summary?: SummaryDto;
  error?: string;
}

/** Queues `content` as a text job (POST /api/summaries/async, 202) and returns its id. */
export async function queueTextJob(t: TestApp, token: string, content: string): Promise<string> {
  const res = await t.request('/api/summaries/async', { method: 'POST', token, json: { content } });
  expect(res.status).toBe(202);
  return ((await res.json()) as { data: { jobId: string } }).data.jobId;
}

/** Polls the text job until it is completed or failed; throws after `timeoutMs`. */
export async function finishedTextJob(
  t: TestApp,
  token: string,
  jobId: string,
  timeoutMs: number,
): Promise<TextJobStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request(`/api/summaries/job/${jobId}?queue=text-summary`, { token });
    const status = ((await res.json()) as { data: TextJobStatus }).data;
    if (status.state === 'completed' || status.state === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`Job ${jobId} still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The user's credit movements, oldest first, as `reason:amount`. */
export async function ledgerOf(t: TestApp, userId: string): Promise<string[]> {
  return (await listCreditMovements(t.db, userId)).map((row) => `${row.reason}:${row.amount}`);
}

/** The user's balance as stored. */
export async function creditsOf(t: TestApp, userId: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.credits;
}
