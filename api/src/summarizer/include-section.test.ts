import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSummarizer } from './create-summarizer';
import { summarizeWithPrompt } from './local/local-summarizer';
import { parseSummaryPrompt } from './text/prompt-steering';
import type { SummarizerLogger } from './summarizer';
import { documentSections } from '../lib/document-sections';
import { geminiAnswer, startFakeGemini } from '../test/fake-gemini';
import type { FakeGemini, FakeGeminiRequest } from '../test/fake-gemini';

/*
 * "Include: <title>" (issue 28, what the summary left out): the source view regenerates with
 * it for a section the summary does not draw on. The local summarizer then draws at least one
 * sentence from that section (and says the prompt was applied); Gemini is told which numbered
 * sentences the section spans, by number, never with the reader's words at system level.
 */

const REPORT = `# Harbour survey 2026

The harbour board surveyed the quays, the fish market and the ferry terminal this spring. The board found the harbour busier than in any year since the new terminal opened. Ferry traffic rose by a fifth, and the fish market kept its early hours all year. The board expects traffic to keep growing as the new ferry routes open next summer.

## Methods

Inspectors walked every quay twice and measured each crack in the concrete with steel gauges. Divers filmed the piles below the waterline at low tide.

## Results

Three quays need repairs within two years, and the ferry ramp needs a new hinge before the winter. The fish market roof leaks in two places and its drains are blocked. The harbour board found the ferry terminal in good order, with new lifts and a dry roof. Traffic at the terminal rose by a fifth, the busiest year the harbour has had.

## Funding

The city and the port authority will share the cost of the repairs over five years.
`;

function sectionOf(title: string) {
  const section = documentSections(REPORT).find((candidate) => candidate.title === title);
  if (!section) throw new Error(`no section ${title}`);
  return section;
}

function drawsOn(sourceMap: { sources: { start: number }[] }[], title: string): boolean {
  const { start, end } = sectionOf(title);
  return sourceMap.some((entry) =>
    entry.sources.some((source) => source.start >= start && source.start < end),
  );
}

describe('parseSummaryPrompt', () => {
  it('reads "Include: <title>" clauses, one title each, and nothing else from them', () => {
    expect(parseSummaryPrompt('Include: Methods').includeSections).toEqual(['Methods']);
    const steering = parseSummaryPrompt('Include: Methods\nInclude: Funding and costs.');
    expect(steering.includeSections).toEqual(['Methods', 'Funding and costs']);
    expect(steering.hintTerms).toEqual([]);
    expect(steering.focusTerms).toEqual([]);
    const mixed = parseSummaryPrompt('Focus on costs; include: Funding');
    expect(mixed.includeSections).toEqual(['Funding']);
    expect(mixed.focusTerms).toContain('cost');
    // "include the methods section" is the older way to keep only a part, not this.
    expect(parseSummaryPrompt('only include the methods section').includeSections).toEqual([]);
  });
});

