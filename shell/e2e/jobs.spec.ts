import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, mainNav, navbar, test } from './support/portal.fixture';
import {
  apiResponse,
  creditsOnServer,
  newestSummaryOnServer,
  registerThroughApi,
  startSignedIn,
  summaryCountOnServer,
} from './support/summaries-api';
import { ARTICLE } from './support/sample-texts';
import { readingStages, recordReadingStages } from './support/streaming';

// The file tab's upload (issue 5; since issue 27 through POST /api/summaries/upload/stream, the
// queued job being what an older server gets): progress while it runs, the result when it ends,
// and a finished summary in history for a user who went on to another screen without waiting.

let uploadDir: string | undefined;

test.afterEach(async () => {
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  uploadDir = undefined;
});

async function writeUpload(name: string, content: string): Promise<string> {
  uploadDir ??= await mkdtemp(path.join(tmpdir(), 'brevity-e2e-jobs-'));
  const file = path.join(uploadDir, name);
  await writeFile(file, content);
  return file;
}

test('an uploaded file shows its progress while it is read, and ends in the result card', async ({
  page,
  request,
}) => {
  const session = await registerThroughApi(request, 'job-progress');
  const file = await writeUpload('quarterly-report.txt', ARTICLE);
  await startSignedIn(page, session);
  await recordReadingStages(page);
  await page.goto('/summarize');
  await page.getByRole('tab', { name: 'Upload File' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Upload File' });
  await panel.locator('input[type="file"]').setInputFiles(file);

  const streamed = apiResponse(page, 'POST', '/api/summaries/upload/stream');
  await panel.getByRole('button', { name: 'Upload & Summarize' }).click();
  expect((await streamed).status()).toBe(200);

  const result = page.getByRole('region', { name: 'Your summary' });
  await expect(result).toBeVisible({ timeout: 20_000 });
  // The progress bar said the file was on its way before anything else.
  expect((await readingStages(page))[0]).toBe('Sending the file…');
  const summary = await newestSummaryOnServer(request, session);
  expect(summary.fileName).toBe('quarterly-report.txt');
  await expect(result).toContainText(summary.summarizedContent.slice(0, 60));

  // The credit is taken with the finished summary.
  await expect(
    navbar(page).getByText('4 credits', { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  expect(await creditsOnServer(request, session)).toBe(4);
});

test('the queued upload still runs for a client that asks for it (an older front end)', async ({
  request,
}) => {
  const session = await registerThroughApi(request, 'job-queued');
  const response = await request.post('/api/summaries/upload/async', {
    headers: { Authorization: `Bearer ${session.token}` },
    multipart: {
      file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(ARTICLE) },
    },
  });
  expect(response.status()).toBe(202);
  const { data } = (await response.json()) as {
    data: { jobId: string; queue: string; state: string; updatedCredits: number };
  };
  expect(data).toMatchObject({ queue: 'file-processing', state: 'queued', updatedCredits: 4 });
  await expect
    .poll(
      async () => {
        const job = await request.get(`/api/summaries/job/${data.jobId}?queue=file-processing`, {
          headers: { Authorization: `Bearer ${session.token}` },
        });
        return ((await job.json()) as { data: { state: string } }).data.state;
      },
      { timeout: 20_000 },
    )
    .toBe('completed');
  expect(await creditsOnServer(request, session)).toBe(4);
});

test('a user who leaves while the file is processed finds the summary in history', async ({
  page,
  request,
}) => {
  const session = await registerThroughApi(request, 'job-leave');
  const file = await writeUpload('field-notes.txt', ARTICLE);
  await startSignedIn(page, session);
  await page.goto('/summarize');
  await page.getByRole('tab', { name: 'Upload File' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Upload File' });
  await panel.locator('input[type="file"]').setInputFiles(file);

  const streamed = apiResponse(page, 'POST', '/api/summaries/upload/stream');
  await panel.getByRole('button', { name: 'Upload & Summarize' }).click();
  expect((await streamed).status()).toBe(200);
  // Go on to another screen at once, without waiting for the summary.
  await mainNav(page).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history/);

  await expect.poll(() => summaryCountOnServer(request, session), { timeout: 20_000 }).toBe(1);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Showing page 1 of 1', { exact: false })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText(/1 summar(y|ies) in total/)).toBeVisible();
});
