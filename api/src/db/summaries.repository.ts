import { sql } from 'kysely';
import type { HiddenPassage } from '../documents/hidden-text';
import type { InstructionLikePassage } from '../summarizer/text/instruction-like';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DbExecutor } from './database';
import { prepareStatement } from './prepared-statement';
import type {
  CollectionSource,
  SummarySection,
  SummariesTable,
  SummarySource,
  SummaryVersionsTable,
} from './schema';
import type {
  FallbackReason,
  SourceMapEntry,
  SummaryFormat,
  SummaryLength,
} from '../summarizer/summarizer';
import type { PageWindow } from '../lib/page-query';
import { KEPT_LATEST_VERSIONS } from '../lib/product-constants';
import { authUserColumns } from './user-record';
import type { AuthUserRecord } from './user-record';

/** A summary row with its reviewer's name (null when unreviewed or the reviewer is gone). */
export type SummaryRecord = Selectable<SummariesTable> & { reviewer_name: string | null };

/** A user's summaries added up (see toSummaryStatisticsDto). */
export interface SummaryTotals {
  count: number;
  originalWords: number;
  summaryWords: number;
  compressionRatioSum: number;
}

/** What the summarizer produced, as stored on a summary (and as API.md's Summary shows it). */
export interface SummaryText {
  summarizedContent: string;
  summaryWordCount: number;
  /** Percent by which the summary is shorter in words (0..100). */
  compressionRatio: number;
  /** Milliseconds the summarizer took. */
  processingTime: number;
  /** True when the local summarizer wrote it ("Quick Summary"). */
  isFallback: boolean;
  aiModel: string;
  customPrompt: string | null;
  /** API.md "Additions": the length and format it was written for. */
  length: SummaryLength;
  format: SummaryFormat;
  /** Up to 10 key terms of the original, most important first. */
  keywords: string[];
  /** One entry per sentence (item) of summarizedContent, with its source spans. */
  sourceMap: SourceMapEntry[];
  /** Numbers, dates and names of the summary that the original never mentions. */
  unverified: string[];
  /** Why the local summarizer answered instead of Gemini; null when Gemini did. */
  fallbackReason: FallbackReason | null;
  /**
   * Whether the custom prompt was acted on (API.md round 3): null without a prompt, false when
   * the summarizer could not act on it.
   */
  promptApplied: boolean | null;
  /** The language the text is written in (ISO 639-1, `und` unknown): the truth, not the wish. */
  language: string;
  /** The language the reader asked for; null for the document's own. */
  requestedLanguage: string | null;
}

/** Where a summary's text came from, as stored on it (and as API.md's Summary shows it). */
export interface SummaryOrigin {
  source: SummarySource;
  fileName: string | null;
  /** For `url`: the address the text came from, after redirects. */
  sourceUrl: string | null;
  /** The page's or document's title, where one is known. */
  sourceTitle: string | null;
  /** Some of the text was read from images by OCR. */
  ocr: boolean;
  /** For PDFs and multi-page scans: UTF-16 offsets in originalContent where page 2, 3, … begin. */
  pageBreaks: number[];
}

/**
 * A summary to insert. Its languages may be left out (a caller that does not know them):
 * `und` for the document, and its text in the document's language, nothing asked.
 */
export interface NewSummary
  extends
    Omit<SummaryText, 'language' | 'requestedLanguage'>,
    Partial<Pick<SummaryText, 'language' | 'requestedLanguage'>>,
    SummaryOrigin {
  userId: string;
  originalContent: string;
  originalWordCount: number;
  /** The document's language, and a second one when it mixes two (see DocumentLanguages). */
  sourceLanguage?: string | undefined;
  secondSourceLanguage?: string | null | undefined;
  /** For a collection: its documents' spans in originalContent (absent: none). */
  sources?: CollectionSource[] | undefined;
  /** What the document hid from its readers, and passages addressed to an AI (absent: none). */
  hiddenText?: HiddenPassage[] | undefined;
  instructionLike?: InstructionLikePassage[] | undefined;
  /** The source's headings and their spans in originalContent (absent: none). */
  sections?: SummarySection[] | undefined;
}

/** Summaries with their reviewer's name (null when unreviewed or the reviewer is gone). */
export function selectSummaries(db: DbExecutor) {
  return db
    .selectFrom('summaries')
    .leftJoin('users as reviewer', 'reviewer.id', 'summaries.reviewed_by')
    .selectAll('summaries')
    .select('reviewer.name as reviewer_name');
}

/** Newest first, ties by id: the order of every list of summaries. */
export function newestSummariesFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return query
    .orderBy(sql.ref('summaries.created_at'), 'desc')
    .orderBy(sql.ref('summaries.id'), 'desc');
}

