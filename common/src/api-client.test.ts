import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  FALLBACK_MESSAGES,
  api,
  adoptEarlyRequests,
  apiFetch,
  configureApi,
  request,
  toApiErrorInfo,
} from './api-client';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './session-storage';
import {
  jsonResponse,
  makeUser,
  networkFailure,
  storeSession,
  stubFetch,
  takeUnexpectedHandlerErrors,
} from 'common/testing';

describe('api client', () => {
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    onUnauthorized.mockReset();
    configureApi({ baseUrl: 'https://api.example.test/', onUnauthorized });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls baseUrl + /api with the stored bearer token and a JSON body', async () => {
    storeSession(makeUser(), 'token-1');
    const user = makeUser();
    const fetchMock = stubFetch(() => jsonResponse({ success: true, token: 't', user }, 201));
    const body = await request(
      () =>
        api.auth.register.$post({
          json: { name: 'Ada', email: 'ada@example.com', password: 'secret1' },
        }),
      FALLBACK_MESSAGES.register,
    );
    expect(body).toEqual({ success: true, token: 't', user });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://api.example.test/api/auth/register');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.method).toBe('POST');
  });

  it("answers the first GET of an early request's path with its answer, once, and only for its token", async () => {
    storeSession(makeUser(), 'token-1');
    const fetchMock = stubFetch(() => jsonResponse({ success: true, data: 'asked' }));
    const answer = (data: string) => Promise.resolve(jsonResponse({ success: true, data }));
    adoptEarlyRequests({
      '/api/summaries?page=1&limit=10': { token: 'token-1', response: answer('early') },
      '/api/credits': { token: 'someone-else', response: answer('not yours') },
      '/api/notifications': {
        token: 'token-1',
        response: Promise.reject(networkFailure('offline')),
      },
    });
    const read = async (path: string) =>
      ((await (await apiFetch(path)).json()) as { data: string }).data;
    expect(await read('/api/summaries?page=1&limit=10')).toBe('early');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await read('/api/summaries?page=1&limit=10')).toBe('asked');
    // Another person's early answer and a failed early request are asked for again.
    expect(await read('/api/credits')).toBe('asked');
    expect(await read('/api/notifications')).toBe('asked');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      'https://api.example.test/api/summaries?page=1&limit=10',
      'https://api.example.test/api/credits',
      'https://api.example.test/api/notifications',
    ]);
  });

  it('reads the token afresh on every request and sends none when signed out', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, data: {} }));
    await request(() => api.auth.me.$get(), FALLBACK_MESSAGES.loadProfile);
    storeSession(makeUser(), 'token-2');
    await request(() => api.auth.me.$get(), FALLBACK_MESSAGES.loadProfile);
    const sent = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Authorization'),
    );
    expect(sent).toEqual([null, 'Bearer token-2']);
  });

  it('sends uploads as multipart, without a JSON content type', async () => {
    storeSession();
    const fetchMock = stubFetch(() => jsonResponse({ success: true, data: {} }, 201));
    const form = new FormData();
    form.append('file', new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await request(
      () => apiFetch('/api/summaries/upload', { method: 'POST', body: form }),
      FALLBACK_MESSAGES.uploadFile,
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://api.example.test/api/summaries/upload');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-token');
    expect(init?.body).toBeInstanceOf(FormData);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });

  it("uses the server's message when the failure carries one", async () => {
    stubFetch(() =>
      jsonResponse(
        {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Content must be at least 50 characters (current: 3)',
          errors: [{ field: 'content', message: 'Too short' }],
        },
        400,
      ),
    );
    const failure = request(
      () => api.auth.register.$post({ json: { name: 'A', email: 'a@b.co', password: 'x' } }),
      FALLBACK_MESSAGES.register,
    );
    await expect(failure).rejects.toMatchObject({
      name: 'ApiError',
      message: 'Content must be at least 50 characters (current: 3)',
      status: 400,
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'content', message: 'Too short' }],
    });
  });

  it('falls back to the catalogue text when the failure has no message', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(
      request(() => api.config.$get(), FALLBACK_MESSAGES.fetchUsers),
    ).rejects.toMatchObject({ message: 'Failed to fetch users', status: 502, code: 'HTTP_502' });

    stubFetch(() => jsonResponse({ success: false, code: 'INTERNAL', message: '' }, 500));
    await expect(
      request(() => api.config.$get(), FALLBACK_MESSAGES.fetchUsers),
    ).rejects.toMatchObject({ message: 'Failed to fetch users', code: 'INTERNAL' });
  });

  it('reports a network failure as "Network error: <reason>"', async () => {
    stubFetch(() => {
      throw networkFailure('Failed to fetch');
    });
    const error = await request(() => api.auth.me.$get(), FALLBACK_MESSAGES.loadProfile).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Network error: Failed to fetch',
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('a stub handler that throws anything but a network failure is kept to fail the test', async () => {
    stubFetch((seen) => {
      if (seen.path === '/api/auth/me') throw networkFailure('offline');
      throw new Error('an assertion inside the handler');
    });
    await expect(request(() => api.auth.me.$get(), 'x')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    expect(takeUnexpectedHandlerErrors()).toEqual([]);
    // The app sees a failed request either way; the setup's afterEach fails the test with it.
    await expect(request(() => api.config.$get(), 'x')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    const thrown = takeUnexpectedHandlerErrors();
    expect(thrown).toHaveLength(1);
    expect(String(thrown[0])).toBe('Error: an assertion inside the handler');
  });

  it('ends the session on a 401 to a request that carried a token', async () => {
    storeSession(makeUser(), 'expired');
    stubFetch(() =>
      jsonResponse({ success: false, code: 'UNAUTHORIZED', message: 'Session expired' }, 401),
    );
    await expect(
      request(() => api.auth.me.$get(), FALLBACK_MESSAGES.loadProfile),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Session expired',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 from login (no token sent) as a plain error', async () => {
    stubFetch(() =>
      jsonResponse(
        { success: false, code: 'UNAUTHORIZED', message: 'Invalid email or password' },
        401,
      ),
    );
    await expect(
      request(
        () => api.auth.login.$post({ json: { email: 'a@b.co', password: 'wrong' } }),
        FALLBACK_MESSAGES.login,
      ),
    ).rejects.toMatchObject({ message: 'Invalid email or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ignores a 401 answering a token that has since been replaced', async () => {
    storeSession(makeUser(), 'old-token');
    stubFetch(() => {
      // The person signed in again while this request was in flight.
      localStorage.setItem(TOKEN_STORAGE_KEY, 'new-token');
      return jsonResponse({ success: false, code: 'UNAUTHORIZED', message: 'Expired' }, 401);
    });
    await expect(
      request(() => api.auth.me.$get(), FALLBACK_MESSAGES.loadProfile),
    ).rejects.toThrow();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('serialises errors for Redux, and anything else becomes the fallback', () => {
    const error = new ApiError({ message: 'Nope', status: 402, code: 'INSUFFICIENT_CREDITS' });
    expect(toApiErrorInfo(error, 'x')).toEqual({
      message: 'Nope',
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(toApiErrorInfo(new Error('boom'), 'Failed to delete user')).toEqual({
      message: 'Failed to delete user',
      status: 0,
      code: 'UNKNOWN',
    });
  });

  it('lists every fallback text of SPEC.md §8', () => {
    expect(Object.values(FALLBACK_MESSAGES)).toEqual([
      'Registration failed',
      'Login failed',
      'Failed to get user profile',
      'Failed to refresh user data',
      'Failed to create summary',
      'Failed to fetch summaries',
      'Failed to fetch summary',
      'Failed to delete summary',
      'Failed to upload and process file',
      'Failed to regenerate summary',
      'Failed to queue summary',
      'Failed to queue file processing',
      'Failed to get job status',
      'Failed to create summary from file',
      'Failed to fetch users',
      'Failed to add credits',
      'Failed to change role',
      'Failed to delete user',
      'Failed to update summary',
      'Failed to submit review',
      'Failed to fetch review history',
    ]);
  });
});
