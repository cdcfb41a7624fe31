import { summaryNotFound } from '../../domain/summary-response';
import {
  consumeCreditReservation,
  linkCreditMovementToSummary,
  releaseCreditReservation,
  reserveCredits,
  spendCredits,
} from '../../db/credit-ledger.repository';
import { findSummaryShare } from '../../db/summary-shares.repository';
import { toSummaryShareDto } from '../../domain/summary-share';
import type { SummaryShareDto } from '../../domain/summary-share';
import { findUserById } from '../../db/users.repository';
import type { AuthUserRecord, UserRecord } from '../../db/user-record';
import type { DbExecutor } from '../../db/database';
import { refusedDebit, sessionGone } from '../../domain/acting-user';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../app-env';
import { SUMMARY_COST } from '../../lib/product-constants';
import type {
  FallbackReason,
  SummaryDocument,
  SummaryFormat,
  SummaryLength,
  SummaryResult,
} from '../../summarizer/summarizer';
import { summarizerDocumentsOf } from '../../domain/collection-sources';
import { SummarizerError } from '../../summarizer/summarizer-error';
import { compressionRatio, countWords } from '../../summarizer/summary-metrics';
import {
  countOwnSummaries,
  deleteOwnSummary,
  findOwnSummary,
  insertSummary,
  listOwnSummaries,
  readOwnSummariesPage,
  sumOwnSummaries,
  updateRegeneratedSummary,
} from '../../db/summaries.repository';
import type { SummaryRecord, SummaryText, SummaryTotals } from '../../db/summaries.repository';
import type { ListSummariesQuery } from './summaries.schemas';
import { documentOrigin, resolveSummaryInput } from './summary-input';
import type { SummaryInput, SummaryShape, SummarySourceText } from './summary-input';
import { resultLanguage, summarizerLanguages } from './summary-languages';

export const INSUFFICIENT_CREDITS_MESSAGE =
  'Insufficient credits. Please contact support to recharge your account.';
export const SUMMARIZER_FAILED_MESSAGE = 'Failed to create summary';
export const REGENERATE_FAILED_MESSAGE = 'Failed to regenerate summary';
export const SUMMARY_CANCELLED_MESSAGE = 'The summary request was cancelled';

/**
 * Why a regeneration was refused instead of replacing an AI summary with a Quick Summary, in
 * words for the reader (`not_configured` never refuses: the local summarizer is then the engine).
 */
export const REGENERATE_REFUSED_MESSAGES: Record<
  Exclude<FallbackReason, 'not_configured'>,
  string
> = {
  rate_limited:
    'The AI service is busy right now, so your summary was kept as it was. Please try again in a minute.',
  unavailable:
    'The AI service is unavailable right now, so your summary was kept as it was. Please try again later.',
  timeout:
    'The AI service took too long to answer, so your summary was kept as it was. Please try again later.',
  blocked: 'The AI service declined to rewrite this document, so your summary was kept as it was.',
  incomplete:
    'The AI service returned an incomplete answer, so your summary was kept as it was. Please try again.',
};

/** Retry-After of a refused regeneration when the summarizer does not know better. */
const REGENERATE_RETRY_AFTER_SECONDS = 30;

/**
 * Who is asking, for the service functions: the signed-in user, the request id for logs and,
 * on live requests, the request's abort signal (it fires when the client goes away).
 */
export interface SummaryRequester {
  user: UserRecord;
  requestId: string;
  signal?: AbortSignal | undefined;
}

export interface CreatedSummary {
  summary: SummaryRecord;
  /** The user's balance after paying for it. */
  updatedCredits: number;
}

export interface SummaryPage {
  summaries: SummaryRecord[];
  /** The user's own summaries added up, whatever the search. */
  totals: SummaryTotals;
  /** How many summaries the page's filter (the search) matches: the pager's total. */
  matching: number;
  page: number;
  limit: number;
}

export function insufficientCredits(): AppError {
  return new AppError(402, 'INSUFFICIENT_CREDITS', INSUFFICIENT_CREDITS_MESSAGE);
}

