import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { spendCredits } from '../../db/credit-ledger.repository';
import { listCreditMovements } from '../../test/credit-ledger';
import type { SummaryDto } from '../../domain/summary-response';
import { SummarizerError } from '../../summarizer/summarizer-error';
import { createFakeSummarizer, fakeSummaryOf } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { TestApp, TestUser } from '../../test/test-app';
import { insertJobUpload } from '../../test/job-uploads';
import { insertSummaryJob } from './summary-jobs.repository';
import { failSummaryJob, sweepLostSummaryJobs, JOB_LOST_MESSAGE } from './summary-jobs.service';

const TEXT =
  'Rivers carry sediment from the mountains to the sea. Over centuries the deposits build deltas, ' +
  'fertile plains where cities grow. Dams now trap much of that sediment upstream.';

interface JobStatus {
  jobId: string;
  queue: string;
  state: 'queued' | 'active' | 'completed' | 'failed';
  progress: number;
  summary?: SummaryDto;
  error?: string;
  createdAt: string;
  finishedAt?: string;
}

let t: TestApp;
let fake: FakeSummarizer;
let user: TestUser;

beforeAll(async () => {
  fake = createFakeSummarizer();
  t = await createTestApp({ deps: { summarizer: fake } });
  await t.startWorkers(2);
});

afterAll(async () => {
  await t.destroy();
});

beforeEach(async () => {
  fake.calls.length = 0;
  fake.beforeAnswer = null;
  user = await t.createUser({ credits: 3 });
});

function queueText(app: TestApp, token: string, content = TEXT): Promise<Response> {
  return app.request('/api/summaries/async', { method: 'POST', token, json: { content } });
}

function queueFile(app: TestApp, token: string, file: File): Promise<Response> {
  const form = new FormData();
  form.append('file', file);
  return app.request('/api/summaries/upload/async', { method: 'POST', token, body: form });
}

async function queued(res: Response): Promise<{ jobId: string; updatedCredits: number }> {
  expect(res.status).toBe(202);
  const body = (await res.json()) as {
    data: { jobId: string; queue: string; state: string; updatedCredits: number };
  };
  expect(body.data.state).toBe('queued');
  return body.data;
}

