import { describe, expect, it } from 'vitest';
import { segmentSentences } from './sentence-segmenter';

const texts = (input: string): string[] => segmentSentences(input).map((sentence) => sentence.text);

describe('segmentSentences', () => {
  it('splits ordinary prose at sentence ends', () => {
    expect(texts('The sun rose. Birds sang! Did you hear them? Yes.')).toEqual([
      'The sun rose.',
      'Birds sang!',
      'Did you hear them?',
      'Yes.',
    ]);
  });

  it('keeps titles, initials and abbreviations inside their sentence', () => {
    expect(
      texts(
        'Mr. Smith met Dr. Jones and Prof. Lee at 5 p.m. on Jan. 4 in the U.S. Army base. ' +
          'John F. Kennedy spoke about fruit, e.g. apples, and i.e. nothing else. They left.',
      ),
    ).toEqual([
      'Mr. Smith met Dr. Jones and Prof. Lee at 5 p.m. on Jan. 4 in the U.S. Army base.',
      'John F. Kennedy spoke about fruit, e.g. apples, and i.e. nothing else.',
      'They left.',
    ]);
  });

  it('ends a sentence at an abbreviation when a new sentence clearly starts', () => {
    expect(
      texts(
        'She moved to the U.S. The move was hard. He sells pens, pencils, etc. The shop is small.',
      ),
    ).toEqual([
      'She moved to the U.S.',
      'The move was hard.',
      'He sells pens, pencils, etc.',
      'The shop is small.',
    ]);
  });

  it('does not split decimals, URLs, e-mail addresses or version numbers', () => {
    expect(
      texts(
        'Pi is about 3.14 and e is 2.718. See https://example.com/docs/v1.2/index.html?q=a.b for more. ' +
          'Write to jane.doe@example.co.uk today. Node.js 20.11 is installed.',
      ),
    ).toEqual([
      'Pi is about 3.14 and e is 2.718.',
      'See https://example.com/docs/v1.2/index.html?q=a.b for more.',
      'Write to jane.doe@example.co.uk today.',
      'Node.js 20.11 is installed.',
    ]);
  });

  it('treats ellipses as sentence ends only before a capitalized word', () => {
    expect(texts('Wait... what was that? I thought… Then it stopped. Well … maybe not.')).toEqual([
      'Wait... what was that?',
      'I thought…',
      'Then it stopped.',
      'Well … maybe not.',
    ]);
  });

  it('keeps closing quotes and brackets with their sentence and quoted questions inside it', () => {
    expect(
      texts('He said, "Stop here." Then he left. "Is it over?" she asked. (It was.) The end.'),
    ).toEqual([
      'He said, "Stop here."',
      'Then he left.',
      '"Is it over?" she asked.',
      '(It was.)',
      'The end.',
    ]);
  });

  it('recovers sentences glued together by a lost space, but not code', () => {
    expect(
      texts('The trial began in 2004.The defendant denied it. Call obj.Method() in Node.js today.'),
    ).toEqual([
      'The trial began in 2004.',
      'The defendant denied it.',
      'Call obj.Method() in Node.js today.',
    ]);
  });

  it('recognizes Markdown headings, setext headings, title lines, bullets, numbered lists and quotes', () => {
    const sentences = segmentSentences(
      [
        '# Release notes',
        '',
        'This release is faster. It is also smaller.',
        '',
        'Known issues',
        '------------',
        '- The installer needs',
        '  administrator rights.',
        '* Logs rotate daily',
        '1. Download the package.',
        '2) Run it.',
        '',
        '> Quoted advice stays a sentence.',
        '',
        'Summary',
        'Everything else works.',
      ].join('\n'),
    );
    expect(sentences.map((sentence) => [sentence.kind, sentence.text])).toEqual([
      ['heading', 'Release notes'],
      ['sentence', 'This release is faster.'],
      ['sentence', 'It is also smaller.'],
      ['heading', 'Known issues'],
      ['bullet', 'The installer needs administrator rights.'],
      ['bullet', 'Logs rotate daily'],
      ['bullet', 'Download the package.'],
      ['bullet', 'Run it.'],
      ['sentence', 'Quoted advice stays a sentence.'],
      ['heading', 'Summary'],
      ['sentence', 'Everything else works.'],
    ]);
  });

  it('joins hard-wrapped lines of one sentence and keeps blocks apart', () => {
    const sentences = segmentSentences(
      'The committee met on Monday and agreed that the\nbudget should be cut by ten percent.\n\nA vote follows.',
    );
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'The committee met on Monday and agreed that the budget should be cut by ten percent.',
      'A vote follows.',
    ]);
    expect(sentences.map((sentence) => sentence.block)).toEqual([0, 1]);
  });

  it('splits Chinese and Japanese at full-width stops without spaces', () => {
    expect(texts('今天天气很好。我们去公园散步吧！你想去吗？“好的。”最后一句')).toEqual([
      '今天天气很好。',
      '我们去公园散步吧！',
      '你想去吗？',
      '“好的。”',
      '最后一句',
    ]);
    expect(texts('東京は大きい。大阪も大きい。')).toEqual(['東京は大きい。', '大阪も大きい。']);
  });

  it('splits Hindi at the danda and Arabic at its question mark', () => {
    expect(texts('यह पहला वाक्य है। यह दूसरा वाक्य है॥ और तीसरा।')).toEqual([
      'यह पहला वाक्य है।',
      'यह दूसरा वाक्य है॥',
      'और तीसरा।',
    ]);
    expect(texts('هل هذا سؤال؟ نعم، هذا جواب. شكرا')).toEqual([
      'هل هذا سؤال؟',
      'نعم، هذا جواب.',
      'شكرا',
    ]);
  });

  it('splits German and French prose with their own abbreviations', () => {
    expect(texts('Der Zug kam z. B. um 8 Uhr an. Danach regnete es. Das war schön.')).toEqual([
      'Der Zug kam z. B. um 8 Uhr an.',
      'Danach regnete es.',
      'Das war schön.',
    ]);
    expect(texts("L'équipe a gagné. Les supporters étaient ravis ! Qui l'aurait cru ?")).toEqual([
      "L'équipe a gagné.",
      'Les supporters étaient ravis !',
      "Qui l'aurait cru ?",
    ]);
  });

  it('falls back to lines for text without any punctuation', () => {
    expect(texts('first line of notes\nsecond line of notes\n\nthird line')).toEqual([
      'first line of notes',
      'second line of notes',
      'third line',
    ]);
  });

  it('cuts text without punctuation and without lines into fixed-length chunks', () => {
    const words = Array.from({ length: 250 }, (_, i) => `word${i}`);
    const chunks = segmentSentences(words.join(' '));
    expect(chunks.length).toBe(5);
    expect(chunks.every((chunk) => chunk.text.split(' ').length <= 60)).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(words.join(' '));
  });

  it('splits a very long sentence at semicolons, then commas, keeping every word', () => {
    const clauses = Array.from({ length: 30 }, (_, i) => `clause number ${i} adds a detail`);
    const sentence = `${clauses.slice(0, 15).join(', ')}; ${clauses.slice(15).join(', ')}.`;
    const pieces = texts(sentence);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => piece.split(' ').length <= 60)).toBe(true);
    expect(pieces[0]?.endsWith(',')).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(sentence);
  });

  it('cuts very long text in a script without spaces into bounded chunks', () => {
    const text = '长'.repeat(1000);
    const chunks = texts(text);
    expect(chunks.length).toBe(4);
    expect(chunks.every((chunk) => chunk.length <= 300)).toBe(true);
    expect(chunks.join('')).toBe(text);
  });

  it('handles a single paragraph, a single word and empty input', () => {
    expect(texts('Just one sentence without an end')).toEqual(['Just one sentence without an end']);
    expect(texts('Hello')).toEqual(['Hello']);
    expect(texts('')).toEqual([]);
    expect(texts(' \n\n \t ')).toEqual([]);
  });

  it('is fast on 50,000 characters of prose', () => {
    const text = 'The council approved the plan on Monday, said Mr. Brown. '.repeat(900);
    const started = performance.now();
    const sentences = segmentSentences(text);
    expect(performance.now() - started).toBeLessThan(100);
    expect(sentences.length).toBe(900);
  });
});
