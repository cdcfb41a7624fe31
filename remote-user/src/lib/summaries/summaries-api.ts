import { ApiError, FALLBACK_MESSAGES, api, apiFetch, request } from 'common/api-client';
import type {
  CreatedSummary,
  QueuedSummaryJob,
  RegeneratedSummary,
  Summary,
  SummaryJob,
  SummaryOptions,
  SummaryPage,
  SummaryVersion,
} from './summary';

/** The failure texts of the workbench's own calls. */
export const WORKBENCH_MESSAGES = {
  fetchVersions: 'Failed to fetch versions',
  restoreVersion: 'Failed to restore the version',
  exportSummary: 'Failed to download the summary',
} as const;

// Every call goes through the typed client (base URL, bearer token, 401 handling) and `request`
// (failures become ApiErrors with SPEC.md §8 messages). The return types are this remote's own
// API.md shapes: the api's answers must stay assignable to them, which tsc checks here.

/** GET /api/summaries?page&limit&q: the person's own summaries, newest first, filtered by q. */
export async function getSummaryPage(
  page: number,
  limit: number,
  signal?: AbortSignal,
  q = '',
): Promise<SummaryPage> {
  const filter = q.trim() === '' ? {} : { q: q.trim() };
  const body = await request(
    () =>
      api.summaries.$get(
        { query: { page: String(page), limit: String(limit), ...filter } },
        signal ? { init: { signal } } : undefined,
      ),
    FALLBACK_MESSAGES.fetchSummaries,
  );
  return body.data;
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

/** POST /api/summaries/upload (multipart, field `file`): summarizes a .txt or .docx file. */
export async function postSummaryFile(file: File): Promise<CreatedSummary> {
  const body = await request(
    () => api.summaries.upload.$post({ form: { file } }),
    FALLBACK_MESSAGES.uploadFile,
  );
  return body.data;
}

/**
 * POST /api/summaries/upload/async (multipart: `file`, and `length`/`format` when chosen):
 * queues the file; 1 credit now.
 */
export async function postSummaryFileJob(
  file: File,
  options?: SummaryOptions,
): Promise<QueuedSummaryJob> {
  const body = await request(
    () => api.summaries.upload.async.$post({ form: { file, ...options } }),
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

/** DELETE /api/summaries/:id. */
export async function deleteSummaryById(id: string): Promise<void> {
  await request(
    () => api.summaries[':id'].$delete({ param: { id } }),
    FALLBACK_MESSAGES.deleteSummary,
  );
}

/** GET /api/summaries/:id/versions: every version, newest first. */
export async function getSummaryVersions(id: string): Promise<SummaryVersion[]> {
  const body = await request(
    () => api.summaries[':id'].versions.$get({ param: { id } }),
    WORKBENCH_MESSAGES.fetchVersions,
  );
  return body.data.versions;
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

/** GET /api/summaries/:id/export?format=: the file and the name the server gives it. */
export async function getSummaryExport(
  id: string,
  format: ExportFormat,
): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response | undefined;
  await request(async () => {
    response = await apiFetch(`/api/summaries/${encodeURIComponent(id)}/export?format=${format}`, {
      headers: { Accept: '*/*' },
    });
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