async function jobStatus(
  app: TestApp,
  token: string,
  jobId: string,
  queue = 'file-processing',
): Promise<JobStatus> {
  const res = await app.request(`/api/summaries/job/${jobId}?queue=${queue}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: JobStatus }).data;
}

/** Polls the job until it ends (or fails the test after `timeoutMs`). */
async function finished(
  app: TestApp,
  token: string,
  jobId: string,
  queue = 'file-processing',
  timeoutMs = 15_000,
): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await jobStatus(app, token, jobId, queue);
    if (status.state === 'completed' || status.state === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`Job ${jobId} still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function creditsOf(userId: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.credits;
}

async function reasons(userId: string): Promise<string[]> {
  return (await listCreditMovements(t.db, userId)).map((row) => `${row.reason}:${row.amount}`);
}

describe('POST /api/summaries/async', () => {
  it('takes the credit when queued, and the worker stores the summary', async () => {
    const { jobId, updatedCredits } = await queued(await queueText(t, user.token));
    expect(updatedCredits).toBe(2);
    expect(await creditsOf(user.user.id)).toBe(2);

    const status = await finished(t, user.token, jobId, 'text-summary');
    expect(status).toMatchObject({
      jobId,
      queue: 'text-summary',
      state: 'completed',
      progress: 100,
    });
    expect(status.summary?.summarizedContent).toBe(
      fakeSummaryOf({ text: TEXT, customPrompt: null }),
    );
    expect(status.summary?.source).toBe('text');
    expect(typeof status.finishedAt).toBe('string');

    const history = await t.request('/api/summaries', { token: user.token });
    const body = (await history.json()) as { data: { summaries: SummaryDto[] } };
    expect(body.data.summaries.map((summary) => summary.id)).toEqual([status.summary?.id]);
    expect(await creditsOf(user.user.id)).toBe(2);
    expect(await reasons(user.user.id)).toEqual(['signup:3', 'summary:-1']);
    // The debit taken at enqueue time is linked to the summary it paid for.
    const debit = (await listCreditMovements(t.db, user.user.id)).find(
      (row) => row.reason === 'summary',
    );
    expect(debit?.summary_id).toBe(status.summary?.id);
  });

  it('accepts the text as `text`, the field API.md names, as well as `content`', async () => {
    const res = await t.request('/api/summaries/async', {
      method: 'POST',
      token: user.token,
      json: { text: TEXT, customPrompt: 'Focus on dams' },
    });
    const { jobId, updatedCredits } = await queued(res);
    expect(updatedCredits).toBe(2);
    const status = await finished(t, user.token, jobId, 'text-summary');
    expect(status.state).toBe('completed');
    expect(status.summary?.originalContent).toBe(TEXT);
    expect(status.summary?.customPrompt).toBe('Focus on dams');
  });

  it.each([
    ['neither', {}, 'content', 'Content is required'],
    [
      'a short `text`',
      { text: 'too short' },
      'text',
      'Content must be at least 50 characters (current: 9)',
    ],
    ['a NUL in `text`', { text: `${TEXT}\u0000` }, 'text', 'Content contains invalid characters'],
  ])('answers 400 for %s, charging nothing', async (_case, json, field, message) => {
    const res = await t.request('/api/summaries/async', {
      method: 'POST',
      token: user.token,
      json,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message,
      errors: [{ field, message }],
    });
    expect(await creditsOf(user.user.id)).toBe(3);
  });

  it('validates the text like the synchronous route and refuses a user with no credits', async () => {
    const short = await queueText(t, user.token, 'too short');
    expect(short.status).toBe(400);
    const broke = await t.createUser({ credits: 0 });
    const res = await queueText(t, broke.token);
    expect(res.status).toBe(402);
    expect(
      await t.db
        .selectFrom('summary_jobs')
        .where('user_id', '=', broke.user.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });
});

describe('POST /api/summaries/upload/async', () => {
  it('summarizes an uploaded .txt in a worker, its text read when queued', async () => {
    const { jobId } = await queued(await queueFile(t, user.token, new File([TEXT], 'notes.txt')));
    const status = await finished(t, user.token, jobId);
    expect(status.state).toBe('completed');
    expect(status.summary).toMatchObject({
      source: 'txt',
      fileName: 'notes.txt',
      originalContent: TEXT,
    });
    expect(await creditsOf(user.user.id)).toBe(2);
    const uploads = await t.db
      .selectFrom('job_uploads')
      .where('job_id', '=', jobId)
      .selectAll()
      .execute();
    expect(uploads).toEqual([]);
  });

  it('refuses a malformed file at once, with the reason /upload gives, and charges nothing', async () => {
    const file = new File(['this is not a zip archive at all'], 'report.docx');
    const form = new FormData();
    form.append('file', file);
    const sync = await t.request('/api/summaries/upload', {
      method: 'POST',
      token: user.token,
      body: form,
    });
    const expected = (await sync.json()) as { code: string; message: string };
    expect(sync.status).toBeGreaterThanOrEqual(400);

    const res = await queueFile(t, user.token, file);
    expect(res.status).toBe(sync.status);
    expect(await res.json()).toMatchObject({
      success: false,
      code: expected.code,
      message: expected.message,
    });
    expect(fake.calls).toHaveLength(0);
    expect(await creditsOf(user.user.id)).toBe(3);
    expect(await reasons(user.user.id)).toEqual(['signup:3']);
  });

  it('still reads the bytes of a file job queued by an earlier release', async () => {
    const jobId = crypto.randomUUID();
    await t.db.transaction().execute(async (trx) => {
      const debit = await spendCredits(trx, { userId: user.user.id, amount: 1 });
      if (!debit) throw new Error('the debit was refused');
      await insertSummaryJob(trx, {
        id: jobId,
        userId: user.user.id,
        queue: 'file-processing',
        debitLedgerId: debit.ledgerId,
      });
      await insertJobUpload(trx, jobId, 'old.txt', Buffer.from(TEXT));
      await t.deps.jobs.send(trx, 'file-processing', jobId, { customPrompt: null });
    });
    const status = await finished(t, user.token, jobId);
    expect(status.state).toBe('completed');
    expect(status.summary).toMatchObject({
      source: 'txt',
      fileName: 'old.txt',
      originalContent: TEXT,
    });
    const uploads = await t.db
      .selectFrom('job_uploads')
      .where('job_id', '=', jobId)
      .selectAll()
      .execute();
    expect(uploads).toEqual([]);
  });

  it('refuses a file of another type before charging', async () => {
    const res = await queueFile(t, user.token, new File([TEXT], 'notes.md'));
    expect(res.status).toBe(415);
    expect(await creditsOf(user.user.id)).toBe(3);
  });
});

describe('GET /api/summaries/job/:jobId', () => {
  it('answers only the owner: 404 for anyone else, an unknown id or the wrong queue', async () => {
    const { jobId } = await queued(await queueText(t, user.token));
    await finished(t, user.token, jobId, 'text-summary');
    const other = await t.createUser();
    for (const path of [
      `/api/summaries/job/${jobId}?queue=text-summary`,
      `/api/summaries/job/${crypto.randomUUID()}?queue=text-summary`,
      '/api/summaries/job/not-a-uuid?queue=text-summary',
    ]) {
      expect((await t.request(path, { token: other.token })).status).toBe(404);
    }
    // The default queue is file-processing: this text job is not there.
    expect((await t.request(`/api/summaries/job/${jobId}`, { token: user.token })).status).toBe(
      404,
    );
    const unknownQueue = await t.request(`/api/summaries/job/${jobId}?queue=emails`, {
      token: user.token,
    });
    expect(unknownQueue.status).toBe(400);
    expect((await t.request(`/api/summaries/job/${jobId}`)).status).toBe(401);
  });
});

describe('failures and refunds', () => {
  it('retries a temporary failure with backoff, then fails for good and refunds once', async () => {
    fake.beforeAnswer = () => {
      throw new SummarizerError('UNAVAILABLE', 'Gemini answered 503', {
        retryable: true,
        status: 503,
      });
    };
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { jobId } = await queued(await queueText(t, user.token));
      const status = await finished(t, user.token, jobId, 'text-summary', 30_000);
      expect(status).toMatchObject({ state: 'failed', error: 'Failed to create summary' });
      // One attempt and retryLimit (3) retries.
      expect(fake.calls).toHaveLength(4);
    } finally {
      spy.mockRestore();
    }
    expect(await creditsOf(user.user.id)).toBe(3);
    expect(await reasons(user.user.id)).toEqual(['signup:3', 'summary:-1', 'refund:1']);
  }, 40_000);

  it('refunds exactly once however many callers fail the same job', async () => {
    fake.beforeAnswer = () => new Promise(() => undefined); // the worker never finishes it
    const { jobId } = await queued(await queueText(t, user.token));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => failSummaryJob(t.deps, jobId, 'Stopped')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await failSummaryJob(t.deps, jobId, 'Stopped again')).toBe(false);
    expect(await creditsOf(user.user.id)).toBe(3);
    expect(await reasons(user.user.id)).toEqual(['signup:3', 'summary:-1', 'refund:1']);
    const status = await jobStatus(t, user.token, jobId, 'text-summary');
    expect(status).toMatchObject({ state: 'failed', error: 'Stopped' });
  });

  it('refunds a job the queue gave up on without a result (its process died on the last try)', async () => {
    const idle = await createTestApp({ database: t.database, deps: { summarizer: fake } });
    try {
      const { jobId } = await queued(await queueText(idle, user.token));
      // No worker runs on `idle`'s queue; t's workers might: fail it in the queue at once.
      await sql`update ${sql.table(`${t.config.jobs.schema}.job`)} set state = 'failed', completed_on = now() where id = ${jobId}`.execute(
        t.db,
      );
      expect(await sweepLostSummaryJobs(t.deps)).toBeGreaterThanOrEqual(1);
      expect(await sweepLostSummaryJobs(t.deps)).toBe(0);
      expect(await jobStatus(t, user.token, jobId, 'text-summary')).toMatchObject({
        state: 'failed',
        error: JOB_LOST_MESSAGE,
      });
      expect(await reasons(user.user.id)).toEqual(['signup:3', 'summary:-1', 'refund:1']);
    } finally {
      await idle.destroy();
    }
  });
});

describe('jobs across processes', () => {
  it('a queued job survives a restart of the API and completes in the next one', async () => {
    const database = await createTestDatabase();
    const first = await createTestApp({ database, deps: { summarizer: createFakeSummarizer() } });
    const owner = await first.createUser({ credits: 2 });
    const text = await queued(await queueText(first, owner.token));
    const file = await queued(await queueFile(first, owner.token, new File([TEXT], 'a.txt')));
    await first.destroy(); // the API stops before any worker ran

    const second = await createTestApp({ database, deps: { summarizer: createFakeSummarizer() } });
    try {
      await second.startWorkers();
      expect(await finished(second, owner.token, text.jobId, 'text-summary')).toMatchObject({
        state: 'completed',
      });
      expect(await finished(second, owner.token, file.jobId)).toMatchObject({ state: 'completed' });
      const row = await second.db
        .selectFrom('users')
        .select('credits')
        .where('id', '=', owner.user.id)
        .executeTakeFirstOrThrow();
      expect(row.credits).toBe(0);
    } finally {
      await second.destroy();
      await database.destroy();
    }
  });

  it('a job whose process died while running it is picked up again', async () => {
    const database = await createTestDatabase();
    const survivor = await createTestApp({
      database,
      deps: { summarizer: createFakeSummarizer() },
    });
    try {
      const owner = await survivor.createUser({ credits: 1 });
      const { jobId } = await queued(await queueText(survivor, owner.token));
      // What a worker's fetch does, by a process that then died: active, and long since started.
      await sql`update ${sql.table(`${survivor.config.jobs.schema}.job`)}
        set state = 'active', started_on = now() - interval '1 hour' where id = ${jobId}`.execute(
        survivor.db,
      );
      expect(await jobStatus(survivor, owner.token, jobId, 'text-summary')).toMatchObject({
        state: 'active',
      });
      await survivor.startWorkers();
      expect(await finished(survivor, owner.token, jobId, 'text-summary', 20_000)).toMatchObject({
        state: 'completed',
      });
      expect(
        (await listCreditMovements(survivor.db, owner.user.id)).map((row) => row.reason),
      ).toEqual(['signup', 'summary']);
    } finally {
      await survivor.destroy();
      await database.destroy();
    }
  }, 30_000);
});