/**
 * The error of a request whose client went away: nobody reads it, but logs and metrics see
 * 499 (the status proxies use for it), and nothing was stored or charged.
 */
export function summaryCancelled(cause?: unknown): AppError {
  return new AppError(
    499 as ContentfulStatusCode,
    'CANCELLED',
    SUMMARY_CANCELLED_MESSAGE,
    undefined,
    cause === undefined ? {} : { cause },
  );
}

/** Throws summaryCancelled when the requester's client has gone away. */
export function assertNotCancelled(requester: SummaryRequester): void {
  if (requester.signal?.aborted) throw summaryCancelled(requester.signal.reason);
}

/**
 * Runs the summarizer (never inside a transaction: it may take seconds) with the request's
 * abort signal, and measures the result. The composed summarizer falls back to the local one
 * instead of failing, so a throw here is unexpected: it is logged and answered 503, and nothing
 * is charged. A client that went away gets summaryCancelled (nothing logged as an error).
 * `documents`: a collection's (summary-collection.ts), every one of which the summary draws on.
 */
export async function summarize(
  deps: AppDeps,
  requester: SummaryRequester,
  text: string,
  customPrompt: string | null,
  shape: SummaryShape,
  failureMessage: string,
  sourceLanguage: string,
  documents?: SummaryDocument[],
): Promise<SummaryText> {
  let result;
  try {
    result = await deps.summarizer.summarize(
      {
        text,
        customPrompt,
        length: shape.length,
        format: shape.format,
        ...summarizerLanguages(sourceLanguage, shape.language ?? null),
        ...(documents ? { documents } : {}),
      },
      requester.signal,
    );
  } catch (error) {
    if (requester.signal?.aborted || isAborted(error)) throw summaryCancelled(error);
    deps.logger.error({ err: error, requestId: requester.requestId }, 'The summarizer failed:');
    throw new AppError(503, 'SUMMARIZER_UNAVAILABLE', failureMessage, undefined, { cause: error });
  }
  assertNotCancelled(requester);
  const summaryText = toSummaryText(text, customPrompt, shape, result, sourceLanguage);
  if (summaryText === null) {
    deps.logger.error(
      { requestId: requester.requestId },
      `The summarizer answered with no text (${result.model})`,
    );
    throw new AppError(503, 'SUMMARIZER_UNAVAILABLE', failureMessage);
  }
  return summaryText;
}

function isAborted(error: unknown): boolean {
  return error instanceof SummarizerError && error.code === 'ABORTED';
}

/**
 * A summarizer's answer as a summary stores it, measured against `text` (in `sourceLanguage`);
 * null when the answer holds no text. Postgres text cannot hold NUL, and a provider's answer is
 * not trusted to be free of it.
 */
export function toSummaryText(
  text: string,
  customPrompt: string | null,
  shape: SummaryShape,
  result: SummaryResult,
  sourceLanguage = 'und',
): SummaryText | null {
  const summarizedContent = result.summary.replaceAll('\u0000', '').trim();
  if (summarizedContent === '') return null;
  const summaryWordCount = countWords(summarizedContent);
  return {
    summarizedContent,
    summaryWordCount,
    compressionRatio: compressionRatio(countWords(text), summaryWordCount),
    processingTime: Math.max(0, Math.round(result.processingTimeMs)),
    isFallback: result.isFallback,
    aiModel: result.model,
    customPrompt,
    length: shape.length,
    format: shape.format,
    keywords: result.keywords.map(withoutNul),
    sourceMap: result.sourceMap.map((entry) => ({
      text: withoutNul(entry.text),
      sources: entry.sources.map((span) => ({ start: span.start, end: span.end })),
      ...(entry.checked === false ? { checked: false as const } : {}),
    })),
    unverified: result.unverified.map(withoutNul),
    fallbackReason: result.fallbackReason,
    // A summarizer that does not say follows prompts (Gemini does).
    promptApplied: customPrompt === null ? null : (result.promptApplied ?? true),
    language: resultLanguage(result, sourceLanguage, shape.language ?? null),
    requestedLanguage: shape.language ?? null,
  };
}

/** Postgres text and jsonb cannot hold NUL. */
function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '');
}

