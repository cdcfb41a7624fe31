import { afterAll, describe, expect, it } from 'vitest';
import { createLocalSummarizer, summarizeWithPrompt } from './local-summarizer';
import { closeLocalSummarizerPool, THREAD_MIN_CHARS } from './local-summarizer-pool';
import type { SummarizeInput } from '../summarizer';

/*
 * A long document is summarized locally in a worker thread (issue 27): the same summary as
 * inline, while the event loop keeps turning.
 */

const TOPICS = ['harbour', 'schools', 'hospital', 'reservoir', 'orchards', 'housing', 'library'];

function longReport(characters: number): string {
  const paragraphs: string[] = [];
  let length = 0;
  for (let index = 0; length < characters; index += 1) {
    const topic = TOPICS[index % TOPICS.length] ?? '';
    const paragraph =
      `The ${topic} report for district ${index} found a change of ${(index * 7) % 41} percent. ` +
      `Officials said the ${topic} figures were ${index % 3 === 0 ? 'better' : 'worse'} than expected. ` +
      `Residents asked for monthly reporting on the ${topic} and for a review by spring.`;
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join('\n\n');
}

afterAll(() => closeLocalSummarizerPool());

describe('the local summarizer on a long document', () => {
  it('summarizes in a thread exactly as inline, without holding the event loop', async () => {
    const input: SummarizeInput = {
      text: longReport(500_000),
      customPrompt: null,
      length: 'medium',
      format: 'paragraph',
    };
    expect(input.text.length).toBeGreaterThan(THREAD_MIN_CHARS);
    const local = createLocalSummarizer();
    // The thread starts (and loads its modules) before the clock runs.
    await local.summarize({ ...input, text: longReport(60_000) });
    let lateMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      lateMs = Math.max(lateMs, now - last - 10);
      last = now;
    }, 10);
    const result = await local.summarize(input);
    clearInterval(ticker);
    const inline = summarizeWithPrompt(input);
    expect(result.summary).toBe(inline.summary);
    expect(result.sourceMap).toEqual(inline.sourceMap);
    expect(result.keywords).toEqual(inline.keywords);
    expect(lateMs).toBeLessThan(100);
  });

  it('reads a long document in its language in the thread as inline (stop words, stems, rules)', async () => {
    const paragraph =
      'Die Stadtverwaltung plant neue Radwege am 12. Juni. Der Stadtrat stimmt z. B. über die ' +
      'Radwege ab, die Dr. med. Meyer vorgeschlagen hat. Die Häuser der Innenstadt werden entlastet.';
    const input: SummarizeInput = {
      text: Array.from({ length: 1_200 }, (_, i) => `${paragraph} Absatz ${i}.`).join('\n\n'),
      customPrompt: null,
      length: 'medium',
      format: 'paragraph',
      sourceLanguage: 'de',
    };
    expect(input.text.length).toBeGreaterThan(THREAD_MIN_CHARS);
    const result = await createLocalSummarizer().summarize(input);
    const inline = summarizeWithPrompt(input);
    expect(result.summary).toBe(inline.summary);
    expect(result.keywords).toEqual(inline.keywords);
    // German rules: the ordinal and "z. B." stay inside their sentence.
    expect(inline.sourceMap.every((entry) => !/^(?:Juni|B\.)/u.test(entry.text))).toBe(true);
  });

  it('summarizes a short text inline, as before', async () => {
    const text = longReport(2_000);
    const result = await createLocalSummarizer().summarize({
      text,
      customPrompt: null,
      length: 'short',
      format: 'bullets',
    });
    expect(result.summary).toBe(
      summarizeWithPrompt({ text, customPrompt: null, length: 'short', format: 'bullets' }).summary,
    );
  });
});
