import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { FileKind } from '../documents/file-kinds';
import type { HiddenPassage } from '../documents/hidden-text';
import type { InstructionLikePassage } from '../summarizer/text/instruction-like';
import type {
  FallbackReason,
  SourceMapEntry,
  SourceSpan,
  SummaryFormat,
  SummaryLength,
} from '../summarizer/summarizer';

/*
 * The database as Kysely sees it: table and column names exactly as in SQL (snake_case).
 * Add a table here in the same change as the migration that creates it.
 * Drivers agree on these types: uuid -> string, timestamptz -> Date, integer -> number,
 * jsonb -> parsed JSON. Cast aggregates to int in SQL (`count(*)::int`): pg returns bigint as a string.
 */

export type Role = 'user' | 'editor' | 'reviewer' | 'admin';
export const ROLES: readonly Role[] = ['user', 'editor', 'reviewer', 'admin'];

export type CreditReason = 'signup' | 'summary' | 'refund' | 'recharge' | 'request';

/** A column the database fills on insert and nobody updates. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A column the database fills on insert that an update sets. */
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  name: string;
  /** Stored trimmed and lower-cased; unique on lower(email). */
  email: string;
  password_hash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  /** Never negative (CHECK credits >= 0). Change it only together with a credit_ledger row. */
  credits: ColumnType<number, number | undefined, number>;
  /** Bumping it revokes every token issued before (no longer on a role change: decision 0011). */
  token_version: ColumnType<number, number | undefined, number>;
  /** Tokens signed out one by one before they expire (POST /api/auth/logout; decision 0025). */
  revoked_tokens: ColumnType<RevokedToken[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/**
 * Credits held for a summary while its model runs: counted against the balance until
 * `expires_at`, turned into the debit when the summary is stored, deleted when nothing is.
 */
export interface CreditReservationsTable {
  id: Generated<string>;
  user_id: string;
  amount: number;
  expires_at: Date;
  created_at: CreatedAt;
}

/** One token signed out before its expiry: its signature (base64url) and its `exp`. */
export interface RevokedToken {
  id: string;
  exp: number;
}

/** Every credit movement, append-only: the database refuses updates and deletes. */
export interface CreditLedgerTable {
  id: Generated<string>;
  /** Null once the user is deleted: the history of credits outlives the account. */
  user_id: string | null;
  /** Positive for credits given, negative for credits spent. */
  amount: number;
  reason: CreditReason;
  summary_id: string | null;
  /** The staff member who moved the credits (recharge), else null. */
  actor_id: string | null;
  balance_after: number;
  /** The administrator's note on the decision that moved the credits (a request), else null. */
  note: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
}

/** Staff actions, append-only. */
export interface AuditEventsTable {
  id: Generated<string>;
  /** The actor's id, kept after their account is deleted (no foreign key); null for the system. */
  actor_id: string | null;
  /** The actor's name and email when the event was written (issue 24); null for the system. */
  actor_name: ColumnType<string | null, string | null | undefined, never>;
  actor_email: ColumnType<string | null, string | null | undefined, never>;
  action: string;
  target_type: string;
  target_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: CreatedAt;
}

/** Attempts counted by the rate limiter; rows expire and are pruned. */
export interface RateLimitHitsTable {
  id: Generated<string>;
  /** A SHA-256 of the limited key (so emails and addresses are not stored in clear). */
  key: string;
  expires_at: Date;
  created_at: CreatedAt;
}

/**
 * Where a summary's text came from: pasted (`text`), a file of one of the FILE_KINDS, a web
 * address (`url`), a photo or scan (`image`) or several of its owner's summaries (`collection`).
 */
export type SummarySource = 'text' | FileKind | 'url' | 'image' | 'collection';

/**
 * One document of a collection (API.md round 3 `sources`): the summary it came from (which may
 * since be deleted), its title, and its text's span in the collection's original_content
 * (UTF-16 offsets, `end` exclusive; the title line before it is outside the span).
 */
export interface CollectionSource {
  summaryId: string;
  title: string;
  start: number;
  end: number;
}

/**
 * A heading of a summary's source and the span of original_content it heads (API.md round 3
 * `sections`; UTF-16 offsets, `end` exclusive; level 1 to 6).
 */
export interface SummarySection {
  title: string;
  level: number;
  start: number;
  end: number;
}

/** A jsonb column: read as parsed JSON, written as a JSON string. */
type JsonColumn<T> = ColumnType<T, string | undefined, string>;
export type ReviewStatus = 'pending' | 'approved' | 'rejected' | 'needs_revision';
export const REVIEW_STATUSES: readonly ReviewStatus[] = [
  'pending',
  'approved',
  'rejected',
  'needs_revision',
];

/** A user's summary; deleted with its user. */
export interface SummariesTable {
  id: Generated<string>;
  user_id: string;
  original_content: string;
  summarized_content: string;
  original_word_count: number;
  summary_word_count: number;
  /** Percent by which the summary is shorter in words, 0..100. */
  compression_ratio: number;
  /** Milliseconds the summarizer took. */
  processing_time: number;
  /** True when the local summarizer wrote it. */
  is_fallback: ColumnType<boolean, boolean | undefined, boolean>;
  ai_model: string;
  custom_prompt: string | null;
  regeneration_count: ColumnType<number, number | undefined, number>;
  /** Pasted text, or the kind of file it came from; fixed at creation. */
  source: ColumnType<SummarySource, SummarySource | undefined, never>;
  /** The sanitized name of the uploaded file, else null. */
  file_name: ColumnType<string | null, string | null | undefined, never>;
  /** For `url`: the address the text came from after redirects; fixed at creation. */
  source_url: ColumnType<string | null, string | null | undefined, never>;
  /** The page's or document's title, where one is known; fixed at creation. */
  source_title: ColumnType<string | null, string | null | undefined, never>;
  /** Some of the text was read from images by OCR; fixed at creation. */
  ocr: ColumnType<boolean, boolean | undefined, never>;
  /** For PDFs and multi-page scans: UTF-16 offsets where page 2, 3, … begin in original_content. */
  page_breaks: ColumnType<number[], string | undefined, never>;
  /** For `collection`: its documents and their spans in original_content; `[]` otherwise. */
  sources: ColumnType<CollectionSource[], string | undefined, never>;
  /** Text of the document its readers could not see (issue 28); fixed at creation. */
  hidden_text: ColumnType<HiddenPassage[], string | undefined, never>;
  /** Passages, hidden or not, that address an AI model; fixed at creation. */
  instruction_like: ColumnType<InstructionLikePassage[], string | undefined, never>;
  /** The source's headings and the spans they head in original_content; `[]` without any. */
  sections: ColumnType<SummarySection[], string | undefined, never>;
  review_status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  review_comments: string | null;
  /** Null until reviewed, and again once the reviewer's account is deleted. */
  reviewed_by: string | null;
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The length and format it was (last) written for; medium / paragraph by default. */
  length: ColumnType<SummaryLength, SummaryLength | undefined, SummaryLength>;
  format: ColumnType<SummaryFormat, SummaryFormat | undefined, SummaryFormat>;
  /** Up to 10 key terms of the original, most important first. */
  keywords: JsonColumn<string[]>;
  /** One entry per sentence (item) of summarized_content. */
  source_map: JsonColumn<SourceMapEntry[]>;
  /** Numbers, dates and names of the summary the original never mentions. */
  unverified: JsonColumn<string[]>;
  /** The number of the current version (its row in summary_versions). */
  version: ColumnType<number, number | undefined, number>;
  /** Why the local summarizer answered instead of Gemini; null when Gemini did. */
  fallback_reason: FallbackReason | null;
  /** Whether its custom prompt was acted on; null without one (and for older rows). */
  prompt_applied: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** The document's language (ISO 639-1, `und` unknown), detected at creation; fixed. */
  source_language: ColumnType<string, string | undefined, never>;
  /** A second language of a document mixing two in close parts, else null; fixed. */
  second_source_language: ColumnType<string | null, string | null | undefined, never>;
  /** The language the current text is written in, and the one asked for (null: the document's). */
  language: ColumnType<string, string | undefined, string>;
  requested_language: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/**
 * Every text a summary has had: version 1 at creation, then one per regeneration, restore
 * and staff edit. Deleted with its summary; unique (summary_id, version).
 */
export interface SummaryVersionsTable {
  id: Generated<string>;
  summary_id: string;
  version: number;
  summarized_content: string;
  custom_prompt: string | null;
  length: SummaryLength;
  format: SummaryFormat;
  ai_model: string;
  is_fallback: boolean;
  source_map: JsonColumn<SourceMapEntry[]>;
  keywords: JsonColumn<string[]>;
  unverified: JsonColumn<string[]>;
  fallback_reason: FallbackReason | null;
  /** Whether its custom prompt was acted on; null without one (and for older rows). */
  prompt_applied: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** The language its text is written in, and the one asked for (null: the document's). */
  language: ColumnType<string, string | undefined, string>;
  requested_language: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff member whose edit this version is; null otherwise (and once they are deleted). */
  edited_by: string | null;
  created_at: CreatedAt;
}

/** What a review sets a summary's status to. */
export type ReviewAction = Exclude<ReviewStatus, 'pending'>;

/** Every review ever submitted; deleted with its summary, kept (by name) after its reviewer. */
export interface ReviewEventsTable {
  id: Generated<string>;
  summary_id: string;
  /** Null once the reviewer's account is deleted; reviewer_name stays. */
  reviewer_id: string | null;
  /** The reviewer's name when they reviewed. */
  reviewer_name: string;
  action: ReviewAction;
  comments: string | null;
  created_at: CreatedAt;
}

/** The queues of summary jobs (pg-boss queues, db/job-queue.ts). */
export const JOB_QUEUES = ['text-summary', 'file-processing'] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];
export type SummaryJobQueue = JobQueueName;
export type SummaryJobStatus = 'pending' | 'completed' | 'failed';

/** A queued summary (its id is the job queue's id): owner, paid credit, outcome, refund. */
export interface SummaryJobsTable {
  id: string;
  user_id: string;
  queue: SummaryJobQueue;
  /** Leaves 'pending' once, with the summary insert or the refund. */
  status: ColumnType<SummaryJobStatus, SummaryJobStatus | undefined, SummaryJobStatus>;
  /** 0..100, as last reported by the worker. */
  progress: ColumnType<number, number | undefined, number>;
  /** The ledger row of the credit taken at enqueue time. */
  debit_ledger_id: string | null;
  summary_id: string | null;
  /** Why the job failed, for a person. */
  error: string | null;
  refunded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** An uploaded file's bytes, kept until its job ends. */
export interface JobUploadsTable {
  job_id: string;
  file_name: string;
  content: Buffer | Uint8Array;
  created_at: CreatedAt;
}

export type CreditRequestStatus = 'open' | 'approved' | 'denied';

/** A user's request for credits; at most one open per user (a partial unique index). */
export interface CreditRequestsTable {
  id: Generated<string>;
  user_id: string;
  /** 1..1,000, as asked. */
  credits: number;
  reason: string | null;
  /** Leaves 'open' once, by one conditional UPDATE. */
  status: ColumnType<CreditRequestStatus, CreditRequestStatus | undefined, CreditRequestStatus>;
  /** The credits actually added when approved (the admin may change the amount), else null. */
  granted_credits: ColumnType<number | null, number | null | undefined, number | null>;
  /** The administrator's note on the decision. */
  note: ColumnType<string | null, string | null | undefined, string | null>;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

export type NotificationKind = 'review' | 'credits' | 'role' | 'request';

/** Something that happened to a user, written in the same transaction as the event. */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  kind: NotificationKind;
  message: string;
  /** The summary it is about (a review), null otherwise or once that summary is deleted. */
  summary_id: string | null;
  created_at: CreatedAt;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/**
 * Per user, what their summaries add up to, kept by a trigger on `summaries` in the same
 * transaction as every write (migration 20261122231000_user_summary_totals, decision 0015).
 * bigint columns: read them cast to float8, so they arrive as numbers.
 */
export interface UserSummaryTotalsTable {
  user_id: string;
  summaries: ColumnType<string, never, never>;
  original_words: ColumnType<string, never, never>;
  summary_words: ColumnType<string, never, never>;
  compression_ratio_sum: ColumnType<string, never, never>;
}

/** A summary's live read-only link (issue 28); deleted when it stops or with its summary. */
export interface SummarySharesTable {
  /** Primary key: one share per summary at a time. */
  summary_id: string;
  /** base64url of 16 random bytes: 22 characters of [A-Za-z0-9_-]. */
  token: string;
  /** Public reads of the link, counted atomically as they happen. */
  views: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

/** A question the owner asked of a summary's original, and its answer; deleted with the summary. */
export interface SummaryQuestionsTable {
  id: Generated<string>;
  summary_id: string;
  /** Trimmed, 3 to 500 characters. */
  question: string;
  /** The answer, or `The document does not say.` */
  answer: string;
  /** The spans of original_content the answer cites, in document order. */
  citations: JsonColumn<SourceSpan[]>;
  /** Numbers, dates and names of the answer the original never mentions. */
  unverified: JsonColumn<string[]>;
  ai_model: string;
  is_fallback: boolean;
  fallback_reason: FallbackReason | null;
  created_at: CreatedAt;
}

export interface DB {
  users: UsersTable;
  user_summary_totals: UserSummaryTotalsTable;
  credit_ledger: CreditLedgerTable;
  credit_reservations: CreditReservationsTable;
  audit_events: AuditEventsTable;
  rate_limit_hits: RateLimitHitsTable;
  summaries: SummariesTable;
  summary_versions: SummaryVersionsTable;
  review_events: ReviewEventsTable;
  summary_jobs: SummaryJobsTable;
  job_uploads: JobUploadsTable;
  credit_requests: CreditRequestsTable;
  notifications: NotificationsTable;
  summary_shares: SummarySharesTable;
  summary_questions: SummaryQuestionsTable;
}

export type NewUser = Insertable<UsersTable>;
export type CreditLedgerRow = Selectable<CreditLedgerTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;
export type ReviewEventRow = Selectable<ReviewEventsTable>;
export type SummaryJobRow = Selectable<SummaryJobsTable>;
export type CreditRequestRow = Selectable<CreditRequestsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
