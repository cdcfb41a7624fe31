import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTROLS,
  DEFAULT_STEERING,
  parseSummaryPrompt,
  planSummary,
} from './prompt-steering';

describe('parseSummaryPrompt', () => {
  it('gives the default steering for no prompt', () => {
    expect(parseSummaryPrompt(null)).toEqual(DEFAULT_STEERING);
    expect(parseSummaryPrompt('   ')).toEqual(DEFAULT_STEERING);
  });

  it('reads a number of sentences in digits or words', () => {
    expect(parseSummaryPrompt('in 3 sentences').sentenceCount).toBe(3);
    expect(parseSummaryPrompt('Summarize this in 1 sentence').sentenceCount).toBe(1);
    expect(parseSummaryPrompt('one sentence please').sentenceCount).toBe(1);
    expect(parseSummaryPrompt('Give me a single sentence').sentenceCount).toBe(1);
    expect(parseSummaryPrompt('five short sentences').sentenceCount).toBe(5);
    expect(parseSummaryPrompt('TL;DR').sentenceCount).toBe(1);
    expect(parseSummaryPrompt('in 500 sentences').sentenceCount).toBe(30);
    expect(parseSummaryPrompt('in 0 sentences').sentenceCount).toBeNull();
  });

  it('reads shorter and longer', () => {
    expect(parseSummaryPrompt('Make it shorter').length).toBe('shorter');
    expect(parseSummaryPrompt('a brief summary').length).toBe('shorter');
    expect(parseSummaryPrompt('Be concise.').length).toBe('shorter');
    expect(parseSummaryPrompt('Make it longer').length).toBe('longer');
    expect(parseSummaryPrompt('with more detail').length).toBe('longer');
    expect(parseSummaryPrompt('a detailed summary').length).toBe('longer');
    expect(parseSummaryPrompt('shorter, no, longer').length).toBe('default');
  });

  it('reads bullet points', () => {
    expect(parseSummaryPrompt('as bullet points').format).toBe('bullets');
    expect(parseSummaryPrompt('bullets please').format).toBe('bullets');
    expect(parseSummaryPrompt('Give me a list').format).toBe('bullets');
    expect(parseSummaryPrompt('in 4 bullet points').sentenceCount).toBe(4);
    expect(parseSummaryPrompt('in 3 sentences').format).toBe('prose');
  });

  it('reads the topic to focus on, normalized like the ranking terms', () => {
    expect(parseSummaryPrompt('Focus on the financial results').focusTerms).toEqual([
      'financial',
      'result',
    ]);
    expect(parseSummaryPrompt('What does it say about climate change?').focusTerms).toEqual([
      'climat',
      'chang',
    ]);
    expect(parseSummaryPrompt('Emphasize safety risks').focusTerms).toEqual(['safety', 'risk']);
  });

  it('reads a topic and other directives from the same prompt', () => {
    const steering = parseSummaryPrompt('Focus on the budget, in 2 sentences, as bullet points');
    expect(steering.focusTerms).toEqual(['budget']);
    expect(steering.sentenceCount).toBe(2);
    expect(steering.format).toBe('bullets');
    expect(parseSummaryPrompt('in 3 sentences about the new stadium')).toMatchObject({
      sentenceCount: 3,
      focusTerms: ['new', 'stadium'],
    });
  });

  it('does not read directives inside the topic', () => {
    const steering = parseSummaryPrompt('focus on the shopping list');
    expect(steering.focusTerms).toEqual(['shop', 'list']);
    expect(steering.format).toBe('prose');
  });

  it("keeps an unrecognised prompt's content words as a faint hint, without instruction words", () => {
    expect(parseSummaryPrompt('Please summarize the article for me')).toEqual(DEFAULT_STEERING);
    const steering = parseSummaryPrompt('What are the risks for farmers?');
    expect(steering).toMatchObject({
      focusTerms: [],
      sentenceCount: null,
      length: 'default',
      format: 'prose',
    });
    expect(steering.hintTerms).toEqual(['risk', 'farmer']);
  });
});

describe('planSummary', () => {
  const plan = (prompt: string | null, controls?: Parameters<typeof planSummary>[1]) =>
    planSummary(parseSummaryPrompt(prompt), controls);

  it('gives old clients, who send no controls, the medium paragraph', () => {
    expect(DEFAULT_CONTROLS).toEqual({ length: 'medium', format: 'paragraph' });
    expect(plan(null)).toEqual({
      focusTerms: [],
      hintTerms: [],
      sentenceCount: null,
      length: 'medium',
      format: 'paragraph',
    });
  });

  it('lets an explicit length win over the prompt, which steers only the default medium', () => {
    expect(plan('make it shorter', { length: 'long', format: 'paragraph' }).length).toBe('long');
    expect(plan('make it longer', { length: 'short', format: 'paragraph' }).length).toBe('short');
    expect(plan('make it shorter', { length: 'medium', format: 'paragraph' }).length).toBe('short');
    expect(plan('more detail', { length: 'medium', format: 'paragraph' }).length).toBe('long');
  });

  it('lets a prompt naming a number of sentences set the count whatever the length', () => {
    for (const length of ['short', 'medium', 'long'] as const) {
      expect(plan('in 3 sentences', { length, format: 'paragraph' })).toMatchObject({
        sentenceCount: 3,
        length,
      });
    }
    expect(plan('in 4 bullet points', { length: 'short', format: 'bullets' })).toMatchObject({
      sentenceCount: 4,
      format: 'bullets',
    });
  });

  it('gives bullets for a prompt asking for them only while the format is the default paragraph', () => {
    expect(plan('as bullet points', { length: 'medium', format: 'paragraph' }).format).toBe(
      'bullets',
    );
    expect(plan('as bullet points', { length: 'medium', format: 'tldr' }).format).toBe('tldr');
    expect(plan(null, { length: 'medium', format: 'bullets' }).format).toBe('bullets');
  });

  it('makes a TL;DR exactly one sentence, whatever the prompt or the length says', () => {
    for (const prompt of [null, 'in 3 sentences', 'longer', 'as a list']) {
      expect(plan(prompt, { length: 'long', format: 'tldr' })).toMatchObject({
        sentenceCount: 1,
        format: 'tldr',
      });
    }
  });

  it('keeps the focus topic under every control', () => {
    expect(plan('focus on the budget', { length: 'short', format: 'tldr' }).focusTerms).toEqual([
      'budget',
    ]);
  });
});