function textColumns(text: SummaryText) {
  return {
    summarized_content: text.summarizedContent,
    summary_word_count: text.summaryWordCount,
    compression_ratio: text.compressionRatio,
    processing_time: text.processingTime,
    is_fallback: text.isFallback,
    ai_model: text.aiModel,
    custom_prompt: text.customPrompt,
    length: text.length,
    format: text.format,
    keywords: JSON.stringify(text.keywords),
    source_map: JSON.stringify(text.sourceMap),
    unverified: JSON.stringify(text.unverified),
    fallback_reason: text.fallbackReason,
    prompt_applied: text.promptApplied,
    language: text.language,
    requested_language: text.requestedLanguage,
  };
}

/**
 * Records `text` as version `version` of the summary (`editedBy`: the staff member whose edit
 * it is, else null). Call it in the transaction that made the text current.
 */
export async function insertSummaryVersion(
  db: DbExecutor,
  summaryId: string,
  version: number,
  text: SummaryText,
  editedBy: string | null,
): Promise<void> {
  await db
    .insertInto('summary_versions')
    .values({
      summary_id: summaryId,
      version,
      summarized_content: text.summarizedContent,
      custom_prompt: text.customPrompt,
      length: text.length,
      format: text.format,
      ai_model: text.aiModel,
      is_fallback: text.isFallback,
      source_map: JSON.stringify(text.sourceMap),
      keywords: JSON.stringify(text.keywords),
      unverified: JSON.stringify(text.unverified),
      fallback_reason: text.fallbackReason,
      prompt_applied: text.promptApplied,
      language: text.language,
      requested_language: text.requestedLanguage,
      edited_by: editedBy,
    })
    .execute();
}

/** How a new current version came about: it decides the counters that move with it. */
export interface NewVersionOptions {
  /** A regeneration: regeneration_count + 1. */
  regenerated: boolean;
  /** The staff member who edited the text, else null. */
  editedBy: string | null;
  /** Only a summary this user owns (undefined: any summary, for staff). */
  ownerId?: string;
}

/**
 * Makes `text` the summary's current text as its next version, in one transaction with the
 * caller's: version + 1, review status back to pending (the earlier verdicts stay in
 * review_events), and the version row. The UPDATE's row lock orders concurrent callers, so
 * each gets its own number. Returns the new version, or undefined if the summary is gone
 * (or not the owner's).
 */
