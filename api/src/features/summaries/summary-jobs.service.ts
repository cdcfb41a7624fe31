import { randomUUID } from 'node:crypto';
import type { HiddenPassage } from '../../documents/hidden-text';
import { hiddenTextOf, instructionLikeOf } from '../../domain/document-warnings';
import type { InstructionLikePassage } from '../../summarizer/text/instruction-like';
import { lockAvailableCredits, refundCredits } from '../../db/credit-ledger.repository';
import type { SummaryJobQueue, SummaryJobRow, SummarySource } from '../../db/schema';
import { findOwnSummary } from '../../db/summaries.repository';
import type { SummaryRecord } from '../../db/summaries.repository';
import { sessionGone } from '../../domain/acting-user';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import type { QueueJobState, QueuedJob } from '../../db/job-queue';
import { SUMMARY_COST } from '../../lib/product-constants';
import { contentProblem, documentContentProblem } from '../../lib/summary-text';
import { sectionsOf } from '../../domain/summary-response';
import { documentSections } from '../../lib/document-sections';
import { SUMMARY_FORMATS, SUMMARY_LENGTHS, isPassingFailure } from '../../summarizer/summarizer';
import type {
  FallbackReason,
  SummaryFormat,
  SummaryLength,
  SummaryResult,
} from '../../summarizer/summarizer';
import { SummarizerError } from '../../summarizer/summarizer-error';
import type { SummarizerErrorCode } from '../../summarizer/summarizer-error';
import {
  SUMMARIZER_FAILED_MESSAGE,
  assertCanPay,
  insertPaidSummary,
  insufficientCredits,
  takeSummaryCredit,
  toSummaryText,
} from './summaries.service';
import type { SummaryRequester } from './summaries.service';
import {
  PASTED_SOURCE,
  SUMMARY_QUEUES,
  documentOrigin,
  resolveSummaryInput,
} from './summary-input';
import type { SourceDetails, SummaryInput, SummaryShape, SummarySourceText } from './summary-input';
import {
  deleteJobUpload,
  findJobUpload,
  findOwnSummaryJob,
  findSummaryJob,
  finishSummaryJob,
  insertSummaryJob,
  listLostSummaryJobs,
  setSummaryJobProgress,
} from './summary-jobs.repository';
import { FILE_KINDS } from '../../documents/file-kinds';
import { isSummaryLanguage } from '../../domain/languages';
import { carriedLanguages, detectSourceLanguages, summarizerLanguages } from './summary-languages';

export const JOB_NOT_FOUND_MESSAGE = 'Job not found';
/** The error of a job that stopped without a result (its retries spent, or lost). */
export const JOB_LOST_MESSAGE = 'The summary could not be created. Your credit was refunded.';
export const UPLOAD_MISSING_MESSAGE = 'The uploaded file is no longer available';

/**
 * What a text-summary job carries. A file-processing job carries the same and the file's origin
 * (FileSummaryJobData); one queued by an earlier release carries no text, its bytes wait in
 * job_uploads. Jobs queued before length and format existed get medium paragraphs, as then.
 */
export interface TextSummaryJobData {
  text: string;
  customPrompt: string | null;
  length: SummaryLength;
  format: SummaryFormat;
  /** The language asked for (null: the document's own); absent from earlier releases' jobs. */
  language?: string | null;
  /** The document's languages as detected when it was queued; absent from earlier jobs. */
  sourceLanguage?: string;
  secondSourceLanguage?: string | null;
  /** What the document hid and the passages addressed to an AI (issue 28); absent earlier. */
  hiddenText?: HiddenPassage[];
  instructionLike?: InstructionLikePassage[];
}

/**
 * What a file-processing job carries: the text of a file or a web page, read when it was
 * queued, and its origin (the details are absent from jobs queued by earlier releases).
 */
export interface FileSummaryJobData extends TextSummaryJobData, Partial<SourceDetails> {
  source: Exclude<SummarySource, 'text'>;
  fileName: string | null;
}

const DOCUMENT_SOURCES: readonly string[] = [...FILE_KINDS, 'url', 'image'];

