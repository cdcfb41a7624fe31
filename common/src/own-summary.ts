import type { InferResponseType, hc } from 'hono/client';
import type { AppType } from 'api/app-type';

// A summary and its companions as the API answers their owner, inferred from the api's own
// routes (like staff-summary.ts for the staff listings): no hand-written copy to drift.

type Summaries = ReturnType<typeof hc<AppType>>['api']['summaries'];

/** `data` of GET /api/summaries: one page of one's own summaries. */
export type OwnSummaryPage = InferResponseType<Summaries['$get'], 200>['data'];

/** A summary as the API returns it to its owner (API.md "Summary" and "Additions"). */
export type OwnSummaryRecord = OwnSummaryPage['summaries'][number];

/** What the person chooses for a summary: Length, Format and Summary language. */
export interface OwnSummaryOptions {
  length: OwnSummaryRecord['length'];
  format: OwnSummaryRecord['format'];
  /** An ISO 639-1 code, or `auto`: "Same as the document" (decision 0038). */
  language: string;
}

/** How far a page or a file has got before the summary is written (API.md `event: progress`). */
export interface OwnSummaryProgress {
  stage: 'fetching' | 'reading' | 'ocr' | 'summarizing';
  /** The page being read by OCR, and of how many. */
  page?: number;
  pages?: number;
}

/** `data` of POST /api/summaries and POST /api/summaries/upload. */
export type CreatedOwnSummary = InferResponseType<Summaries['$post'], 201>['data'];

/** `data` of POST /api/summaries/upload/async: the job, the credit already taken. */
export type QueuedOwnSummaryJob = InferResponseType<
  Summaries['upload']['async']['$post'],
  202
>['data'];

/** `data` of GET /api/summaries/job/:jobId. */
export type OwnSummaryJob = InferResponseType<Summaries['job'][':jobId']['$get'], 200>['data'];

/** `data` of POST /api/summaries/:id/regenerate. */
export type RegeneratedOwnSummary = InferResponseType<
  Summaries[':id']['regenerate']['$post'],
  200
>['data'];

/** One entry of GET /api/summaries/:id/versions. */
export type OwnSummaryVersion = InferResponseType<
  Summaries[':id']['versions']['$get'],
  200
>['data']['versions'][number];

/** `data.share` of POST /api/summaries/:id/share: the summary's read-only link (issue 28). */
export type OwnSummaryShare = InferResponseType<
  Summaries[':id']['share']['$post'],
  201
>['data']['share'];
