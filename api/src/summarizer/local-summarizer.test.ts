import { describe, expect, it } from 'vitest';
import {
  createLocalSummarizer,
  LOCAL_SUMMARIZER_MODEL,
  summarizeExtractive,
} from './local-summarizer';
import { parseSummaryPrompt } from './prompt-steering';
import { segmentSentences } from './sentence-segmenter';

const NEWS = `City council approves new bridge over the Elm River

The city council voted 7 to 2 on Tuesday to approve a new pedestrian bridge over the Elm River, ending a decade-long debate about how to connect the north and south districts. The bridge will cost an estimated $48 million and is expected to open in the spring of 2027. Mayor Linda Ortiz called the vote "a turning point for the city" and said the bridge would cut commuting times for thousands of residents. Construction is scheduled to begin in March, once the final environmental permits for the bridge are issued.

Two council members voted against the plan, arguing that the budget had grown by $12 million since the first proposal in 2019. Councillor James Park said the city should have spent the money on repairing existing roads. The budget will be covered by a state grant of $30 million and by a municipal bond.

Local business owners welcomed the decision. "More people walking across means more customers for us," said Ana Silva, who runs a bakery near the river. Environmental groups have asked the city to protect the nesting sites of river birds during construction of the bridge. The engineering firm Hartley & Co. will design the bridge, which will be 240 metres long. Public hearings on the final design will take place in January. The council also approved a smaller plan to add bicycle lanes on Main Street.`;

const TECHNICAL = `# Brevity command-line tool

The Brevity command-line tool summarizes text files from a terminal. It reads plain text or .docx files and prints a summary of each file to standard output.

## Installation

Install the tool with your package manager. The tool requires Node.js 20 or later.

- Run \`npm install -g brevity-cli\` to install the tool globally.
- Check the installation of the tool with \`brevity --version\`.
- On Windows, restart the terminal after installing.

## Usage

Pass one or more files to the tool. Each file is summarized separately, and the summaries are printed in the order of the files.

1. Use \`--sentences N\` to limit each summary to N sentences.
2. Use \`--bullets\` to print each summary as a bulleted list.
3. Use \`--focus TOPIC\` to favour sentences about a topic.

## Configuration

The tool reads its settings from a configuration file in your home directory. Settings given on the command line override the configuration file. The configuration file uses the JSON format.

## Troubleshooting

If the tool prints no summary, check that the file is encoded as UTF-8. Files larger than 10 MB are rejected by the tool with an error message.`;

const FRENCH = `Le conseil municipal de Lyon a adopté mardi un plan ambitieux pour réduire la circulation automobile dans le centre-ville. Le plan prévoit la création de vingt kilomètres de pistes cyclables d'ici 2026. La maire a déclaré que la qualité de l'air du centre-ville était devenue une priorité pour les habitants. Plusieurs commerçants du centre-ville craignent toutefois une baisse de leur chiffre d'affaires. Selon eux, les clients venant des communes voisines auront plus de mal à se garer. La municipalité promet de construire deux nouveaux parkings relais aux entrées de la ville. Les transports en commun seront également renforcés, avec des tramways plus fréquents le soir. Une consultation publique sur le plan aura lieu au printemps. Les associations de cyclistes ont salué une décision « historique ». Le coût total du plan est estimé à 85 millions d'euros.`;

const GERMAN = `Die Stadt Hamburg hat am Montag einen neuen Plan für den Ausbau des Hafens vorgestellt. Der Plan sieht vor, dass bis 2030 zwei neue Terminals für Containerschiffe gebaut werden. Der Bürgermeister sagte, der Hafen sei das wirtschaftliche Herz der Stadt. Umweltverbände kritisieren den Plan, weil die Elbe erneut vertieft werden müsste. Sie befürchten Schäden für Fische und Vögel im Wattenmeer. Die Kosten des Ausbaus werden auf 1,2 Milliarden Euro geschätzt. Ein Teil davon soll vom Bund kommen. Die Bürgerschaft wird im Herbst über den Plan für den Hafen abstimmen.`;