function isDocumentSource(value: unknown): value is FileSummaryJobData['source'] {
  return typeof value === 'string' && DOCUMENT_SOURCES.includes(value);
}

/** The details a document job carries, each checked; absent or malformed ones read as none. */
function jobDetails(data: Partial<FileSummaryJobData>): SourceDetails {
  return {
    sourceUrl: typeof data.sourceUrl === 'string' ? data.sourceUrl : null,
    sourceTitle: typeof data.sourceTitle === 'string' ? data.sourceTitle : null,
    ocr: data.ocr === true,
    pageBreaks: Array.isArray(data.pageBreaks)
      ? data.pageBreaks.filter(
          (offset: unknown): offset is number =>
            typeof offset === 'number' && Number.isInteger(offset) && offset > 0,
        )
      : [],
    sections: sectionsOf(data.sections),
  };
}

/** The length and format a job's data asks for; anything unknown reads as the default. */
function jobShape(data: Partial<TextSummaryJobData>): SummaryShape {
  return {
    length: SUMMARY_LENGTHS.find((length) => length === data.length) ?? 'medium',
    format: SUMMARY_FORMATS.find((format) => format === data.format) ?? 'paragraph',
    language:
      typeof data.language === 'string' && isSummaryLanguage(data.language) ? data.language : null,
  };
}

/** The hidden passages and passages addressed to an AI a job carries, each checked. */
function jobWarnings(
  data: Partial<TextSummaryJobData>,
): Pick<SummarySourceText, 'hiddenText' | 'instructionLike'> {
  return {
    hiddenText: hiddenTextOf(data.hiddenText),
    instructionLike: instructionLikeOf(data.instructionLike),
  };
}

function jobPrompt(data: Partial<TextSummaryJobData>): string | null {
  return typeof data.customPrompt === 'string' ? data.customPrompt : null;
}

export interface QueuedSummaryJob {
  jobId: string;
  queue: SummaryJobQueue;
  state: 'queued';
  updatedCredits: number;
}

export type SummaryJobState = 'queued' | 'active' | 'completed' | 'failed';

export interface SummaryJobStatus {
  jobId: string;
  queue: SummaryJobQueue;
  state: SummaryJobState;
  progress: number;
  summary: SummaryRecord | undefined;
  error: string | undefined;
  createdAt: Date;
  finishedAt: Date | undefined;
}

/** A failure that no retry can mend (bad input): the job fails at once and refunds. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** What a job carries for its resolved source: the text, and for a file, its origin. */
function jobData(source: SummarySourceText): TextSummaryJobData | FileSummaryJobData {
  const data: TextSummaryJobData = {
    text: source.text,
    customPrompt: source.customPrompt,
    length: source.length,
    format: source.format,
    language: source.language ?? null,
    sourceLanguage: source.sourceLanguage,
    secondSourceLanguage: source.secondSourceLanguage,
    hiddenText: source.hiddenText ?? [],
    instructionLike: source.instructionLike ?? [],
  };
  if (source.source === 'text') return data;
  return {
    ...data,
    source: source.source,
    ...documentOrigin(source),
  };
}

/**
 * Queues a summary of any SummaryInput (POST /api/summaries/async, /upload/async) on its kind's
 * queue (SUMMARY_QUEUES). The credit check comes first (402), then the input is resolved to its
 * text now, a file read off the event loop as /upload reads it, so a file of the wrong kind or
 * size, a malformed one or one without text (422 NO_TEXT) is refused at once and nothing is
 * charged; the job carries the text. Then the credit is taken and the job queued in one
 * transaction: conditional debit and its ledger row (takeSummaryCredit), tracking row, and the
 * queue's job row itself. Either all of it commits or none, so a crash can neither lose a
 * credit nor run an unpaid job. Credits reserved by the user's live summaries being written
 * are not there to take (402).
 */
