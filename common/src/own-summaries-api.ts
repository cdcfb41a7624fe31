import {
  ApiError,
  FALLBACK_MESSAGES,
  NETWORK_ERROR_PREFIX,
  api,
  apiFetch,
  request,
} from 'common/api-client';
import { isFallbackReason } from 'common/fallback-reason';
import type { FallbackReason } from 'common/fallback-reason';
import type {
  CreatedOwnSummary as CreatedSummary,
  OwnSummaryJob as SummaryJob,
  OwnSummaryOptions as SummaryOptions,
  OwnSummaryPage,
  OwnSummaryProgress as SummaryProgress,
  OwnSummaryRecord as Summary,
  OwnSummaryVersion as SummaryVersion,
  QueuedOwnSummaryJob as QueuedSummaryJob,
  RegeneratedOwnSummary as RegeneratedSummary,
} from 'common/own-summary';
import { readServerSentEvents } from 'common/sse';

/*
 * Every call on the signed-in person's own summaries (API.md "Routes", "Additions" and round 3):
 * the list and one summary, making one (from text, a file or a page, streamed or queued),
 * regenerating, versions, export and deletion. The user's screens make them all; the editor's and
 * reviewer's My Summaries list theirs with getOwnSummaryPage. The staff's calls on everyone's
 * summaries are in staff-summaries-api.ts.
 */

/** The failure texts of the workbench's own calls. */
export const WORKBENCH_MESSAGES = {
  fetchVersions: 'Failed to fetch versions',
  restoreVersion: 'Failed to restore the version',
  exportSummary: 'Failed to download the summary',
} as const;

// Every call goes through the typed client (base URL, bearer token, 401 handling) and `request`
// (failures become ApiErrors with SPEC.md §8 messages). The return types are inferred from the
// api's own routes (common/own-summary.ts).

/**
 * GET /api/summaries?page&limit&q: a page of the signed-in person's own summaries, with its
 * pagination and the person's statistics. Abortable through `signal`.
 */