const CHINESE = `北京市政府周二宣布了一项新的空气质量改善计划。根据该计划，到2027年，全市将新增五百辆电动公交车。市政府表示，改善空气质量是市民最关心的问题之一。此外，空气质量计划还包括在城市周边种植一百万棵树。一些企业担心新的排放标准会增加生产成本。专家认为，这项计划如果能够顺利实施，将明显减少雾霾天数。市民可以通过官方网站对空气质量计划提出意见。整个计划的总投资预计为三百亿元。`;

const NO_PUNCTUATION = [
  'the river flooded the lower town after three days of heavy rain and the water reached the first floor of many houses',
  'the mayor asked residents to leave their homes and move to the school on the hill',
  'volunteers brought food blankets and dry clothes to the families who stayed in the school',
  'the army sent boats to rescue people who were trapped on the roofs of their houses',
  'engineers say the old flood wall was too low for a storm of this size',
  'the town council will meet next week to discuss building a higher flood wall and a new drainage system',
  'insurance companies have started to send experts to estimate the damage to the houses',
  'shops in the lower town will stay closed until the water has gone and the streets are clean',
].join(' ');

const defaults = parseSummaryPrompt(null);

function summarize(text: string, prompt: string | null = null): string[] {
  return summarizeExtractive(text, parseSummaryPrompt(prompt)).sentences;
}

function wordCount(sentences: string[]): number {
  return sentences.join(' ').split(/\s+/).filter(Boolean).length;
}

/** The chosen sentences are sentences of the text, in the text's order. */
function expectExtractedInOrder(text: string, sentences: string[]): void {
  const original = segmentSentences(text).map((sentence) => sentence.text);
  let previous = -1;
  for (const sentence of sentences) {
    const index = original.indexOf(sentence, previous + 1);
    expect(index, `"${sentence}" is a later sentence of the text`).toBeGreaterThan(previous);
    previous = index;
  }
}

describe('summarizeExtractive on a news article', () => {
  it('picks about a quarter of the sentences, lead first, in document order, without the title', () => {
    const sentences = summarize(NEWS);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences.length).toBeLessThanOrEqual(4);
    expect(sentences[0]).toMatch(/^The city council voted 7 to 2/);
    expect(sentences.join(' ')).not.toContain('City council approves');
    expectExtractedInOrder(NEWS, sentences);
    expect(wordCount(sentences)).toBeLessThan(0.4 * wordCount([NEWS]));
  });

  it('joins the chosen sentences with a space', () => {
    const { summary, sentences } = summarizeExtractive(NEWS, defaults);
    expect(summary).toBe(sentences.join(' '));
  });

  it('is deterministic', () => {
    const first = summarizeExtractive(NEWS, defaults);
    for (let i = 0; i < 3; i++) expect(summarizeExtractive(NEWS, defaults)).toEqual(first);
    expect(summarizeExtractive(TECHNICAL, parseSummaryPrompt('focus on configuration'))).toEqual(
      summarizeExtractive(TECHNICAL, parseSummaryPrompt('focus on configuration')),
    );
  });
});

