import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SummaryDto } from '../../domain/summary-response';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import type { Envelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { exportSummary } from './summary-export';
import { inflateZipEntry, readZipDirectory } from '../../documents/zip-archive';

/*
 * Issue 24 item 9: ten parallel .docx exports of a 50,000-character summary held the event
 * loop up to 669 ms (the document was built and zipped on it). They are packed in a worker
 * thread now; the loop's worst delay while they run stays small.
 */

const PARALLEL = 10;
const SUMMARY_CHARS = 50_000;
/** The loop's worst delay allowed while the exports run (before the fix: 190 to 260 ms on a busy 2-core machine). */
const MAX_LOOP_DELAY_MS = 130;

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ deps: { summarizer: createFakeSummarizer() } });
  user = await t.createUser();
});

afterAll(async () => {
  await t.destroy();
});

/** About SUMMARY_CHARS characters of sentences, paragraphs and bullet items. */
function longSummary(): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < SUMMARY_CHARS; index += 1) {
    const line =
      index % 3 === 0
        ? `- Item ${index}: the harbour board approved repairs to the northern pier.`
        : `Paragraph ${index} notes that supply boats came on Fridays when the sea allowed, bringing oil, letters and news.`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').slice(0, SUMMARY_CHARS);
}

describe('GET /api/summaries/:id/export?format=docx under load', () => {
  it(`packs ${PARALLEL} parallel exports of a ${SUMMARY_CHARS}-character summary off the event loop`, async () => {
    const created = await t.request('/api/summaries', {
      method: 'POST',
      token: user.token,
      json: {
        content:
          'A lighthouse keeper logs the weather every hour. Storms arrive from the west in autumn. ' +
          'Supply boats come on Fridays when the sea allows, bringing oil, letters and news.',
      },
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
    const text = longSummary();
    expect(text).toHaveLength(SUMMARY_CHARS);
    await t.db
      .updateTable('summaries')
      .set({ summarized_content: text })
      .where('id', '=', id)
      .execute();

    const exportOnce = async () => {
      const res = await t.request(`/api/summaries/${id}/export?format=docx`, { token: user.token });
      expect(res.status).toBe(200);
      return new Uint8Array(await res.arrayBuffer());
    };
    await exportOnce(); // the thread is started, and its libraries loaded, outside the measure
    const summary = {
      ...(await t.db
        .selectFrom('summaries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()),
      reviewer_name: null,
    };

    // The packing alone, as the route runs it once the summary is read: on a machine shared
    // with other work, the database's and HTTP's share of the loop would blur the measure.
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const packed = await Promise.all(
      Array.from({ length: PARALLEL }, () => exportSummary(summary, 'docx')),
    );
    delay.disable();
    const worstMs = delay.max / 1e6;
    console.info(
      `docx export: worst event-loop delay over ${PARALLEL} parallel exports ${worstMs.toFixed(1)} ms`,
    );
    const files = [...packed.map((file) => file.body as Uint8Array), await exportOnce()];

    for (const file of files) {
      const archive = Buffer.from(file);
      const entries = readZipDirectory(archive, {
        maxEntries: 100,
        maxTotalUncompressedBytes: 50_000_000,
        maxCompressionRatio: 1000,
        ratioGraceBytes: 1_000_000,
      });
      const document = entries.find((entry) => entry.name === 'word/document.xml');
      expect(document).toBeDefined();
      if (document) {
        const xml = inflateZipEntry(archive, document).toString('utf8');
        expect(xml).toContain('Item 0: the harbour board approved repairs');
        expect(xml).toContain('Paragraph 1 notes that supply boats');
      }
    }
    expect(worstMs).toBeLessThan(MAX_LOOP_DELAY_MS);
  });
});