/**
 * Creates a summary for 1 credit from any SummaryInput. A user with no credits is refused
 * before any work (assertCanPay, before a byte of a file is read); then the input is resolved
 * to its text (resolveSummaryInput: a file that cannot be read is refused, nothing charged),
 * the credit is reserved (reserveSummaryCredit: 402 when every credit is already held by their
 * other summaries being written), the summarizer runs outside any transaction, and
 * storeNewSummary pays for and stores it. If generation fails, or the client goes away before the summary is
 * stored, nothing is charged and the reservation is given back.
 */
export async function createSummary(
  deps: AppDeps,
  requester: SummaryRequester,
  input: SummaryInput,
): Promise<CreatedSummary> {
  assertCanPay(requester);
  const source = await resolveSummaryInput(deps, input, requester.user.id, {
    signal: requester.signal,
  });
  return summarizeAndStore(deps, requester, source);
}

/**
 * The paying path of every new summary once its text is resolved (createSummary, the
 * collection's combineSummaries): the credit reserved (402 when every credit is already held),
 * the summarizer run outside any transaction (with `documents`, a collection's, when given),
 * then the summary stored and paid for in one transaction (storeNewSummary). If generation
 * fails, or the client goes away before the summary is stored, nothing is charged and the
 * reservation is given back.
 */
export async function summarizeAndStore(
  deps: AppDeps,
  requester: SummaryRequester,
  source: SummarySourceText,
  documents?: SummaryDocument[],
): Promise<CreatedSummary> {
  const reservation = await reserveSummaryCredit(deps, requester);
  try {
    const summaryText = await summarize(
      deps,
      requester,
      source.text,
      source.customPrompt,
      source,
      SUMMARIZER_FAILED_MESSAGE,
      source.sourceLanguage,
      documents,
    );
    return await storeNewSummary(deps, requester, source, summaryText, reservation);
  } finally {
    await reservation.release();
  }
}

/**
 * The up-front credit check of a paid summary, whichever way it is created (plain, streamed,
 * queued, uploaded): 402 before any work.
 */
export function assertCanPay(requester: SummaryRequester): void {
  if (requester.user.credits < SUMMARY_COST) throw insufficientCredits();
}

/**
 * A summary's credit, held in the database (credit_reservations) while its model runs, so
 * parallel requests on one credit make one model call, whichever API process they reach.
 * storeNewSummary turns it into the debit; `release` gives it back when nothing was stored
 * (a no-op once stored, and never throws: a reservation it cannot delete lapses by itself).
 */
export interface CreditReservation {
  id: string;
  /** Called once its debit has committed: `release` then has nothing to give back. */
  stored(): void;
  release(): Promise<void>;
}

/**
 * Reserves the requester's credit for one summary: 402 INSUFFICIENT_CREDITS (as for no credits)
 * when their balance less their other reservations cannot cover it, 401 when they are gone.
 */
export async function reserveSummaryCredit(
  deps: AppDeps,
  requester: SummaryRequester,
): Promise<CreditReservation> {
  const reserved = await reserveCredits(deps.db, {
    userId: requester.user.id,
    amount: SUMMARY_COST,
    seconds: deps.config.summarizerLimits.holdSeconds,
  });
  if (reserved === 'gone') throw sessionGone();
  if (reserved === 'insufficient') throw insufficientCredits();
  let open = true;
  return {
    id: reserved.id,
    stored() {
      open = false;
    },
    async release() {
      if (!open) return;
      open = false;
      try {
        await releaseCreditReservation(deps.db, reserved.id);
      } catch (error) {
        deps.logger.warn(
          { err: error, requestId: requester.requestId },
          'Releasing a credit reservation failed; it lapses by itself',
        );
      }
    },
  };
}

/**
 * Takes one summary's credit inside the caller's transaction: a conditional UPDATE, so racing
 * requests can never spend more than the balance, with its ledger row (reason `summary`).
 * 402 when the credit is not there, 401 when the user is gone. A live summary takes it when it
 * is stored (storeNewSummary), a queued one when it is queued.
 */