describe('prompt steering', () => {
  it('"focus on X" raises the share of sentences about X', () => {
    const share = (sentences: string[]): number =>
      sentences.filter((sentence) => /budget/i.test(sentence)).length / sentences.length;
    const plain = summarize(NEWS);
    const focused = summarize(NEWS, 'Focus on the budget');
    expect(share(focused)).toBeGreaterThan(share(plain));
    expect(focused.filter((sentence) => /budget/i.test(sentence))).toHaveLength(2);
    expectExtractedInOrder(NEWS, focused);
  });

  it('"about X" and "emphasize X" steer the same way', () => {
    for (const prompt of ['What does it say about the birds?', 'Emphasize the birds']) {
      expect(
        summarize(NEWS, prompt).some((sentence) =>
          sentence.includes('nesting sites of river birds'),
        ),
      ).toBe(true);
    }
    expect(summarize(NEWS).some((sentence) => sentence.includes('nesting sites'))).toBe(false);
  });

  it('obeys "in N sentences", "one sentence" and caps N at the sentences there are', () => {
    expect(summarize(NEWS, 'in 2 sentences')).toHaveLength(2);
    expect(summarize(NEWS, 'Summarize in one sentence')).toHaveLength(1);
    expect(summarize(NEWS, 'in 6 sentences')).toHaveLength(6);
    expect(summarize(NEWS, 'in 25 sentences')).toHaveLength(13);
    expect(summarize(NEWS, 'in one sentence')[0]).toMatch(/^The city council voted/);
  });

  it('makes "shorter" shorter and "longer" longer than the default', () => {
    const shorter = wordCount(summarize(NEWS, 'Make it shorter'));
    const normal = wordCount(summarize(NEWS));
    const longer = wordCount(summarize(NEWS, 'Longer, with more detail'));
    expect(shorter).toBeLessThan(normal);
    expect(normal).toBeLessThan(longer);
  });

  it('writes bullet points as "- " lines', () => {
    const { summary, sentences } = summarizeExtractive(
      NEWS,
      parseSummaryPrompt('as bullet points'),
    );
    const lines = summary.split('\n');
    expect(lines).toHaveLength(sentences.length);
    expect(lines.every((line, index) => line === `- ${sentences[index]}`)).toBe(true);
    expect(summarize(NEWS, 'in 3 bullets')).toHaveLength(3);
  });

  it('gives the default summary for a prompt it does not understand', () => {
    expect(summarize(NEWS, 'Make it sound nice please')).toEqual(summarize(NEWS));
    expect(summarize(NEWS, 'Summarize the article for me')).toEqual(summarize(NEWS));
  });
});

