import { inflateRawSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect } from './portal.fixture';
import { apiResponse } from './summaries-api';

/** The workbench's view of a summary: the fields the journeys read beyond ApiSummary's. */
export interface WorkbenchSummary {
  id: string;
  summarizedContent: string;
  originalContent: string;
  summaryWordCount: number;
  length: 'short' | 'medium' | 'long';
  format: 'paragraph' | 'bullets' | 'tldr';
  keywords: string[];
  sourceMap: { text: string; sources: { start: number; end: number }[] }[];
  version: number;
  source: string;
  fileName: string | null;
  /** The source's headings and their spans (issue 28). */
  sections: { title: string; level: number; start: number; end: number }[];
}

/** How long a creation may take before its result shows (a queued file polls its job). */
export const CREATION_TIMEOUT = 20_000;

export const LENGTH_LABELS = { short: 'Short', medium: 'Medium', long: 'Long' } as const;
export const FORMAT_LABELS = {
  paragraph: 'Paragraph',
  bullets: 'Bullet points',
  tldr: 'TL;DR',
} as const;

/** The result card under the form. */
export function resultCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Your summary', exact: true });
}

/** A radio of the Length or Format group inside `scope`. */
export function choice(scope: Locator, group: 'Length' | 'Format', label: string): Locator {
  return scope.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label });
}

/** Picks Length and Format inside `scope` (a tab panel or the Re-prompt form). */
export async function chooseOptions(
  scope: Locator,
  length: keyof typeof LENGTH_LABELS,
  format: keyof typeof FORMAT_LABELS,
): Promise<void> {
  await choice(scope, 'Length', LENGTH_LABELS[length]).check();
  await choice(scope, 'Format', FORMAT_LABELS[format]).check();
}

/**
 * Pastes `text` on the Paste Text tab with the given Length and Format, generates, and returns
 * the summary the API answered with once the result card shows it.
 */
/** The events of a whole `text/event-stream` body (one `data` line each, as the API writes them). */
export function streamedEvents(body: string): { event: string; data: string }[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const field = (name: string) =>
        lines
          .filter((line) => line.startsWith(`${name}:`))
          .map((line) => line.slice(name.length + 1).replace(/^ /, ''))
          .join('\n');
      return { event: field('event') || 'message', data: field('data') };
    })
    .filter((event) => event.data !== '');
}

export async function generateFromText(
  page: Page,
  text: string,
  length: keyof typeof LENGTH_LABELS = 'medium',
  format: keyof typeof FORMAT_LABELS = 'paragraph',
): Promise<WorkbenchSummary> {
  const panel = page.getByRole('tabpanel', { name: 'Paste Text' });
  await chooseOptions(panel, length, format);
  await panel.getByLabel('Text to summarize').fill(text);
  // The text tab summarizes through the stream route; its `done` event carries the summary.
  const answer = apiResponse(page, 'POST', '/api/summaries/stream');
  await panel.getByRole('button', { name: 'Generate summary' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ length, format });
  const done = streamedEvents(await response.text()).find((event) => event.event === 'done');
  expect(done, 'the stream ends with done').toBeDefined();
  const { summary } = JSON.parse(done?.data ?? '{}') as { summary: WorkbenchSummary };
  await expect(resultCard(page).getByRole('heading', { name: 'Your summary' })).toBeVisible({
    timeout: CREATION_TIMEOUT,
  });
  return summary;
}

/** The summary's sentences (or items) in the result card, each a toggle button. */
export function summarySentences(scope: Locator): Locator {
  return scope.locator('.ru-sentence');
}

/** The "Original content" box of a card. */
export function originalBox(scope: Locator): Locator {
  return scope.getByRole('region', { name: 'Original content' }).last();
}

/**
 * One file of a .zip (a .docx): reads the central directory and inflates the entry (method 8)
 * or copies it (method 0).
 */
export function zipEntry(archive: Buffer, name: string): Buffer {
  const endSignature = 0x06054b50;
  let end = archive.length - 22;
  while (end >= 0 && archive.readUInt32LE(end) !== endSignature) end -= 1;
  if (end < 0) throw new Error('not a zip archive');
  const entries = archive.readUInt16LE(end + 10);
  let position = archive.readUInt32LE(end + 16);
  for (let index = 0; index < entries; index += 1) {
    if (archive.readUInt32LE(position) !== 0x02014b50) throw new Error('bad central directory');
    const method = archive.readUInt16LE(position + 10);
    const compressedSize = archive.readUInt32LE(position + 20);
    const nameLength = archive.readUInt16LE(position + 28);
    const extraLength = archive.readUInt16LE(position + 30);
    const commentLength = archive.readUInt16LE(position + 32);
    const localOffset = archive.readUInt32LE(position + 42);
    const entryName = archive.toString('utf8', position + 46, position + 46 + nameLength);
    if (entryName === name) {
      if (archive.readUInt32LE(localOffset) !== 0x04034b50) throw new Error('bad local header');
      const start =
        localOffset +
        30 +
        archive.readUInt16LE(localOffset + 26) +
        archive.readUInt16LE(localOffset + 28);
      const data = archive.subarray(start, start + compressedSize);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`unsupported zip method ${method}`);
    }
    position += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${name} is not in the archive`);
}

/** The text of WordprocessingML: each paragraph's runs joined, paragraphs on their own lines. */
export function wordText(documentXml: string): string[] {
  const unescape = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...documentXml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map((paragraph) =>
      [...paragraph[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
        .map((run) => unescape(run[1] ?? ''))
        .join(''),
    )
    .filter((text) => text.trim() !== '');
}