export async function takeSummaryCredit(
  trx: DbExecutor,
  userId: string,
): Promise<{ ledgerId: string; credits: number }> {
  const debit = await spendCredits(trx, { userId, amount: SUMMARY_COST });
  if (!debit) throw await refusedDebit(trx, userId, insufficientCredits);
  return { ledgerId: debit.ledgerId, credits: debit.user.credits };
}

/**
 * Inserts a new summary (its version 1) of `source` inside the caller's transaction and links
 * the debit that paid for it (`debitLedgerId`; null for a job queued before debits were linked).
 */
export async function insertPaidSummary(
  trx: DbExecutor,
  userId: string,
  source: SummarySourceText,
  summaryText: SummaryText,
  debitLedgerId: string | null,
): Promise<SummaryRecord> {
  const summary = await insertSummary(trx, {
    ...summaryText,
    userId,
    originalContent: source.text,
    originalWordCount: countWords(source.text),
    source: source.source,
    ...documentOrigin(source),
    sourceLanguage: source.sourceLanguage,
    secondSourceLanguage: source.secondSourceLanguage,
    sources: source.sources,
    hiddenText: source.hiddenText,
    instructionLike: source.instructionLike,
  });
  if (debitLedgerId !== null) await linkCreditMovementToSummary(trx, debitLedgerId, summary.id);
  return summary;
}

/**
 * Stores a new summary and pays for it in one transaction: ends its credit reservation, takes
 * the credit (takeSummaryCredit), inserts the summary and links its ledger row
 * (insertPaidSummary). A client that has gone away by now is charged nothing.
 */
export async function storeNewSummary(
  deps: AppDeps,
  requester: SummaryRequester,
  input: SummarySourceText,
  summaryText: SummaryText,
  reservation: CreditReservation,
): Promise<CreatedSummary> {
  assertNotCancelled(requester);
  const userId = requester.user.id;
  const created = await deps.db.transaction().execute(async (trx) => {
    await consumeCreditReservation(trx, reservation.id);
    const debit = await takeSummaryCredit(trx, userId);
    const summary = await insertPaidSummary(trx, userId, input, summaryText, debit.ledgerId);
    return { summary, updatedCredits: debit.credits };
  });
  reservation.stored();
  return created;
}

/**
 * One page of the own summaries of the user `userId` (a bearer token's, not yet checked against
 * the database), newest first, with their totals; with `q`, only those whose original or summary
 * holds its words (full-text search), and the pager counts those. `admit` is given the user as
 * read from the database (undefined when gone) before anything is counted or answered, and throws
 * to refuse them (401): the usual list reads the user in the same statement as its page, so it
 * costs one round trip (issue 13).
 */
export async function listSummaries(
  deps: AppDeps,
  userId: string,
  query: ListSummariesQuery,
  admit: (user: AuthUserRecord | undefined) => void,
): Promise<SummaryPage> {
  const { db } = deps;
  const offset = (query.page - 1) * query.limit;
  if (query.q === undefined && Number.isSafeInteger(offset)) {
    const { user, summaries, totals } = await readOwnSummariesPage(db, userId, {
      offset,
      limit: query.limit,
    });
    admit(user);
    return {
      summaries,
      totals,
      matching: totals.count,
      page: query.page,
      limit: query.limit,
    };
  }
  admit(await findUserById(db, userId));
  const totals = await sumOwnSummaries(db, userId);
  const matching =
    query.q === undefined ? totals.count : await countOwnSummaries(db, userId, query.q);
  // Past the last page there is nothing to read (and a huge page number never reaches SQL).
  const summaries =
    offset < matching
      ? await listOwnSummaries(db, userId, { offset, limit: query.limit, q: query.q })
      : [];
  return { summaries, totals, matching, page: query.page, limit: query.limit };
}

/** The user's own summary; 404 when it does not exist, is someone else's, or the id is malformed. */
export async function getSummary(
  deps: AppDeps,
  requester: SummaryRequester,
  id: string,
): Promise<SummaryRecord> {
  const summary = await findOwnSummary(deps.db, requester.user.id, id);
  if (!summary) throw summaryNotFound();
  return summary;
}