export async function enqueueSummary(
  deps: AppDeps,
  requester: SummaryRequester,
  input: SummaryInput,
): Promise<QueuedSummaryJob> {
  assertCanPay(requester);
  const source = await resolveSummaryInput(deps, input, requester.user.id, {
    signal: requester.signal,
  });
  const queue = SUMMARY_QUEUES[input.kind];
  const data = jobData(source);
  await deps.jobs.start();
  const userId = requester.user.id;
  const jobId = randomUUID();
  return deps.db.transaction().execute(async (trx) => {
    const available = await lockAvailableCredits(trx, userId);
    if (available === undefined) throw sessionGone();
    if (available < SUMMARY_COST) throw insufficientCredits();
    const debit = await takeSummaryCredit(trx, userId);
    await insertSummaryJob(trx, { id: jobId, userId, queue, debitLedgerId: debit.ledgerId });
    await deps.jobs.send(trx, queue, jobId, data);
    return { jobId, queue, state: 'queued' as const, updatedCredits: debit.credits };
  });
}

export function jobNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', JOB_NOT_FOUND_MESSAGE);
}

function runningState(state: QueueJobState | null): SummaryJobState {
  return state === 'active' ? 'active' : 'queued';
}

/** The owner's view of a job; 404 for another user's job, an unknown id or the wrong queue. */
export async function getSummaryJobStatus(
  deps: AppDeps,
  requester: SummaryRequester,
  queue: SummaryJobQueue,
  jobId: string,
): Promise<SummaryJobStatus> {
  const userId = requester.user.id;
  const job = await findOwnSummaryJob(deps.db, userId, queue, jobId);
  if (!job) throw jobNotFound();
  let state: SummaryJobState;
  let summary: SummaryRecord | undefined;
  if (job.status === 'pending') {
    state = runningState(await deps.jobs.getState(queue, jobId));
  } else {
    state = job.status;
    if (job.summary_id !== null) summary = await findOwnSummary(deps.db, userId, job.summary_id);
  }
  return statusOf(job, state, summary);
}

function statusOf(
  job: SummaryJobRow,
  state: SummaryJobState,
  summary: SummaryRecord | undefined,
): SummaryJobStatus {
  return {
    jobId: job.id,
    queue: job.queue,
    state,
    progress: job.status === 'pending' ? job.progress : 100,
    summary,
    error: job.error ?? undefined,
    createdAt: job.created_at,
    finishedAt: job.finished_at ?? undefined,
  };
}

/**
 * Fails a pending job for good and gives its credit back, exactly once: the tracking row
 * leaves 'pending' (a guarded UPDATE) in the same transaction as the refund and its ledger
 * row, so a second caller (a retry, the sweeper, another process) changes nothing.
 * Returns whether this call refunded. The uploaded bytes go too.
 */
export async function failSummaryJob(
  deps: Pick<AppDeps, 'db'>,
  jobId: string,
  error: string,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const job = await findSummaryJob(trx, jobId);
    if (!job) return false;
    if (!(await finishSummaryJob(trx, jobId, { status: 'failed', error, refunded: true }))) {
      return false;
    }
    await deleteJobUpload(trx, jobId);
    await refundCredits(trx, { userId: job.user_id, amount: SUMMARY_COST });
    return true;
  });
}

/**
 * The text a job summarizes, with the options it was queued with: from its data, or the
 * uploaded file (read and checked now).
 */