export async function writeNextVersion(
  db: DbExecutor,
  id: string,
  text: SummaryText,
  options: NewVersionOptions,
): Promise<number | undefined> {
  let update = db
    .updateTable('summaries')
    .set({
      ...textColumns(text),
      version: sql<number>`version + 1`,
      ...(options.regenerated ? { regeneration_count: sql<number>`regeneration_count + 1` } : {}),
      review_status: 'pending',
      review_comments: null,
      reviewed_by: null,
      reviewed_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id);
  if (options.ownerId !== undefined) update = update.where('user_id', '=', options.ownerId);
  const row = await update.returning('version').executeTakeFirst();
  if (!row) return undefined;
  await insertSummaryVersion(db, id, row.version, text, options.editedBy);
  await pruneSummaryVersions(db, id, row.version);
  return row.version;
}

/**
 * Drops the versions of a summary whose current version is `current` that it no longer keeps:
 * all but version 1, every staff edit and the latest KEPT_LATEST_VERSIONS. Call it in the
 * transaction that wrote version `current` (writeNextVersion does).
 */
export async function pruneSummaryVersions(
  db: DbExecutor,
  summaryId: string,
  current: number,
): Promise<void> {
  const oldestKept = current - KEPT_LATEST_VERSIONS + 1;
  if (oldestKept <= 2) return;
  await db
    .deleteFrom('summary_versions')
    .where('summary_id', '=', summaryId)
    .where('version', '>', 1)
    .where('version', '<', oldestKept)
    .where('edited_by', 'is', null)
    .execute();
}

/**
 * Inserts a summary (review status pending, regeneration count 0) with its version 1 and
 * returns it. Call it inside a transaction, so the two rows commit together.
 */
export async function insertSummary(db: DbExecutor, summary: NewSummary): Promise<SummaryRecord> {
  const sourceLanguage = summary.sourceLanguage ?? 'und';
  const text: SummaryText = {
    ...summary,
    language: summary.language ?? sourceLanguage,
    requestedLanguage: summary.requestedLanguage ?? null,
  };
  const row = await db
    .insertInto('summaries')
    .values({
      ...textColumns(text),
      user_id: summary.userId,
      original_content: summary.originalContent,
      original_word_count: summary.originalWordCount,
      source: summary.source,
      file_name: summary.fileName,
      source_url: summary.sourceUrl,
      source_title: summary.sourceTitle,
      ocr: summary.ocr,
      page_breaks: JSON.stringify(summary.pageBreaks),
      source_language: sourceLanguage,
      second_source_language: summary.secondSourceLanguage ?? null,
      sources: JSON.stringify(summary.sources ?? []),
      hidden_text: JSON.stringify(summary.hiddenText ?? []),
      instruction_like: JSON.stringify(summary.instructionLike ?? []),
      sections: JSON.stringify(summary.sections ?? []),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertSummaryVersion(db, row.id, row.version, text, null);
  return { ...row, reviewer_name: null };
}

/** The summary with this id if `userId` owns it, else undefined. `id` must be a well-formed uuid. */
export function findOwnSummary(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<SummaryRecord | undefined> {
  return selectSummaries(db)
    .where('summaries.id', '=', id)
    .where('summaries.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Whether a summary's original or text matches the words of `q` (websearch syntax: words,
 * "quoted phrases", -excluded, or). The expression is exactly the one summaries_search_idx
 * indexes (migration 20261122120000_summary_workbench), so the index serves it.
 */
export function matchesSearch(q: string) {
  return sql<boolean>`to_tsvector('english'::regconfig, summaries.original_content || ' ' || summaries.summarized_content) @@ websearch_to_tsquery('english'::regconfig, ${q})`;
}

/** Whether the summary exists and is the user's. */
export async function ownsSummary(
  db: DbExecutor,
  userId: string,
  summaryId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('summaries')
    .select('id')
    .where('id', '=', summaryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many of a user's summaries match `q` (all of them without `q`). */
export async function countOwnSummaries(
  db: DbExecutor,
  userId: string,
  q: string | undefined,
): Promise<number> {
  let query = db
    .selectFrom('summaries')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('summaries.user_id', '=', userId);
  if (q !== undefined) query = query.where(matchesSearch(q));
  const row = await query.executeTakeFirstOrThrow();
  return row.count;
}

/**
 * One page of a user's summaries, newest first (ties broken by id, so pages never overlap),
 * only those matching `q` when it is given.
 */
export function listOwnSummaries(
  db: DbExecutor,
  userId: string,
  page: { offset: number; limit: number; q?: string | undefined },
): Promise<SummaryRecord[]> {
  let query = selectSummaries(db).where('summaries.user_id', '=', userId);
  if (page.q !== undefined) query = query.where(matchesSearch(page.q));
  return query.$call(newestSummariesFirst).offset(page.offset).limit(page.limit).execute();
}

/** A summary row as `json_agg` writes it: its dates are ISO 8601 text. */
type SummaryJson = Omit<SummaryRecord, 'created_at' | 'updated_at' | 'reviewed_at'> & {
  created_at: string;
  updated_at: string;
  reviewed_at: string | null;
};

function summaryFromJson(row: SummaryJson): SummaryRecord {
  return {
    ...row,
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
    reviewed_at: row.reviewed_at === null ? null : new Date(row.reviewed_at),
  };
}

const NO_TOTALS: SummaryTotals = {
  count: 0,
  originalWords: 0,
  summaryWords: 0,
  compressionRatioSum: 0,
};

/**
 * The user's row with the page of readOwnSummariesPage as two JSON values beside it: the page's
 * rows and the user's totals (null before their first summary). No row when the user is gone.
 */
const userWithOwnPage = prepareStatement<
  AuthUserRecord & { summaries: SummaryJson[]; totals: SummaryTotals | null },
  { userId: string; offset: number; limit: number }
>('user_with_own_summaries_page', (db, param) =>
  db
    .selectFrom('users')
    .select(authUserColumns)
    .select((eb) => [
      jsonArrayFrom(
        selectSummaries(db)
          .where('summaries.user_id', '=', param<string>('userId'))
          .$call(newestSummariesFirst)
          .offset(param<number>('offset'))
          .limit(param<number>('limit')),
      ).as('summaries'),
      eb
        .selectFrom('user_summary_totals')
        .select(
          sql<SummaryTotals>`json_build_object('count', summaries, 'originalWords', original_words, 'summaryWords', summary_words, 'compressionRatioSum', compression_ratio_sum)`.as(
            'totals',
          ),
        )
        .where('user_summary_totals.user_id', '=', param<string>('userId'))
        .as('totals'),
    ])
    .where('users.id', '=', param<string>('userId')),
);

/** A user read with one page of their summaries (see readOwnSummariesPage). */
export interface UserWithOwnPage {
  /** The user, as findUserById reads them; undefined when there is no such user. */
  user: AuthUserRecord | undefined;
  summaries: SummaryRecord[];
  totals: SummaryTotals;
}

/**
 * The user and one page of their summaries, newest first as listOwnSummaries, with their totals,
 * in one statement prepared once (decision 0019): GET /api/summaries authenticates with this
 * user row instead of a read of its own, so the list costs one round trip (issue 13). The
 * database hands the page over as one JSON value rather than a row of 31 columns per summary:
 * reading each column of each row was most of a list request's CPU in the API, on PGlite above
 * all. `userId` must be a well-formed uuid.
 */
export async function readOwnSummariesPage(
  db: DbExecutor,
  userId: string,
  page: PageWindow,
): Promise<UserWithOwnPage> {
  const [row] = await userWithOwnPage.run(db, {
    userId,
    offset: page.offset,
    limit: page.limit,
  });
  if (!row) return { user: undefined, summaries: [], totals: NO_TOTALS };
  const { summaries, totals, ...user } = row;
  return { user, summaries: summaries.map(summaryFromJson), totals: totals ?? NO_TOTALS };
}

/**
 * A user's summaries added up; all zeros when they have none. One primary-key read of the
 * totals the summaries trigger keeps (decision 0015), whatever the history's size.
 */
export async function sumOwnSummaries(db: DbExecutor, userId: string): Promise<SummaryTotals> {
  const row = await db
    .selectFrom('user_summary_totals')
    .select([
      sql<number>`summaries::float8`.as('count'),
      sql<number>`original_words::float8`.as('originalWords'),
      sql<number>`summary_words::float8`.as('summaryWords'),
      sql<number>`compression_ratio_sum::float8`.as('compressionRatioSum'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { count: 0, originalWords: 0, summaryWords: 0, compressionRatioSum: 0 };
}

/** Deletes the summary if `userId` owns it; true when it did. */
export async function deleteOwnSummary(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .deleteFrom('summaries')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Replaces an owned summary's text with a regenerated one, as its next version: regeneration
 * count + 1, review status back to pending. Call it inside a transaction. Returns the updated
 * summary, or undefined if it is gone (or not theirs).
 */
export async function updateRegeneratedSummary(
  db: DbExecutor,
  userId: string,
  id: string,
  text: SummaryText,
): Promise<SummaryRecord | undefined> {
  const version = await writeNextVersion(db, id, text, {
    regenerated: true,
    editedBy: null,
    ownerId: userId,
  });
  return version === undefined ? undefined : findOwnSummary(db, userId, id);
}

/** The summary's row (any owner), locked until the transaction ends; undefined if there is none. */
export function lockSummary(db: DbExecutor, id: string) {
  return db.selectFrom('summaries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A stored version with the name of the staff member who edited it (null when none or gone). */
export type SummaryVersionRecord = Omit<Selectable<SummaryVersionsTable>, 'id' | 'summary_id'> & {
  editor_name: string | null;
};

function selectVersions(db: DbExecutor, summaryId: string) {
  return db
    .selectFrom('summary_versions')
    .leftJoin('users as editor', 'editor.id', 'summary_versions.edited_by')
    .select([
      'summary_versions.version',
      'summary_versions.summarized_content',
      'summary_versions.custom_prompt',
      'summary_versions.length',
      'summary_versions.format',
      'summary_versions.ai_model',
      'summary_versions.is_fallback',
      'summary_versions.source_map',
      'summary_versions.keywords',
      'summary_versions.unverified',
      'summary_versions.fallback_reason',
      'summary_versions.prompt_applied',
      'summary_versions.language',
      'summary_versions.requested_language',
      'summary_versions.created_at',
      'summary_versions.edited_by',
      'editor.name as editor_name',
    ])
    .where('summary_versions.summary_id', '=', summaryId);
}

/** One page of a summary's stored versions, newest first. */
export function listSummaryVersions(
  db: DbExecutor,
  summaryId: string,
  page: PageWindow,
): Promise<SummaryVersionRecord[]> {
  return selectVersions(db, summaryId)
    .orderBy('summary_versions.version', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** How many versions of a summary are stored. */
export async function countSummaryVersions(db: DbExecutor, summaryId: string): Promise<number> {
  const row = await db
    .selectFrom('summary_versions')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('summary_id', '=', summaryId)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** One version of a summary, or undefined. */
export function findSummaryVersion(
  db: DbExecutor,
  summaryId: string,
  version: number,
): Promise<SummaryVersionRecord | undefined> {
  return selectVersions(db, summaryId)
    .where('summary_versions.version', '=', version)
    .executeTakeFirst();
}

/** Whether a summary with this id exists (anyone's). `id` must be a well-formed uuid. */
export async function summaryExists(db: DbExecutor, id: string): Promise<boolean> {
  const row = await db.selectFrom('summaries').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
