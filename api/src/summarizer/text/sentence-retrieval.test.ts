import { describe, expect, it } from 'vitest';
import { segmentSentences } from './sentence-segmenter';
import { retrieveSentences } from './sentence-retrieval';

const STUDY = [
  '# Methods',
  '',
  'The trial enrolled 412 adults with mild asthma across nine clinics.',
  'Participants were randomly assigned to the new inhaler or to placebo.',
  'Funding came from the National Heart Institute; the sponsor had no role in the analysis.',
  '',
  '# Results',
  '',
  'Attacks fell by 38 percent in the inhaler group.',
  'She said the effect lasted for the whole year.',
  'Side effects were rare and mild.',
].join('\n');

describe('retrieveSentences', () => {
  it('finds the sentence that answers, with its offsets in the text and its index', () => {
    const [best] = retrieveSentences(
      STUDY,
      'What was the sample size? How many adults were enrolled?',
    );
    expect(best?.text).toBe('The trial enrolled 412 adults with mild asthma across nine clinics.');
    expect(STUDY.slice(best?.start, best?.end)).toBe(best?.text);
    const units = segmentSentences(STUDY);
    expect(units[best?.index ?? -1]?.start).toBe(best?.start);
  });

  it('matches words through the summarizer stemming (funded / funding, attacks / attack)', () => {
    expect(retrieveSentences(STUDY, 'Who funded the study?')[0]?.text).toContain(
      'National Heart Institute',
    );
    expect(retrieveSentences(STUDY, 'Did the attack rate fall?')[0]?.text).toContain('38 percent');
  });

  it('returns best first, at most `limit`, and only sentences sharing a term', () => {
    const found = retrieveSentences(STUDY, 'inhaler group', { limit: 5 });
    expect(found.map((sentence) => sentence.text)).toEqual([
      'Attacks fell by 38 percent in the inhaler group.',
      'Participants were randomly assigned to the new inhaler or to placebo.',
    ]);
    expect(found[0]?.score).toBeGreaterThan(found[1]?.score ?? Infinity);
    expect(retrieveSentences(STUDY, 'inhaler', { limit: 1 })).toHaveLength(1);
  });

  it('never returns headings, and nothing for a query of stop words or unknown words', () => {
    expect(retrieveSentences(STUDY, 'methods results').map((found) => found.text)).toEqual([]);
    expect(retrieveSentences(STUDY, 'what is it about?')).toEqual([]);
    expect(retrieveSentences(STUDY, 'volcano eruption')).toEqual([]);
    expect(retrieveSentences('', 'inhaler')).toEqual([]);
  });

  it('gives coverage: the share of the question the sentence itself contains', () => {
    const [full] = retrieveSentences(STUDY, 'side effects rare');
    expect(full?.coverage).toBeCloseTo(1);
    const [partial] = retrieveSentences(STUDY, 'side effects volcano');
    expect(partial?.coverage).toBeGreaterThan(0);
    expect(partial?.coverage).toBeLessThan(1);
  });

  it('lets a neighbour of a strong hit lift a sentence that only continues it', () => {
    const text =
      'The minister presented the harbour budget on Monday. ' +
      'She said it was cut by a third. ' +
      'Traffic on the ring road was cut too.';
    const found = retrieveSentences(text, 'Was the harbour budget cut?');
    const texts = found.map((sentence) => sentence.text);
    expect(texts[0]).toBe('The minister presented the harbour budget on Monday.');
    // Both say "cut" once; the one beside the budget sentence ranks higher.
    expect(texts.indexOf('She said it was cut by a third.')).toBeLessThan(
      texts.indexOf('Traffic on the ring road was cut too.'),
    );
  });

  it('prefers the question words side by side', () => {
    const text =
      'The report covers the water quality of the river. ' +
      'Quality checks of the water pumps and the river banks were delayed.';
    expect(retrieveSentences(text, 'water quality')[0]?.text).toBe(
      'The report covers the water quality of the river.',
    );
  });

  it('keeps UTF-16 offsets exact around emoji and CRLF line ends', () => {
    const text = 'Intro 🎉 line.\r\nThe budget rose 🎉 to 48 million.\r\nNothing else.';
    const [best] = retrieveSentences(text, 'budget');
    expect(text.slice(best?.start, best?.end)).toBe('The budget rose 🎉 to 48 million.');
  });

  it('answers a 50,000-character text quickly', () => {
    const paragraph =
      'The council met on Tuesday to discuss the harbour. Members disagreed about dredging. ' +
      'A vote on the bridge was postponed until spring. Residents asked for more buses.\n\n';
    const text = `${paragraph.repeat(Math.ceil(50_000 / paragraph.length))}The lighthouse was painted red in 1921.`;
    retrieveSentences(text, 'warm-up');
    const started = performance.now();
    const [best] = retrieveSentences(text, 'When was the lighthouse painted?');
    expect(best?.text).toBe('The lighthouse was painted red in 1921.');
    // Generous for a shared machine; the benchmark measures the real figure.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
