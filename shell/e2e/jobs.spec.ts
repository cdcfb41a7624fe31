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

// The file tab queues uploads as background jobs (issue 5): progress while it runs, the result
// when it ends, and a finished summary in history for a user who did not wait.

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

test('an uploaded file is queued, shows its progress, and ends in the result card', async ({
  page,
  request,
}) => {
  const session = await registerThroughApi(request, 'job-progress');
  const file = await writeUpload('quarterly-report.txt', ARTICLE);
  await startSignedIn(page, session);
  await page.goto('/summarize');
  await page.getByRole('tab', { name: 'Upload File' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Upload File' });
  await panel.locator('input[type="file"]').setInputFiles(file);

  const queued = apiResponse(page, 'POST', '/api/summaries/upload/async');
  await panel.getByRole('button', { name: 'Upload & Summarize' }).click();
  const response = await queued;
  expect(response.status()).toBe(202);
  const { data } = (await response.json()) as {
    data: { jobId: string; queue: string; state: string; updatedCredits: number };
  };
  expect(data).toMatchObject({ queue: 'file-processing', state: 'queued', updatedCredits: 4 });

  // The credit is taken when the job is queued, before the summary exists.
  await expect(
    navbar(page).getByText('4 credits', { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await expect(panel.getByRole('status')).toContainText(/queued|Processing file/);

  const result = page.getByRole('region', { name: 'Your summary' });
  await expect(result).toBeVisible({ timeout: 20_000 });
  const summary = await newestSummaryOnServer(request, session);
  expect(summary.fileName).toBe('quarterly-report.txt');
  await expect(result).toContainText(summary.summarizedContent.slice(0, 60));

  const job = await request.get(`/api/summaries/job/${data.jobId}?queue=file-processing`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(((await job.json()) as { data: { state: string } }).data.state).toBe('completed');
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

  const queued = apiResponse(page, 'POST', '/api/summaries/upload/async');
  await panel.getByRole('button', { name: 'Upload & Summarize' }).click();
  expect((await queued).status()).toBe(202);
  // Leave at once, without waiting for the job.
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
