import { hc } from 'hono/client';
import type { InferResponseType } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from 'api/app-type';
import { clearStoredSession, getStoredToken } from 'common/session-storage';

/**
 * The fallback texts of SPEC.md §8, shown when a failed response carries no `message`.
 * Pass the one matching the situation to `request`.
 */
export const FALLBACK_MESSAGES = {
  register: 'Registration failed',
  login: 'Login failed',
  loadProfile: 'Failed to get user profile',
  refreshUser: 'Failed to refresh user data',
  createSummary: 'Failed to create summary',
  fetchSummaries: 'Failed to fetch summaries',
  fetchSummary: 'Failed to fetch summary',
  deleteSummary: 'Failed to delete summary',
  uploadFile: 'Failed to upload and process file',
  regenerateSummary: 'Failed to regenerate summary',
  queueSummary: 'Failed to queue summary',
  queueFile: 'Failed to queue file processing',
  jobStatus: 'Failed to get job status',
  createSummaryFromFile: 'Failed to create summary from file',
  fetchUsers: 'Failed to fetch users',
  addCredits: 'Failed to add credits',
  changeRole: 'Failed to change role',
  deleteUser: 'Failed to delete user',
  updateSummary: 'Failed to update summary',
  submitReview: 'Failed to submit review',
  fetchReviewHistory: 'Failed to fetch review history',
} as const;

/** Network failures read `Network error: <reason>` (SPEC.md §8). */
export const NETWORK_ERROR_PREFIX = 'Network error: ';

/** One field's complaint in a 400 VALIDATION_ERROR (API.md "Failure"). */
export interface ApiFieldError {
  field: string;
  message: string;
}

/** A failure as plain data: what a thunk can reject with and a reducer can store. */
export interface ApiErrorInfo {
  message: string;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  /** API.md code (VALIDATION_ERROR, INSUFFICIENT_CREDITS, ...), NETWORK_ERROR, or HTTP_<status>. */
  code: string;
  errors?: ApiFieldError[];
}

/** Every failed API call becomes one of these, its message ready to show to the person. */
export class ApiError extends Error implements ApiErrorInfo {
  readonly status: number;
  readonly code: string;
  readonly errors?: ApiFieldError[];

