import { FALLBACK_MESSAGES, api, request } from 'common/api-client';
import type {
  CreatedSummary,
  QueuedSummaryJob,
  RegeneratedSummary,
  SummaryJob,
  SummaryPage,
} from './summary';

// Every call goes through the typed client (base URL, bearer token, 401 handling) and `request`
// (failures become ApiErrors with SPEC.md §8 messages). The return types are this remote's own
// API.md shapes: the api's answers must stay assignable to them, which tsc checks here.

/** GET /api/summaries?page&limit: the person's own summaries, newest first. */
export async function getSummaryPage(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<SummaryPage> {
  const body = await request(
    () =>
      api.summaries.$get(
        { query: { page: String(page), limit: String(limit) } },
        signal ? { init: { signal } } : undefined,
      ),
    FALLBACK_MESSAGES.fetchSummaries,
  );
  return body.data;
}

/** POST /api/summaries: summarizes pasted text for 1 credit. */
export async function postSummary(content: string): Promise<CreatedSummary> {
  const body = await request(
    () => api.summaries.$post({ json: { content } }),
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

/** POST /api/summaries/upload/async (multipart, field `file`): queues the file; 1 credit now. */
export async function postSummaryFileJob(file: File): Promise<QueuedSummaryJob> {
  const body = await request(
    () => api.summaries.upload.async.$post({ form: { file } }),
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
): Promise<RegeneratedSummary> {
  const body = await request(
    () => api.summaries[':id'].regenerate.$post({ param: { id }, json: { customPrompt } }),
    FALLBACK_MESSAGES.regenerateSummary,
  );
  return body.data;
}

/** DELETE /api/summaries/:id. */
export async function deleteSummaryById(id: string): Promise<void> {
  await request(
    () => api.summaries[':id'].$delete({ param: { id } }),
    FALLBACK_MESSAGES.deleteSummary,
  );
}