async function jobSource(
  deps: AppDeps,
  queue: SummaryJobQueue,
  job: QueuedJob<Partial<TextSummaryJobData>>,
): Promise<SummarySourceText> {
  const options = { ...jobShape(job.data), customPrompt: jobPrompt(job.data) };
  // Detected when it was queued; a job of an earlier release has its text's detected now.
  const languagesOf = async (text: string) =>
    carriedLanguages(job.data) ?? (await detectSourceLanguages(text));
  if (queue === SUMMARY_QUEUES.text) {
    const text = typeof job.data.text === 'string' ? job.data.text.trim() : '';
    const problem = contentProblem(text);
    if (problem !== null) throw new PermanentJobError(problem);
    const languages = await languagesOf(text);
    return {
      ...options,
      ...PASTED_SOURCE,
      sections: documentSections(text),
      ...languages,
      ...jobWarnings(job.data),
      text,
      source: 'text',
      fileName: null,
    };
  }
  const fileData = job.data as Partial<FileSummaryJobData>;
  const source = fileData.source;
  if (typeof fileData.text === 'string' && isDocumentSource(source)) {
    const text = fileData.text.trim();
    const problem = documentContentProblem(text);
    if (problem !== null) throw new PermanentJobError(problem);
    const fileName = typeof fileData.fileName === 'string' ? fileData.fileName : null;
    const languages = await languagesOf(text);
    return {
      ...options,
      ...jobDetails(fileData),
      ...languages,
      ...jobWarnings(fileData),
      text,
      source,
      fileName,
    };
  }
  // A job queued by an earlier release carries the file's bytes instead, read here.
  const upload = await findJobUpload(deps.db, job.id);
  if (!upload) throw new PermanentJobError(UPLOAD_MISSING_MESSAGE);
  try {
    return await resolveSummaryInput(deps, {
      ...options,
      kind: 'file',
      file: new File([Buffer.from(upload.content)], upload.file_name),
    });
  } catch (error) {
    // A busy reader (503) is worth another attempt; any other refusal is about the file.
    if (error instanceof AppError && error.status < 500) {
      throw new PermanentJobError(error.message, { cause: error });
    }
    throw error;
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof PermanentJobError) return false;
  if (error instanceof SummarizerError) return error.retryable;
  // A database hiccup or anything unexpected may well pass on a later attempt.
  return true;
}

/** The error a job retries on, for each stand-in reason that passes with time. */
const PASSING_FAILURES: Partial<Record<FallbackReason, SummarizerErrorCode>> = {
  rate_limited: 'RATE_LIMITED',
  unavailable: 'UNAVAILABLE',
  timeout: 'TIMEOUT',
};

/**
 * Whether the local summarizer stood in for Gemini for a reason that passes with time. The
 * app's summarizer throws those instead (`throwPassing`, see retryLater); this reads the result
 * of a summarizer that does not honour the option. A rate limit and a time-out pass;
 * `unavailable` also names a request Gemini refused (a 4xx), which no wait mends, so it counts
 * only while the summarizer reports Gemini itself down (its shared circuit breaker open).
 */
function passingFailure(deps: AppDeps, result: SummaryResult): SummarizerErrorCode | undefined {
  if (!result.isFallback || result.fallbackReason === null) return undefined;
  const code = PASSING_FAILURES[result.fallbackReason];
  if (code !== 'UNAVAILABLE') return code;
  return deps.summarizer.health?.().reason === 'unavailable' ? code : undefined;
}

/**
 * A queued job is in no hurry: when the local summarizer stood in for Gemini for a reason that
 * passes (see passingFailure), the attempt fails so that the queue tries again, after the delay
 * the summarizer knows (a 429's retryDelay, its cool-down) within `jobs.maxRetryDelaySeconds`,
 * or with the queue's usual backoff when it knows none. Called on every attempt but the last,
 * which keeps the Quick Summary and its reason. Live requests keep the fast fallback.
 */
async function retryLaterForGemini(
  deps: AppDeps,
  queue: SummaryJobQueue,
  job: QueuedJob<unknown>,
  result: SummaryResult,
): Promise<void> {
  const code = passingFailure(deps, result);
  if (code === undefined) return;
  const askedMs = deps.summarizer.health?.().retryAfterMs ?? 0;
  throw await retryLater(
    deps,
    queue,
    job,
    new SummarizerError(code, `Gemini could not answer (${result.fallbackReason})`, {
      retryable: true,
      ...(askedMs > 0 ? { retryAfterMs: askedMs } : {}),
    }),
  );
}

/**
 * Sets the queue's wait before the job's next attempt from a passing failure of Gemini: the
 * wait it names (a 429's retryDelay, the breaker's cool-down) within
 * `jobs.maxRetryDelaySeconds`, else the queue's usual backoff. Returns the error to throw.
 */