  constructor({ message, status, code, errors }: ApiErrorInfo) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (errors) this.errors = errors;
  }

  /** The serialisable form, for `rejectWithValue` and Redux state. */
  toInfo(): ApiErrorInfo {
    return {
      message: this.message,
      status: this.status,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

/** Any thrown value as an ApiErrorInfo; what is not an ApiError gets the fallback text. */
export function toApiErrorInfo(error: unknown, fallbackMessage: string): ApiErrorInfo {
  if (error instanceof ApiError) return error.toInfo();
  return { message: fallbackMessage, status: 0, code: 'UNKNOWN' };
}

export interface ApiConfig {
  /** Origin of the API; '' means the page's own origin. */
  baseUrl: string;
  /** Called after a signed-in request got 401 and the stored session was removed. */
  onUnauthorized: () => void;
}

let apiConfig: ApiConfig = { baseUrl: '', onUnauthorized: () => undefined };

/** Called once by the host at start-up (and by a remote's dev harness). */
export function configureApi(config: ApiConfig): void {
  apiConfig = { ...config, baseUrl: config.baseUrl.replace(/\/+$/, '') };
}

/**
 * A 401 to a request that carried a token ends the session (SPEC.md §8). A 401 answering an
 * older token (the person has since signed in again) or a request without one (login) does not.
 */
function endSessionIfCurrent(sentToken: string): void {
  if (getStoredToken() !== sentToken) return;
  clearStoredSession();
  apiConfig.onUnauthorized();
}

/** A GET that app.html's inline script sent before any bundle ran, and the token it carried. */
export interface EarlyRequest {
  token: string;
  response: Promise<Response>;
}

/** Early GETs by path and query, each answered to the first call that asks for it. */
const earlyRequests = new Map<string, EarlyRequest>();

/**
 * Hands the early GETs of app.html's inline script (FIRST_REQUEST_OF_PAGE) to apiFetch: the
 * first call for the same path with the same token gets that answer instead of asking again.
 */
export function adoptEarlyRequests(requests: Readonly<Record<string, EarlyRequest>> = {}): void {
  for (const [path, request] of Object.entries(requests)) earlyRequests.set(path, request);
}

/**
 * The early answer to a GET of `path` with `token`, once; undefined, at once, when there is none,
 * so that a call without one reaches fetch in the same tick as before.
 */
function takeEarlyResponse(
  path: string,
  token: string | null,
  init?: RequestInit,
): Promise<Response | undefined> | undefined {
  const early = earlyRequests.get(path);
  if (!early) return undefined;
  earlyRequests.delete(path);
  if ((init?.method ?? 'GET') !== 'GET' || early.token !== token || init?.signal?.aborted) {
    return undefined;
  }
  // A network failure of the early request is not the page's: it asks again.
  return early.response.catch(() => undefined);
}

/**
 * The fetch behind the typed client: prepends the base URL to a path, adds the stored bearer
 * token on every call and ends the session on a 401. Exported for the rare raw call.
 */
export const apiFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const token = getStoredToken();
  const headers = new Headers(init?.headers);
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const url = typeof input === 'string' ? `${apiConfig.baseUrl}${input}` : input;
  const early = typeof input === 'string' ? takeEarlyResponse(input, token, init) : undefined;
  const response = (early && (await early)) ?? (await globalThis.fetch(url, { ...init, headers }));
  if (response.status === 401 && token) endSessionIfCurrent(token);
  return response;
};

/**
 * The typed API client (Hono RPC over the api's AppType), rooted at `/api`:
 * `api.auth.login.$post({ json })`, `api.summaries[':id'].$delete({ param: { id } })`.
 * JSON bodies get a JSON content type; `form` bodies go as multipart. No time-out.
 * Wrap calls in `request` to get the body or an ApiError.
 */
// AppType's paths carry the /api prefix; the origin is prepended per request by apiFetch.
export const api = hc<AppType>('', { fetch: apiFetch }).api;

/**
 * `data` of an endpoint's answer with `Status`, inferred from AppType, for front ends that name
 * the API's shapes without depending on hono: `ResponseData<typeof api.credits.history.$get>`.
 */
export type ResponseData<Endpoint, Status extends SuccessStatusCode = 200> =
  InferResponseType<Endpoint, Status> extends { data: infer Data } ? Data : never;

/** The body type of a typed response's success statuses. */
export type SuccessBody<R> = R extends { status: infer Status; json(): Promise<infer Body> }
  ? [Extract<Status, SuccessStatusCode>] extends [never]
    ? never
    : Body
  : never;

interface ResponseLike {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fieldErrors(value: unknown): ApiFieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const errors = value.filter(
    (entry): entry is ApiFieldError =>
      isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string',
  );
  return errors.length > 0 ? errors : undefined;
}

async function failure(response: ResponseLike, fallbackMessage: string): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page, an empty body): the fallback text stands.
  }
  const envelope = isRecord(body) ? body : {};
  const message =
    typeof envelope.message === 'string' && envelope.message.trim() !== ''
      ? envelope.message
      : fallbackMessage;
  const code = typeof envelope.code === 'string' ? envelope.code : `HTTP_${response.status}`;
  const errors = fieldErrors(envelope.errors);
  return new ApiError({ message, status: response.status, code, ...(errors ? { errors } : {}) });
}

/**
 * Runs one API call and returns its parsed success body, or throws an ApiError whose message is
 * for the person: the server's `message`, else `fallbackMessage` (one of FALLBACK_MESSAGES), or
 * `Network error: <reason>` when no response arrived. An aborted call rethrows its AbortError.
 *
 * @example const { data } = await request(() => api.summaries.$get({ query: { page: '1' } }), FALLBACK_MESSAGES.fetchSummaries);
 */
export async function request<R extends ResponseLike>(
  call: () => Promise<R>,
  fallbackMessage: string,
): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await call();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const reason = error instanceof Error && error.message ? error.message : 'Request failed';
    throw new ApiError({
      message: `${NETWORK_ERROR_PREFIX}${reason}`,
      status: 0,
      code: 'NETWORK_ERROR',
    });
  }
  if (!response.ok) throw await failure(response, fallbackMessage);
  try {
    return (await response.json()) as SuccessBody<R>;
  } catch {
    throw new ApiError({
      message: fallbackMessage,
      status: response.status,
      code: 'INVALID_RESPONSE',
    });
  }
}
