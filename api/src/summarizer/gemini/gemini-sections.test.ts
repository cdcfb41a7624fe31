import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSummarizer } from '../create-summarizer';
import { fitsInput, inputSections } from './gemini-summarizer';
import { LOCAL_SUMMARIZER_MODEL } from '../local/local-summarizer';
import { numberSentences } from '../text/sentence-segmenter';
import { streamSummary } from '../summary-stream';
import type { SummarizeInput, SummarizerLogger, SummaryResult } from '../summarizer';
import { buildLongDocument, sectionAt } from '../../test/long-document';
import { geminiAnswer, geminiFailure, startFakeGemini } from '../../test/fake-gemini';
import type { FakeGemini, FakeGeminiRequest, GeminiItem } from '../../test/fake-gemini';

const MODEL = 'gemini-flash-latest';
/** About 40,000 characters under ten headings; 4,000 tokens force five sections or so. */
const DOCUMENT = buildLongDocument({ chars: 40_000 });
const MAX_INPUT_TOKENS = 4_000;

const fakes: FakeGemini[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

interface RequestBody {
  contents: { parts: { text: string }[] }[];
  systemInstruction?: { parts: { text: string }[] };
}

/** The numbered lines a request shows ("[3] The …" → number 3 and its text). */
function linesOf(request: FakeGeminiRequest): { number: number; text: string }[] {
  const body = request.body as RequestBody;
  const document = body.contents[0]?.parts[0]?.text ?? '';
  return [...document.matchAll(/^\[(\d+)\] (.*)$/gmu)].map((match) => ({
    number: Number(match[1]),
    text: match[2] ?? '',
  }));
}

function isCombining(request: FakeGeminiRequest): boolean {
  const body = request.body as RequestBody;
  return (body.systemInstruction?.parts[0]?.text ?? '').includes('summaries of consecutive parts');
}

/** Answers a section with its first and last sentences; the combining call with every third. */
function echo(response: ServerResponse, request: FakeGeminiRequest): void {
  const lines = linesOf(request).filter((line) => line.text.endsWith('.'));
  const picked = isCombining(request)
    ? lines.filter((_, index) => index % 3 === 0)
    : [lines[0], lines[lines.length - 1]];
  const items: GeminiItem[] = picked
    .filter((line) => line !== undefined)
    .map((line) => ({ text: line.text, sources: [line.number] }));
  geminiAnswer(items)(response, request);
}

async function summarizerWith(
  responder: (response: ServerResponse, request: FakeGeminiRequest) => void,
) {
  const fake = await startFakeGemini([responder]);
  fakes.push(fake);
  const logger: SummarizerLogger = { warn: vi.fn(), error: vi.fn() };
  const summarizer = createSummarizer({
    geminiApiKey: 'test-key',
    geminiModel: MODEL,
    geminiBaseUrl: fake.baseUrl,
    timeoutMs: 5_000,
    maxRetries: 0,
    maxInputTokens: MAX_INPUT_TOKENS,
    logger,
  });
  return { fake, summarizer, logger };
}

const INPUT: SummarizeInput = {
  text: DOCUMENT.text,
  customPrompt: null,
  length: 'medium',
  format: 'paragraph',
};

/** Every span of the result quotes the original text, and its entry says what it quotes. */
function expectSpansInOriginal(result: SummaryResult): void {
  for (const entry of result.sourceMap) {
    expect(entry.sources.length).toBeGreaterThan(0);
    for (const span of entry.sources) {
      expect(DOCUMENT.text.slice(span.start, span.end)).toBe(entry.text);
    }
  }
}

describe('inputSections', () => {
  it('cuts a numbered document into sections that fit, numbered from 1, offsets kept', () => {
    const units = numberSentences(DOCUMENT.text);
    expect(fitsInput(units, MAX_INPUT_TOKENS)).toBe(false);
    expect(fitsInput(units, 900_000)).toBe(true);
    const sections = inputSections(units, MAX_INPUT_TOKENS);
    expect(sections.length).toBeGreaterThan(2);
    for (const section of sections) {
      expect(fitsInput(section, MAX_INPUT_TOKENS)).toBe(true);
      expect(section.map((unit) => unit.number)).toEqual(section.map((_, index) => index + 1));
    }
    expect(sections.flat().map((unit) => unit.start)).toEqual(units.map((unit) => unit.start));
    // Sections end at paragraphs: none starts within one.
    for (const section of sections.slice(1)) {
      const first = section[0];
      const before = units[units.findIndex((unit) => unit.start === first?.start) - 1];
      expect(before?.block).not.toBe(first?.block);
    }
  });
});

describe('Gemini on a document over its input limit', () => {
  it('summarizes each section, then combines them; spans point into the original text', async () => {
    const { fake, summarizer } = await summarizerWith(echo);
    const sections = inputSections(numberSentences(DOCUMENT.text), MAX_INPUT_TOKENS);
    const result = await summarizer.summarize(INPUT);
    expect(result.isFallback).toBe(false);
    expect(fake.requests).toHaveLength(sections.length + 1);
    expect(fake.requests.filter(isCombining)).toHaveLength(1);
    expect(isCombining(fake.requests[fake.requests.length - 1] as FakeGeminiRequest)).toBe(true);
    // Each section is shown on its own, numbered from 1.
    for (const request of fake.requests.filter((request) => !isCombining(request))) {
      expect(linesOf(request)[0]?.number).toBe(1);
      expect(linesOf(request).length).toBeLessThan(numberSentences(DOCUMENT.text).length);
    }
    expectSpansInOriginal(result);
    const drawnOn = new Set(
      result.sourceMap.map((entry) => sectionAt(DOCUMENT, entry.sources[0]?.start ?? -1)),
    );
    expect(drawnOn.size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...drawnOn)).toBeGreaterThanOrEqual(7);
    expect(result.keywords.length).toBeGreaterThan(0);
  });

  it('asks for at most two sections at a time', async () => {
    let open = 0;
    let most = 0;
    const { summarizer } = await summarizerWith((response, request) => {
      open++;
      most = Math.max(most, open);
      setTimeout(() => {
        open--;
        echo(response, request);
      }, 40);
    });
    const result = await summarizer.summarize(INPUT);
    expect(result.isFallback).toBe(false);
    expect(most).toBe(2);
  });

  it('falls back to the local summarizer when a section fails with a 500', async () => {
    const { summarizer, logger } = await summarizerWith((response, request) => {
      const failing = linesOf(request).some((line) => line.text.includes('glacier'));
      if (failing) geminiFailure(500)(response, request);
      else echo(response, request);
    });
    const result = await summarizer.summarize(INPUT);
    expect(result.isFallback).toBe(true);
    expect(result.fallbackReason).toBe('unavailable');
    expect(result.model).toBe(LOCAL_SUMMARIZER_MODEL);
    expectSpansInOriginal(result);
    expect(logger.warn).toHaveBeenCalled();
  });

  it('falls back when the sections cannot all be summarized before the deadline', async () => {
    const fake = await startFakeGemini([
      (response, request) => setTimeout(() => echo(response, request), 400),
    ]);
    fakes.push(fake);
    const summarizer = createSummarizer({
      geminiApiKey: 'test-key',
      geminiModel: MODEL,
      geminiBaseUrl: fake.baseUrl,
      timeoutMs: 5_000,
      deadlineMs: 1_000,
      maxInputTokens: MAX_INPUT_TOKENS,
      logger: { warn: vi.fn() },
    });
    const result = await summarizer.summarize(INPUT);
    expect(result.isFallback).toBe(true);
    expect(result.fallbackReason).toBe('timeout');
    // The first two sections were asked for; no later one.
    expect(fake.requests).toHaveLength(2);
  });

  it('throws a section’s passing failure for a queued job instead of falling back', async () => {
    const { summarizer } = await summarizerWith((response, request) => {
      if (linesOf(request).some((line) => line.text.includes('glacier'))) {
        geminiFailure(503)(response, request);
      } else echo(response, request);
    });
    await expect(
      summarizer.summarize(INPUT, undefined, { throwPassing: true }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });

  it('merges the sections in order when the combining call fails', async () => {
    const { summarizer, logger } = await summarizerWith((response, request) => {
      if (isCombining(request)) geminiFailure(500)(response, request);
      else echo(response, request);
    });
    const result = await summarizer.summarize({ ...INPUT, format: 'bullets' });
    expect(result.isFallback).toBe(false);
    expect(result.model).toBe(MODEL);
    expectSpansInOriginal(result);
    const starts = result.sourceMap.map((entry) => entry.sources[0]?.start ?? -1);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const line of result.summary.split('\n')) expect(line.startsWith('- ')).toBe(true);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('merging them in order'),
      expect.anything(),
    );
  });

  it('merges without a combining call when the parts’ sentences are over the limit too', async () => {
    const { fake, summarizer } = await summarizerWith((response, request) => {
      // Every sentence of the section: the parts are as long as the document.
      const items = linesOf(request)
        .filter((line) => line.text.endsWith('.'))
        .slice(0, -1)
        .map((line) => ({ text: line.text, sources: [line.number] }));
      geminiAnswer(items)(response, request);
    });
    const result = await summarizer.summarize(INPUT);
    expect(result.isFallback).toBe(false);
    expect(fake.requests.filter(isCombining)).toHaveLength(0);
    expect(result.sourceMap).toHaveLength(12);
    expectSpansInOriginal(result);
  });

  it('keeps a TL;DR to one sentence', async () => {
    const { summarizer } = await summarizerWith(echo);
    const result = await summarizer.summarize({ ...INPUT, format: 'tldr' });
    expect(result.isFallback).toBe(false);
    expect(result.sourceMap).toHaveLength(1);
    expectSpansInOriginal(result);
  });

  it('streams the combined summary sentence by sentence', async () => {
    const { fake, summarizer } = await summarizerWith(echo);
    const events = [];
    for await (const event of streamSummary(summarizer, INPUT)) events.push(event);
    const done = events[events.length - 1];
    if (done?.type !== 'done') throw new Error('the stream did not end with done');
    const deltas = events.flatMap((event) => (event.type === 'delta' ? [event.text] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(done.result.summary);
    expect(events.some((event) => event.type === 'reset')).toBe(false);
    expect(done.result.isFallback).toBe(false);
    expectSpansInOriginal(done.result);
    expect(fake.requests.filter(isCombining)).toHaveLength(1);
  });

  it('streams a reset and the local summary when a section fails', async () => {
    const { summarizer } = await summarizerWith((response, request) => {
      if (linesOf(request).some((line) => line.text.includes('theatre'))) {
        geminiFailure(500)(response, request);
      } else echo(response, request);
    });
    const events = [];
    for await (const event of streamSummary(summarizer, INPUT)) events.push(event);
    expect(events[0]).toEqual({ type: 'reset', reason: 'unavailable' });
    const done = events[events.length - 1];
    if (done?.type !== 'done') throw new Error('the stream did not end with done');
    expect(done.result.isFallback).toBe(true);
  });

  it('summarizes in one call while the document fits', async () => {
    const fake = await startFakeGemini([echo]);
    fakes.push(fake);
    const summarizer = createSummarizer({
      geminiApiKey: 'test-key',
      geminiModel: MODEL,
      geminiBaseUrl: fake.baseUrl,
      timeoutMs: 5_000,
      logger: { warn: vi.fn() },
    });
    const result = await summarizer.summarize(INPUT);
    expect(result.isFallback).toBe(false);
    expect(fake.requests).toHaveLength(1);
    expectSpansInOriginal(result);
  });
});