export async function getOwnSummaryPage(
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<OwnSummaryPage> {
  const body = await request(
    () => api.summaries.$get({ query }, signal ? { init: { signal } } : undefined),
    FALLBACK_MESSAGES.fetchSummaries,
  );
  return body.data;
}

/** DELETE /api/summaries/:id: one of the signed-in person's own summaries. */
export async function deleteOwnSummary(id: string): Promise<void> {
  await request(
    () => api.summaries[':id'].$delete({ param: { id } }),
    FALLBACK_MESSAGES.deleteSummary,
  );
}

/** POST /api/summaries: summarizes pasted text for 1 credit, at the chosen length and format. */
export async function postSummary(
  content: string,
  options?: SummaryOptions,
): Promise<CreatedSummary> {
  const body = await request(
    () => api.summaries.$post({ json: { content, ...options } }),
    FALLBACK_MESSAGES.createSummary,
  );
  return body.data;
}

/** What the stream tells the screen while the summary is written. */
export interface SummaryStreamHandlers {
  /** Text to append to what is shown. */
  onDelta: (text: string) => void;
  /** Gemini failed mid-stream: drop what is shown, the local summary follows; `reason` says why. */
  onReset: (reason: FallbackReason | null) => void;
  /** How far reading a page or a file has got (`event: progress`, before the deltas). */
  onProgress?: (progress: SummaryProgress) => void;
}

const READING_STAGES: readonly SummaryProgress['stage'][] = [
  'fetching',
  'reading',
  'ocr',
  'summarizing',
];

function isReadingStage(value: unknown): value is SummaryProgress['stage'] {
  return READING_STAGES.some((stage) => stage === value);
}

function wholeNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The `data` of an `event: progress`, or null when it names no known stage. */
export function toSummaryProgress(data: Record<string, unknown>): SummaryProgress | null {
  const { stage } = data;
  if (!isReadingStage(stage)) return null;
  const page = wholeNumber(data.page);
  const pages = wholeNumber(data.pages);
  return {
    stage,
    ...(page !== undefined ? { page } : {}),
    ...(pages !== undefined ? { pages } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The `done` event's data: what POST /api/summaries answers (a summary and the balance), as the
 * api's routes type it; the stream itself is untyped text, so its two parts are checked here.
 */
function isCreatedSummary(value: Record<string, unknown>): value is CreatedSummary {
  return isRecord(value.summary) && typeof value.updatedCredits === 'number';
}

function parseData(data: string, failed: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Falls through to the error below.
  }
  throw new ApiError({ message: failed, status: 200, code: 'STREAM_MALFORMED' });
}

/**
 * Reads one of the summary streams (API.md "Additions" and round 3): maybe `progress`, then
 * `delta`s, maybe `reset`, then `done` or `error`. Resolves with what `done` carries, or null
 * when the server has no such route (404: an older server). A refusal before the stream (402,
 * 400, 413, 415, 422, 429) and an `error` event throw ApiErrors with the server's message;
 * aborting `signal` cancels the request (the credit is taken only with `done`) and throws its
 * AbortError.
 */
async function readSummaryStream(
  /** The typed route's address (`$path()`): a stream is read here, not parsed as JSON. */
  path: string,
  init: { headers?: Record<string, string>; body: BodyInit },
  handlers: SummaryStreamHandlers,
  failed: string,
  signal?: AbortSignal,
): Promise<CreatedSummary | null> {
  let response: Response;
  try {
    response = await apiFetch(path, {
      method: 'POST',
      headers: { ...init.headers, Accept: 'text/event-stream' },
      body: init.body,
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const reason = error instanceof Error && error.message ? error.message : 'Request failed';
    throw new ApiError({
      message: `${NETWORK_ERROR_PREFIX}${reason}`,
      status: 0,
      code: 'NETWORK_ERROR',
    });
  }
  if (response.status === 404) return null;
  if (!response.ok) {
    // The usual JSON error (402, 400, 429…): `request` turns it into the ApiError it shows.
    await request(async () => response, failed);
  }
  if (!response.body)
    throw new ApiError({ message: failed, status: response.status, code: 'STREAM_EMPTY' });

  try {
    for await (const { event, data } of readServerSentEvents(response.body, signal)) {
      if (event === 'delta') {
        const { text } = parseData(data, failed);
        if (typeof text === 'string') handlers.onDelta(text);
      } else if (event === 'progress') {
        const progress = toSummaryProgress(parseData(data, failed));
        if (progress) handlers.onProgress?.(progress);
      } else if (event === 'reset') {
        const { reason } = parseData(data, failed);
        handlers.onReset(isFallbackReason(reason) ? reason : null);
      } else if (event === 'done') {
        const done = parseData(data, failed);
        if (!isCreatedSummary(done)) {
          throw new ApiError({ message: failed, status: 200, code: 'STREAM_MALFORMED' });
        }
        return done;
      } else if (event === 'error') {
        const { code, message } = parseData(data, failed);
        throw new ApiError({
          message: typeof message === 'string' && message.trim() !== '' ? message : failed,
          status: response.status,
          code: typeof code === 'string' ? code : 'STREAM_ERROR',
        });
      }
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof ApiError) throw error;
    const reason = error instanceof Error && error.message ? error.message : 'Connection lost';
    throw new ApiError({
      message: `${NETWORK_ERROR_PREFIX}${reason}`,
      status: 0,
      code: 'NETWORK_ERROR',
    });
  }
  if (signal?.aborted) throw signal.reason;
  // The connection closed before `done`: nothing was stored, nothing charged.
  throw new ApiError({
    message: `${NETWORK_ERROR_PREFIX}the summary stopped before it was finished`,
    status: 0,
    code: 'NETWORK_ERROR',
  });
}

/**
 * POST /api/summaries/stream: summarizes pasted text as server-sent events, calling `handlers`
 * as the summary is written. Null on a server without the route (then POST /api/summaries).
 */
export function streamSummary(
  content: string,
  options: SummaryOptions | undefined,
  handlers: SummaryStreamHandlers,
  signal?: AbortSignal,
): Promise<CreatedSummary | null> {
  return readSummaryStream(
    api.summaries.stream.$path(),
    {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content, ...options }),
    },
    handlers,
    FALLBACK_MESSAGES.createSummary,
    signal,
  );
}

/**
 * POST /api/summaries/stream with `url` (API.md round 3): the server fetches the page
 * (`progress` fetching, reading, summarizing), then streams the summary; `source: "url"`.
 */
export async function streamSummaryFromUrl(
  url: string,
  options: SummaryOptions | undefined,
  handlers: SummaryStreamHandlers,
  signal?: AbortSignal,
  includeHidden = false,
): Promise<CreatedSummary> {
  const created = await readSummaryStream(
    api.summaries.stream.$path(),
    {
      headers: { 'Content-Type': 'application/json' },
      // includeHidden only when asked: a request without it reads as before (issue 28).
      body: JSON.stringify({ url, ...options, ...(includeHidden ? { includeHidden } : {}) }),
    },
    handlers,
    FALLBACK_MESSAGES.createSummary,
    signal,
  );
  // A server without the stream route reads no web pages either.
  if (!created) {
    throw new ApiError({
      message: FALLBACK_MESSAGES.createSummary,
      status: 404,
      code: 'NOT_FOUND',
    });
  }
  return created;
}

/**
 * POST /api/summaries/upload/stream (multipart: `file`, and `length`/`format`/`language`): the file is
 * read (OCR page by page for scans and photos) and summarized as the text stream is. Null on a
 * server without the route (then the queued upload).
 */
export function streamSummaryFromFile(
  file: File,
  options: SummaryOptions | undefined,
  handlers: SummaryStreamHandlers,
  signal?: AbortSignal,
  includeHidden = false,
): Promise<CreatedSummary | null> {
  const form = new FormData();
  form.append('file', file);
  if (options) {
    form.append('length', options.length);
    form.append('format', options.format);
    form.append('language', options.language);
  }
  if (includeHidden) form.append('includeHidden', 'true');
  // No Content-Type: the browser writes the multipart boundary.
  return readSummaryStream(
    api.summaries.upload.stream.$path(),
    { body: form },
    handlers,
    FALLBACK_MESSAGES.createSummaryFromFile,
    signal,
  );
}

/**
 * POST /api/summaries/upload/async (multipart: `file`, and `length`/`format` when chosen):
 * queues the file; 1 credit now.
 */
export async function postSummaryFileJob(
  file: File,
  options?: SummaryOptions,
  includeHidden = false,
): Promise<QueuedSummaryJob> {
  const hidden = includeHidden ? { includeHidden: 'true' } : {};
  const body = await request(
    () => api.summaries.upload.async.$post({ form: { file, ...options, ...hidden } }),
    FALLBACK_MESSAGES.queueFile,
  );
  return body.data;
}

/** GET /api/summaries/job/:jobId?queue=: the person's own job. */
export async function getSummaryJob(
  jobId: string,
  queue: SummaryJob['queue'],
  signal?: AbortSignal,
): Promise<SummaryJob> {
  const body = await request(
    () =>
      api.summaries.job[':jobId'].$get(
        { param: { jobId }, query: { queue } },
        signal ? { init: { signal } } : undefined,
      ),
    FALLBACK_MESSAGES.jobStatus,
  );
  return body.data;
}

/** POST /api/summaries/:id/regenerate: free; `customPrompt` null means none. */
export async function postRegeneration(
  id: string,
  customPrompt: string | null,
  options?: SummaryOptions,
): Promise<RegeneratedSummary> {
  const body = await request(
    () =>
      api.summaries[':id'].regenerate.$post({ param: { id }, json: { customPrompt, ...options } }),
    FALLBACK_MESSAGES.regenerateSummary,
  );
  return body.data;
}

/** GET /api/summaries/:id: one of the person's own summaries. */
export async function getSummaryById(id: string, signal?: AbortSignal): Promise<Summary> {
  const body = await request(
    () => api.summaries[':id'].$get({ param: { id } }, signal ? { init: { signal } } : undefined),
    FALLBACK_MESSAGES.fetchSummary,
  );
  return body.data.summary;
}

/** One page of a summary's versions, newest first, and whether older ones follow. */
export interface SummaryVersionsPage {
  versions: SummaryVersion[];
  hasOlder: boolean;
}

/**
 * GET /api/summaries/:id/versions: page `page` (20 a page, newest first). A summary keeps its
 * first version, every staff edit and its latest 50 (API.md "Additions, round 3").
 */
export async function getSummaryVersions(id: string, page = 1): Promise<SummaryVersionsPage> {
  const body = await request(
    () =>
      api.summaries[':id'].versions.$get({
        param: { id },
        query: page === 1 ? {} : { page: String(page) },
      }),
    WORKBENCH_MESSAGES.fetchVersions,
  );
  // An API from before pagination sends every version and no pager (a rolling deploy).
  const pagination: { hasNextPage: boolean } | undefined = body.data.pagination;
  return { versions: body.data.versions, hasOlder: pagination?.hasNextPage === true };
}

/** POST /api/summaries/:id/versions/:version/restore: free; the summary at its new version. */
export async function postRestoreVersion(id: string, version: number): Promise<Summary> {
  const body = await request(
    () =>
      api.summaries[':id'].versions[':version'].restore.$post({
        param: { id, version: String(version) },
      }),
    WORKBENCH_MESSAGES.restoreVersion,
  );
  return body.data.summary;
}

export type ExportFormat = 'txt' | 'md' | 'docx';

/** The file name of a Content-Disposition header, if it names one. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

/**
 * GET /api/summaries/:id/export?format=: the file and the name the server gives it. Citations
 * (footnotes quoting the source, API.md round 3) are the server's default; `citations: false`
 * asks for the file without them.
 */
export async function getSummaryExport(
  id: string,
  format: ExportFormat,
  { citations = true }: { citations?: boolean } = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  // The typed route's address (a file, not JSON, so fetched and read here).
  const path = api.summaries[':id'].export.$path({
    param: { id: encodeURIComponent(id) },
    query: { format, ...(citations ? {} : { citations: 'false' as const }) },
  });
  let response: Response | undefined;
  await request(async () => {
    response = await apiFetch(path, { headers: { Accept: '*/*' } });
    // A success is read as a file below, not as JSON.
    return response.ok ? { ok: true, status: response.status, json: async () => null } : response;
  }, WORKBENCH_MESSAGES.exportSummary);
  if (!response)
    throw new ApiError({ message: WORKBENCH_MESSAGES.exportSummary, status: 0, code: 'UNKNOWN' });
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
  };
}
