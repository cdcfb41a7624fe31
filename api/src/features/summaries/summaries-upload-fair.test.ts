import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../test/envelope';
import { createFakeSummarizer } from '../../test/fake-summarizer';
import {
  buildFilterBombPdf,
  buildSharedContentPdf,
  FILTER_BOMB_VARIANTS,
} from '../../test/hostile-pdfs';
import { buildTextPdf } from '../../test/pdf-builder';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { OWNER_BUSY_MESSAGE } from '../../documents/file-extraction-pool';
import { OVERSIZED_PDF_MESSAGE, PAGE_CONTENT_MESSAGE } from '../../documents/pdf-text';

/*
 * Issue 24 through the real routes and the real extraction threads: one user floods the file
 * readers with 17 hostile PDFs while another uploads four .txt files and a PDF; and each
 * filter-name variant of a 1 GiB deflate bomb is refused by the pre-check, quickly, not by the
 * memory watchdog.
 */

const MEGABYTE = 1024 * 1024;
const NOTE =
  'The council met on Monday to discuss the budget for next year. It agreed to fund the ' +
  'library and to repair two bridges before the winter. Residents asked for more buses.';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    deps: { summarizer: createFakeSummarizer() },
    // One thread, as on a 2-core server: the case where one user could hold every reader.
    config: { extraction: { timeoutMs: 30_000, memoryMb: 512, concurrency: 1 } },
  });
});

afterAll(async () => {
  await t.destroy();
});

interface Outcome {
  status: number;
  ms: number;
  retryAfter: string | null;
  message: string | undefined;
}

async function upload(user: TestUser, bytes: Buffer | string, name: string): Promise<Outcome> {
  const form = new FormData();
  form.append('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
  const started = performance.now();
  const res = await t.request('/api/summaries/upload', {
    method: 'POST',
    token: user.token,
    body: form,
  });
  const body = (await res.json()) as Partial<ErrorEnvelope>;
  return {
    status: res.status,
    ms: performance.now() - started,
    retryAfter: res.headers.get('Retry-After'),
    message: body.message,
  };
}

describe('fair file reading under load', () => {
  it("reads another user's .txt and PDF uploads while one user floods with 17 hostile PDFs", async () => {
    const flooder = await t.createUser({ credits: 50 });
    const victim = await t.createUser({ credits: 10 });
    const hostile = buildSharedContentPdf(5000, 40 * MEGABYTE);
    const flood = Array.from({ length: 17 }, (_, index) =>
      upload(flooder, hostile, `flood-${index}.pdf`),
    );
    // Let the flood reach the readers first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const notes = Array.from({ length: 4 }, (_, index) =>
      upload(victim, `${NOTE} (${index})`, `notes-${index}.txt`),
    );
    const report = upload(
      victim,
      buildTextPdf([{ paragraphs: [[NOTE.slice(0, 80), NOTE.slice(80)]] }]),
      'report.pdf',
    );
    const victimOutcomes = await Promise.all([...notes, report]);
    const floodOutcomes = await Promise.all(flood);

    expect(victimOutcomes.map((outcome) => outcome.status)).toEqual([201, 201, 201, 201, 201]);
    // The .txt files wait for no thread; the PDF for at most about one of the flooder's files.
    for (const outcome of victimOutcomes.slice(0, 4)) expect(outcome.ms).toBeLessThan(2_000);
    expect(victimOutcomes[4]?.ms).toBeLessThan(15_000);
    // The flooder: files past its share refused at once (429), the others refused for their
    // content (413 per page), none of them holding a reader for its time limit.
    const refusedAsBusy = floodOutcomes.filter((outcome) => outcome.status === 429);
    const refusedAsTooLarge = floodOutcomes.filter((outcome) => outcome.status === 413);
    expect(refusedAsBusy.length + refusedAsTooLarge.length).toBe(17);
    expect(refusedAsBusy.length).toBeGreaterThanOrEqual(10);
    for (const outcome of refusedAsBusy) {
      expect(outcome).toMatchObject({ message: OWNER_BUSY_MESSAGE, retryAfter: '30' });
    }
    for (const outcome of refusedAsTooLarge) expect(outcome.message).toBe(PAGE_CONTENT_MESSAGE);
    // Each of those is refused in about a second once it has a thread (a fresh one: pdf.js
    // loads again after each refusal), so the whole flood is over well before one time limit
    // per file (5 × 30 s) would have ended it.
    expect(Math.max(...floodOutcomes.map((outcome) => outcome.ms))).toBeLessThan(45_000);
  }, 120_000);

  it.each(FILTER_BOMB_VARIANTS)(
    'refuses the 1 GiB bomb written as %s with 413 in the pre-check, well before the watchdog',
    async (variant) => {
      const user = await t.createUser({ credits: 5 });
      const outcome = await upload(user, buildFilterBombPdf(variant), `bomb-${variant}.pdf`);
      expect(outcome).toMatchObject({ status: 413, message: OVERSIZED_PDF_MESSAGE });
      // Refused by the pre-check (its message, not the watchdog's memory or time limit). The
      // check itself takes under a second (pdf-streams.test.ts); the rest is a fresh thread
      // loading pdf.js, 1 to 3 s on a busy 2-core machine.
      expect(outcome.ms).toBeLessThan(8_000);
    },
  );
});
