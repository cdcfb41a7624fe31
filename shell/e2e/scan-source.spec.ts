import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { buildJpegScanPdf } from './support/pdf-file';
import { expect, pageHeading, test } from './support/portal.fixture';
import {
  readingStages,
  recordReadingStages,
  replayStreamSlowly,
  resultCard,
  streamCard,
} from './support/streaming';
import {
  creditsOnServer,
  newestSummaryOnServer,
  registerThroughApi,
  startSignedIn,
} from './support/summaries-api';

/*
 * Issue 27: scans and photos, read by OCR. The pages are the shared OCR samples (news text
 * rendered as scanned pages), read from their directory at test time and never copied into the
 * repository: a two-page scanned PDF is built from two of them, and a photo is uploaded as it
 * is. Without that directory the journeys are skipped, saying why.
 */

const OCR_DATA = process.env.E2E_OCR_DATA ?? '/work/shared/data/ocr';
const SCAN_PAGES = ['page-02.jpg', 'page-04.jpg'];
const PHOTO = 'page-01.png';
const OCR_NOTICE = 'Read from a scan: check names and numbers against the original';
/** OCR of a page takes seconds, more on a busy machine. */
const OCR_TIMEOUT = 150_000;

const missing = [...SCAN_PAGES, PHOTO].filter((name) => !existsSync(path.join(OCR_DATA, name)));
test.skip(
  missing.length > 0,
  `the OCR samples are absent (${missing.join(', ')} not in ${OCR_DATA}; set E2E_OCR_DATA)`,
);

async function serverReadsImages(request: APIRequestContext): Promise<boolean> {
  const body = (await (await request.get('/api/config')).json()) as {
    data: { fileTypes?: string[] };
  };
  return (body.data.fileTypes ?? []).includes('.png');
}

async function openFileTab(page: Page) {
  await page.getByRole('tab', { name: 'Upload File' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Upload File' });
  return {
    panel,
    input: panel.getByLabel('Choose a file to summarize'),
    upload: panel.getByRole('button', { name: 'Upload & Summarize' }),
  };
}

test.describe('/summarize, scans and photos read by OCR', () => {
  test.setTimeout(OCR_TIMEOUT + 60_000);

  test.beforeEach(async ({ request }) => {
    test.skip(
      !(await serverReadsImages(request)),
      'GET /api/config does not list .png in fileTypes: this server reads no scans yet',
    );
  });

  test('a two-page scanned PDF: the progress goes through OCR page by page to summarizing, then the OCR notice and the pages in the original', async ({
    page,
    request,
  }, testInfo) => {
    const session = await registerThroughApi(request, 'scan-pdf');
    const scan = testInfo.outputPath('scan.pdf');
    const { writeFile } = await import('node:fs/promises');
    const jpegs = await Promise.all(SCAN_PAGES.map((name) => readFile(path.join(OCR_DATA, name))));
    await writeFile(scan, buildJpegScanPdf(jpegs));

    await startSignedIn(page, session);
    // The stream's events one by one, so each stage stays on the screen long enough to see.
    await replayStreamSlowly(page, 300, '/api/summaries/upload/stream');
    await recordReadingStages(page);
    await page.goto('/summarize');
    await expect(pageHeading(page)).toHaveText('Create Summary');
    const { input, upload } = await openFileTab(page);
    await expect(input).toHaveAttribute('accept', /\.pdf/);
    await input.setInputFiles(scan);
    await upload.click();

    const bar = streamCard(page).getByRole('progressbar', { name: 'Reading the file' });
    await expect(bar).toBeVisible();
    await expect(streamCard(page).getByRole('button', { name: 'Stop' })).toBeVisible();
    // Every stage in order: sending, reading, each page by OCR, then summarizing.
    await expect
      .poll(() => readingStages(page), { timeout: OCR_TIMEOUT })
      .toContain('Summarizing…');
    const stages = await readingStages(page);
    expect(stages[0]).toBe('Sending the file…');
    expect(stages).toContain('Reading page 2 of 2 by OCR…');
    expect(stages.indexOf('Reading page 2 of 2 by OCR…')).toBeLessThan(
      stages.indexOf('Summarizing…'),
    );

    const result = resultCard(page);
    await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(result.getByText(OCR_NOTICE, { exact: true })).toBeVisible();
    const summary = await newestSummaryOnServer(request, session);
    expect(summary).toMatchObject({ source: 'pdf', fileName: 'scan.pdf', ocr: true });
    expect(summary.pageBreaks).toHaveLength(1);
    await expect(
      result.getByRole('region', { name: 'Original content' }).getByText('Page 2', { exact: true }),
    ).toBeVisible();
    expect(await creditsOnServer(request, session)).toBe(4);
  });

  test('a photo of a page is read by OCR and summarized, with the notice', async ({
    page,
    request,
  }) => {
    const session = await registerThroughApi(request, 'scan-photo');
    await startSignedIn(page, session);
    await page.goto('/summarize');
    const { panel, input, upload } = await openFileTab(page);
    await input.setInputFiles(path.join(OCR_DATA, PHOTO));
    await expect(panel.getByText(PHOTO, { exact: true })).toBeVisible();
    await upload.click();

    await expect(
      streamCard(page).getByRole('progressbar', { name: 'Reading the file' }),
    ).toBeVisible();
    const result = resultCard(page);
    await expect(result.getByRole('heading', { name: 'Your summary' })).toBeVisible({
      timeout: OCR_TIMEOUT,
    });
    await expect(result.getByText(OCR_NOTICE, { exact: true })).toBeVisible();
    const summary = await newestSummaryOnServer(request, session);
    expect(summary).toMatchObject({ source: 'image', fileName: PHOTO, ocr: true });
    expect(await creditsOnServer(request, session)).toBe(4);

    await page.goto('/history');
    await expect(page.getByRole('article', { name: PHOTO }).getByText(OCR_NOTICE)).toBeVisible();
  });
});