describe('summarizeExtractive on other kinds of text', () => {
  it('summarizes a technical document without its headings or list markers', () => {
    const { summary, sentences } = summarizeExtractive(TECHNICAL, defaults);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(summary).not.toMatch(/^#|\n#|^- |^\d\. /m);
    for (const heading of ['Installation', 'Usage', 'Configuration', 'Troubleshooting']) {
      expect(sentences).not.toContain(heading);
    }
    expectExtractedInOrder(TECHNICAL, sentences);
    const bullets = summarize(TECHNICAL, 'focus on installing the tool');
    expect(
      bullets.some((sentence) => sentence.startsWith('Run `npm install -g brevity-cli`')),
    ).toBe(true);
  });

  it('summarizes French and German prose', () => {
    for (const text of [FRENCH, GERMAN]) {
      const sentences = summarize(text);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
      expectExtractedInOrder(text, sentences);
    }
    expect(summarize(FRENCH)[0]).toMatch(/^Le conseil municipal de Lyon/);
    expect(summarize(GERMAN, 'focus on Umweltverbände')).toContain(
      'Umweltverbände kritisieren den Plan, weil die Elbe erneut vertieft werden müsste.',
    );
  });

  it('summarizes Chinese, running its sentences together without spaces', () => {
    const { summary, sentences } = summarizeExtractive(CHINESE, defaults);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.every((sentence) => sentence.endsWith('。'))).toBe(true);
    expect(summary).toBe(sentences.join(''));
    expect(summary.length).toBeLessThan(CHINESE.length / 2);
    expectExtractedInOrder(CHINESE, sentences);
    expect(summarize(CHINESE, 'in 1 sentence')).toHaveLength(1);
  });

  it('summarizes text without any punctuation from fixed-length chunks', () => {
    const sentences = summarize(NO_PUNCTUATION);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(wordCount(sentences)).toBeLessThan(wordCount([NO_PUNCTUATION]));
    expect(NO_PUNCTUATION).toContain(sentences[0]);
  });

  it('returns the only sentence of a one-sentence text and nothing for blank text', () => {
    expect(summarize('The bridge opens in spring.')).toEqual(['The bridge opens in spring.']);
    expect(summarizeExtractive('', defaults)).toEqual({ summary: '', sentences: [] });
    expect(summarizeExtractive(' \n\t ', defaults)).toEqual({ summary: '', sentences: [] });
  });

  it('copes with text that has no comparable words', () => {
    expect(summarize('1234 5678. 42! ???').length).toBeGreaterThan(0);
    expect(summarize('🙂🙂🙂 — — —').length).toBeGreaterThan(0);
  });

  it('never repeats a sentence the summary already contains', () => {
    const repeated = `${'The storm closed every school in the county on Friday. '.repeat(3)}Roads were flooded near the coast. Power returned on Sunday evening. Officials praised the volunteers who helped.`;
    const sentences = summarize(repeated, 'in 3 sentences');
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('summarizes a single long paragraph of mixed abbreviations, numbers and quotes', () => {
    const paragraph =
      'Dr. Amal Haddad of the U.N. said on Monday that 3.5 million people need food aid. ' +
      '"The situation is getting worse every week," she told reporters in Geneva. ' +
      'Aid agencies, e.g. the Red Cross, have asked for $2.1 billion. ' +
      'Only 40% of that sum has been pledged so far. ' +
      'The U.N. will hold a donor conference in May.';
    const sentences = summarize(paragraph);
    expect(sentences[0]).toBe(
      'Dr. Amal Haddad of the U.N. said on Monday that 3.5 million people need food aid.',
    );
    expectExtractedInOrder(paragraph, sentences);
  });
});

describe('performance', () => {
  it('summarizes 50,000 characters well within 100 ms', () => {
    // A long, varied text: sentences built from a few hundred distinct words.
    let seed = 7;
    const next = (): number => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    const vocabulary = Array.from({ length: 600 }, (_, i) => `term${i.toString(36)}`);
    let text = '';
    while (text.length < 50_000) {
      const length = 8 + (next() % 25);
      const words = Array.from({ length }, () => vocabulary[next() % vocabulary.length]);
      text += `${words.join(' ')}. `;
      if (next() % 6 === 0) text += '\n\n';
    }
    text = text.slice(0, 50_000);

    summarizeExtractive(NEWS, defaults); // warm up the JIT as a running server would be
    const times: number[] = [];
    // The fastest of several runs measures the code, not the other test files sharing the CPU.
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      const { sentences } = summarizeExtractive(text, defaults);
      times.push(performance.now() - started);
      expect(sentences.length).toBeGreaterThan(0);
    }
    times.sort((a, b) => a - b);
    console.info(
      `local summarizer, 50,000 characters: ${times.map((time) => time.toFixed(1)).join(' / ')} ms`,
    );
    expect(times[0]).toBeLessThan(100);
  });
});

describe('createLocalSummarizer', () => {
  it('returns the summary with the local model name, isFallback and a processing time', async () => {
    const result = await createLocalSummarizer().summarize({
      text: NEWS,
      customPrompt: 'in 2 sentences',
    });
    expect(result.model).toBe(LOCAL_SUMMARIZER_MODEL);
    expect(result.model).toBe('brevity-local-extractive');
    expect(result.isFallback).toBe(true);
    expect(result.summary).toBe(
      summarizeExtractive(NEWS, parseSummaryPrompt('in 2 sentences')).summary,
    );
    expect(Number.isInteger(result.processingTimeMs)).toBe(true);
    expect(result.processingTimeMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses to start when the request is already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      createLocalSummarizer().summarize({ text: NEWS, customPrompt: null }, controller.signal),
    ).rejects.toMatchObject({ name: 'SummarizerError', code: 'ABORTED', retryable: false });
  });
});