async function retryLater(
  deps: AppDeps,
  queue: SummaryJobQueue,
  job: QueuedJob<unknown>,
  error: SummarizerError,
): Promise<SummarizerError> {
  const { jobs } = deps.config;
  const askedMs = error.retryAfterMs ?? 0;
  const retry =
    askedMs > 0
      ? { seconds: Math.min(jobs.maxRetryDelaySeconds, Math.ceil(askedMs / 1000)), backoff: false }
      : { seconds: jobs.retryDelaySeconds, backoff: true };
  await deps.jobs.setRetryDelay(queue, job.id, retry);
  deps.logger.info(
    { jobId: job.id, queue, code: error.code, status: error.status, retry },
    `Gemini could not answer (${error.code}); the job tries again later`,
  );
  return error;
}

/**
 * Runs one attempt of a summary job (the worker's handler). On success one transaction
 * inserts the summary and marks the job completed. Bad input fails the job at once, with the
 * reason, and refunds; a temporary failure (SummarizerError.retryable, or unexpected) is
 * thrown so the queue retries it with backoff, until the last attempt, which fails and
 * refunds instead. A job that already ended (a repeat after a crash) does nothing.
 */
export async function processSummaryJob(
  deps: AppDeps,
  queue: SummaryJobQueue,
  job: QueuedJob<Partial<TextSummaryJobData>>,
): Promise<void> {
  const tracked = await findSummaryJob(deps.db, job.id);
  if (!tracked || tracked.status !== 'pending') {
    await deleteJobUpload(deps.db, job.id);
    return;
  }
  try {
    await setSummaryJobProgress(deps.db, job.id, 10);
    const source = await jobSource(deps, queue, job);
    await setSummaryJobProgress(deps.db, job.id, 30);
    // Every attempt but the last leaves a passing failure of Gemini to the queue's retries.
    const retriesLeft = job.retryCount < job.retryLimit;
    let result: SummaryResult;
    try {
      result = await deps.summarizer.summarize(
        {
          text: source.text,
          customPrompt: source.customPrompt,
          length: source.length,
          format: source.format,
          ...summarizerLanguages(source.sourceLanguage, source.language ?? null),
        },
        undefined,
        { throwPassing: retriesLeft },
      );
    } catch (error) {
      if (retriesLeft && isPassingFailure(error)) throw await retryLater(deps, queue, job, error);
      throw error;
    }
    if (retriesLeft) await retryLaterForGemini(deps, queue, job, result);
    const summaryText = toSummaryText(
      source.text,
      source.customPrompt,
      source,
      result,
      source.sourceLanguage,
    );
    if (summaryText === null) {
      throw new SummarizerError('EMPTY_RESPONSE', 'The summarizer answered with no text', {
        retryable: true,
      });
    }
    await setSummaryJobProgress(deps.db, job.id, 90);
    await deps.db.transaction().execute(async (trx) => {
      const current = await findSummaryJob(trx, job.id);
      if (!current || current.status !== 'pending') return;
      const summary = await insertPaidSummary(
        trx,
        current.user_id,
        source,
        summaryText,
        current.debit_ledger_id,
      );
      if (!(await finishSummaryJob(trx, job.id, { status: 'completed', summaryId: summary.id }))) {
        throw new Error(`Summary job ${job.id} ended while it was being completed`);
      }
      await deleteJobUpload(trx, job.id);
    });
  } catch (error) {
    if (isRetryable(error) && job.retryCount < job.retryLimit) throw error;
    if (!(error instanceof PermanentJobError)) {
      deps.logger.error(
        { err: error, jobId: job.id, queue },
        `Summary job ${job.id} failed for good:`,
      );
    }
    const message = error instanceof PermanentJobError ? error.message : SUMMARIZER_FAILED_MESSAGE;
    if (await failSummaryJob(deps, job.id, message)) deps.metrics.jobFailures.inc({ queue });
  }
}

/**
 * Fails and refunds pending jobs the queue no longer runs (their process died on the last
 * attempt, or a shutdown handed back a job with no retries left). Returns how many it refunded.
 */
export async function sweepLostSummaryJobs(deps: AppDeps): Promise<number> {
  const lost = await listLostSummaryJobs(deps.db, deps.config.jobs.schema, 100);
  let refunded = 0;
  for (const jobId of lost) {
    if (await failSummaryJob(deps, jobId, JOB_LOST_MESSAGE)) refunded += 1;
  }
  return refunded;
}
