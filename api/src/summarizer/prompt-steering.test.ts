import { describe, expect, it } from 'vitest';
import { DEFAULT_STEERING, parseSummaryPrompt } from './prompt-steering';

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