/**
 * The user's own summary with its live read-only link (API.md round 3 `share`, for the owner
 * only); 404 as getSummary.
 */
export async function getSummaryWithShare(
  deps: AppDeps,
  requester: SummaryRequester,
  id: string,
): Promise<{ summary: SummaryRecord; share: SummaryShareDto | null }> {
  const summary = await getSummary(deps, requester, id);
  const share = await findSummaryShare(deps.db, id);
  return { summary, share: share ? toSummaryShareDto(share) : null };
}

/** Deletes the user's own summary (its ledger row stays, unlinked); 404 as getSummary. */
export async function deleteSummary(
  deps: AppDeps,
  requester: SummaryRequester,
  id: string,
): Promise<void> {
  if (!(await deleteOwnSummary(deps.db, requester.user.id, id))) throw summaryNotFound();
}

/**
 * What a regeneration asks for; a length, format or language left out keeps the summary's own
 * (language: the one it was asked in; null asks for the document's own).
 */
export interface RegenerateOptions {
  customPrompt: string | null;
  length?: SummaryLength | undefined;
  format?: SummaryFormat | undefined;
  language?: string | null | undefined;
}

/**
 * Summarizes the user's own summary's original text again, free, with the new custom prompt
 * (null for none) and length and format (default: the summary's own), as its next version:
 * regenerationCount + 1, version + 1, reviewStatus back to pending. Returns the summary and
 * the user's updated totals. 404 as getSummary, also when it is deleted meanwhile.
 *
 * A regeneration never makes things worse: when Gemini is configured but could not answer and
 * the local summarizer stood in, an AI summary is kept as it was and the answer is 503 with
 * the reason in words (see refusedRegeneration). A Quick Summary may be regenerated into
 * another, and with no Gemini key the local summarizer is the engine, never a stand-in.
 */
export async function regenerateSummary(
  deps: AppDeps,
  requester: SummaryRequester,
  id: string,
  options: RegenerateOptions,
): Promise<{ summary: SummaryRecord; totals: SummaryTotals }> {
  const existing = await getSummary(deps, requester, id);
  const shape: SummaryShape = {
    length: options.length ?? existing.length,
    format: options.format ?? existing.format,
    language: options.language === undefined ? existing.requested_language : options.language,
  };
  const summaryText = await summarize(
    deps,
    requester,
    existing.original_content,
    options.customPrompt,
    shape,
    REGENERATE_FAILED_MESSAGE,
    existing.source_language,
    summarizerDocumentsOf(existing),
  );
  const refused = refusedRegeneration(deps, existing, summaryText);
  if (refused) {
    deps.logger.warn(
      { requestId: requester.requestId, summaryId: id, fallbackReason: summaryText.fallbackReason },
      'Regeneration refused: Gemini could not answer; the current version is kept',
    );
    throw refused;
  }
  const summary = await deps.db
    .transaction()
    .execute((trx) => updateRegeneratedSummary(trx, requester.user.id, id, summaryText));
  if (!summary) throw summaryNotFound();
  const totals = await sumOwnSummaries(deps.db, requester.user.id);
  return { summary, totals };
}

/**
 * The 503 SERVICE_UNAVAILABLE of a regeneration that would replace an AI summary (the current
 * version, `isFallback: false`) by a Quick Summary because Gemini failed; null when the new
 * text may be stored. Retry-After is the summarizer's own cool-down when it knows one.
 */
function refusedRegeneration(
  deps: AppDeps,
  current: SummaryRecord,
  next: SummaryText,
): AppError | null {
  const reason = next.fallbackReason;
  if (!next.isFallback || current.is_fallback) return null;
  if (reason === 'not_configured') return null;
  const retryAfterMs = deps.summarizer.health?.().retryAfterMs ?? 0;
  const retryAfter =
    retryAfterMs > 0 ? Math.ceil(retryAfterMs / 1000) : REGENERATE_RETRY_AFTER_SECONDS;
  return new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    REGENERATE_REFUSED_MESSAGES[reason ?? 'unavailable'],
    undefined,
    reason === 'blocked' ? {} : { headers: { 'Retry-After': String(retryAfter) } },
  );
}
