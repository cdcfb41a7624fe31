import { afterAll, describe, expect, it } from 'vitest';
import { answerFromDocument } from './local-answer';
import { answerLocallyOffThread, closeLocalAnswerPool } from './local-answer-pool';
import { THREAD_MIN_CHARS } from './local-summarizer-pool';

/*
 * A question about a long document is answered locally in a worker thread: the same answer as
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
  return `${paragraphs.join('\n\n')}\n\nThe lighthouse on the north pier was painted red in 1921.`;
}

afterAll(() => closeLocalAnswerPool());

describe('the local answer on a long document', () => {
  it('answers in a thread exactly as inline, without holding the event loop', async () => {
    const input = { text: longReport(500_000), question: 'When was the lighthouse painted?' };
    expect(input.text.length).toBeGreaterThan(THREAD_MIN_CHARS);
    // The thread starts (and loads its modules) before the clock runs.
    await answerLocallyOffThread({ ...input, text: longReport(60_000) });
    let lateMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      lateMs = Math.max(lateMs, now - last - 10);
      last = now;
    }, 10);
    const result = await answerLocallyOffThread(input);
    clearInterval(ticker);
    const inline = answerFromDocument(input.text, input.question);
    expect(result).toMatchObject({ ...inline, isFallback: true, unverified: [] });
    expect(result.answer).toBe('The lighthouse on the north pier was painted red in 1921.');
    expect(lateMs).toBeLessThan(100);
  });

  it('answers a short text inline', async () => {
    const text = longReport(2_000);
    const result = await answerLocallyOffThread({ text, question: 'Which pier has a lighthouse?' });
    expect(result.citations).toEqual(
      answerFromDocument(text, 'Which pier has a lighthouse?').citations,
    );
  });
});

describe('the local answer in the document’s language', () => {
  it('finds the German sentence across inflections in the thread, as inline', async () => {
    const filler = Array.from(
      { length: 1_500 },
      (_, i) => `Der Bericht über den Bezirk ${i} nennt neue Zahlen für die Schulen.`,
    ).join('\n\n');
    const input = {
      text: `${filler}\n\nDer Leuchtturm am Nordpier wurde 1921 rot gestrichen.`,
      question: 'Wann wurden die Leuchttürme gestrichen?',
      sourceLanguage: 'de',
    };
    expect(input.text.length).toBeGreaterThan(THREAD_MIN_CHARS);
    const result = await answerLocallyOffThread(input);
    const inline = answerFromDocument(input.text, input.question, { language: 'de' });
    expect(result.answer).toBe(inline.answer);
    expect(result.answer).toContain('1921');
  });
});
