/** The article the journeys summarize: four paragraphs, 283 words, 1,643 characters. */
export const ARTICLE_PARAGRAPHS = [
  'Lighthouses once stood at the edge of nearly every busy coastline, and for centuries they were the only reliable way for sailors to find a harbour at night. The earliest known example, the Pharos of Alexandria, rose more than one hundred metres above the Egyptian shore and burned an open fire at its summit. For over a thousand years it guided grain ships into one of the largest ports of the ancient world.',
  'The technology changed slowly until the nineteenth century. Keepers burned wood, then coal, then whale oil, and the light rarely reached far beyond the nearest rocks. In 1822 the French physicist Augustin Fresnel designed a lens made of concentric rings of glass prisms. His lens gathered almost all of the light from a single lamp and bent it into a narrow, powerful beam that could be seen more than twenty miles out to sea.',
  'Life for the keepers was demanding and often lonely. They trimmed wicks, polished brass and glass, wound the clockwork that turned the lens, and kept a log of every passing ship and every change in the weather. On remote rock stations a keeper might not see the mainland for weeks, and storms sometimes cut off supplies of food and fresh water for much longer.',
  'Electric lamps, radio beacons and finally satellite navigation made most of that work unnecessary. By the end of the twentieth century almost every lighthouse had been automated, and the last keepers in many countries left their towers for good. Today many lighthouses survive as museums, holiday cottages and protected landmarks, while the few lights still in service run on solar power and are checked by technicians only a few times a year.',
] as const;

/** The article as pasted: paragraphs separated by blank lines. */
export const ARTICLE = ARTICLE_PARAGRAPHS.join('\n\n');

/**
 * A short text that names its number in every sentence, so its summary (and the history
 * card's preview) starts with `Report NN`, whichever sentence the summarizer picks.
 */
export function fieldReport(number: number): string {
  const label = reportLabel(number);
  return [
    `${label} describes the morning inspection of the northern harbour wall and its lights.`,
    `${label} notes that two lamps on the northern wall were replaced after the storm.`,
    `${label} records that the harbour crew cleaned the lenses and tested the fog signal.`,
    `${label} ends with a request for new paint for the northern harbour wall before winter.`,
  ].join(' ');
}

/** `Report 07`. */
export function reportLabel(number: number): string {
  return `Report ${String(number).padStart(2, '0')}`;
}

/** Characters as the app counts them: Unicode code points after trimming. */
export function characterCount(text: string): number {
  return Array.from(text.trim()).length;
}

/** The history card's preview (SPEC.md: 150 characters, with `...` when cut). */
export function previewOf(text: string): string {
  const codePoints = Array.from(text.trim());
  if (codePoints.length <= 150) return text.trim();
  return `${codePoints.slice(0, 150).join('').trimEnd()}...`;
}

/** Words separated by white space. */
export function wordCount(text: string): number {
  return text.trim().split(/\s+/u).length;
}

/** 50001 → `50,001`, as the app formats counts. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