describe('the local summarizer and "Include: <title>"', () => {
  const input = { text: REPORT, length: 'short' as const, format: 'paragraph' as const };

  it('draws at least one sentence from a section the summary left out, prompt applied', () => {
    const plain = summarizeWithPrompt({ ...input, customPrompt: null });
    expect(drawsOn(plain.sourceMap, 'Funding')).toBe(false);
    const steered = summarizeWithPrompt({ ...input, customPrompt: 'Include: Funding' });
    expect(drawsOn(steered.sourceMap, 'Funding')).toBe(true);
    expect(steered.promptApplied).toBe(true);
    expect(steered.summary).toContain('The city and the port authority will share the cost');
    // What it had chosen stays, in document order.
    for (const entry of plain.sourceMap) expect(steered.summary).toContain(entry.text);
    const starts = steered.sourceMap.map((entry) => entry.sources[0]?.start ?? 0);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('matches the title whatever its case, and keeps a TL;DR to one sentence', () => {
    const tldr = summarizeWithPrompt({
      text: REPORT,
      length: 'short',
      format: 'tldr',
      customPrompt: 'Include: methods',
    });
    expect(tldr.sourceMap).toHaveLength(1);
    expect(drawsOn(tldr.sourceMap, 'Methods')).toBe(true);
    expect(tldr.promptApplied).toBe(true);
  });

  it('judges a section with sub-sections by its own text, as the source view does', () => {
    // The report's title heads the whole text; its own text is the opening paragraph.
    const plain = summarizeWithPrompt({ ...input, customPrompt: null });
    const opening = REPORT.indexOf('The harbour board surveyed');
    const ownEnd = REPORT.indexOf('## Methods');
    const inOpening = (map: typeof plain.sourceMap) =>
      map.some((entry) =>
        entry.sources.some((source) => source.start >= opening && source.start < ownEnd),
      );
    expect(inOpening(plain.sourceMap)).toBe(false);
    const steered = summarizeWithPrompt({ ...input, customPrompt: 'Include: Harbour survey 2026' });
    expect(inOpening(steered.sourceMap)).toBe(true);
    expect(steered.promptApplied).toBe(true);
  });

  it('says the prompt was not applied for a section the text does not have', () => {
    const result = summarizeWithPrompt({ ...input, customPrompt: 'Include: Limitations' });
    expect(result.promptApplied).toBe(false);
    expect(result.summary).toBe(summarizeWithPrompt({ ...input, customPrompt: null }).summary);
  });
});

describe('Gemini and "Include: <title>"', () => {
  const fakes: FakeGemini[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  });

  interface RequestBody {
    contents: { parts: { text: string }[] }[];
    systemInstruction?: { parts: { text: string }[] };
  }

  it('is told the numbers of the section’s sentences, the title left in the reader’s part', async () => {
    let seen: FakeGeminiRequest | undefined;
    const fake = await startFakeGemini([
      (response: ServerResponse, request: FakeGeminiRequest) => {
        seen = request;
        geminiAnswer([
          { text: 'The harbour board surveyed the quays this spring.', sources: [2] },
          { text: 'The city and the port authority will share the cost.', sources: [17] },
        ])(response, request);
      },
    ]);
    fakes.push(fake);
    const logger: SummarizerLogger = { warn: vi.fn(), error: vi.fn() };
    const summarizer = createSummarizer({
      geminiApiKey: 'test-key',
      geminiModel: 'gemini-flash-latest',
      geminiBaseUrl: fake.baseUrl,
      timeoutMs: 5_000,
      maxRetries: 0,
      logger,
    });
    const result = await summarizer.summarize({
      text: REPORT,
      customPrompt: 'Include: Funding',
      length: 'short',
      format: 'paragraph',
    });
    const body = seen?.body as RequestBody;
    const instruction = body.systemInstruction?.parts.map((part) => part.text).join('') ?? '';
    const document = body.contents[0]?.parts[0]?.text ?? '';
    // The Funding section: its heading and its one sentence, by their numbers.
    const numbers = [...document.matchAll(/^\[(\d+)\] (.*)$/gmu)];
    const heading = numbers.find((match) => match[2] === 'Funding');
    const sentence = numbers.find((match) => match[2]?.startsWith('The city and the port'));
    expect(instruction).toContain(`sentences [${heading?.[1]}]–[${sentence?.[1]}]`);
    expect(instruction).toContain('at least one sentence of the summary must state');
    expect(instruction).not.toContain('Include: Funding');
    expect(body.contents[0]?.parts[1]?.text).toContain('Include: Funding');
    expect(result.isFallback).toBe(false);
  });

  it('gets no such rule when the prompt names no section the text has', async () => {
    let seen: FakeGeminiRequest | undefined;
    const fake = await startFakeGemini([
      (response: ServerResponse, request: FakeGeminiRequest) => {
        seen = request;
        geminiAnswer([{ text: 'The harbour was surveyed.', sources: [2] }])(response, request);
      },
    ]);
    fakes.push(fake);
    const summarizer = createSummarizer({
      geminiApiKey: 'test-key',
      geminiModel: 'gemini-flash-latest',
      geminiBaseUrl: fake.baseUrl,
      timeoutMs: 5_000,
      maxRetries: 0,
      logger: { warn: vi.fn(), error: vi.fn() },
    });
    await summarizer.summarize({
      text: REPORT,
      customPrompt: 'Include: Limitations',
      length: 'short',
      format: 'paragraph',
    });
    const body = seen?.body as RequestBody;
    const instruction = body.systemInstruction?.parts.map((part) => part.text).join('') ?? '';
    expect(instruction).not.toContain('"Include:"');
  });
});
