// Test helpers for every front-end package (never imported by app code, so never bundled).
import { createElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Mock } from 'vitest';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from 'common/session-storage';
import { createAppStore } from 'common/store';
import type { AppStore, RootState } from 'common/store';
import type { User } from 'common/user';

/** A JSON response as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** One request as the stubbed fetch saw it. */
export interface SeenRequest {
  method: string;
  /** Path and query, e.g. `/api/summaries?page=2`. */
  path: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

/**
 * What a stubbed fetch handler throws to simulate a network failure: fetch rejects with a
 * TypeError when the network is down, and so does the stub.
 */
export class NetworkFailure extends TypeError {}

/** A network failure with fetch's own message, e.g. `throw networkFailure('offline')`. */
export function networkFailure(message = 'Failed to fetch'): NetworkFailure {
  return new NetworkFailure(message);
}

// Errors that stubbed handlers threw unexpectedly (a failed assertion, a bug in the handler):
// the app under test only sees a failed request, which it may well handle, so the setup's
// afterEach fails the test with them (see takeUnexpectedHandlerErrors).
let unexpectedHandlerErrors: unknown[] = [];

/** The errors stubbed handlers threw since the last call, other than a NetworkFailure. */
export function takeUnexpectedHandlerErrors(): unknown[] {
  const errors = unexpectedHandlerErrors;
  unexpectedHandlerErrors = [];
  return errors;
}

/**
 * Replaces global fetch with `handler` (undone by vi.unstubAllGlobals / restoreAllMocks).
 * The handler gets each request. Throwing a {@link NetworkFailure} from it simulates a network
 * failure; anything else it throws fails the test (after it ends), so record the requests and
 * assert on them after the action rather than inside the handler.
 */
export function stubFetch(
  handler: (request: SeenRequest) => Response | Promise<Response>,
): Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>> {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    try {
      return await handler({
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        headers: new Headers(init?.headers),
        body: init?.body,
      });
    } catch (error) {
      if (!(error instanceof NetworkFailure)) unexpectedHandlerErrors.push(error);
      throw error;
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A user as the API returns one. */
export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? 'u1';
  return {
    id,
    _id: id,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'user',
    credits: 5,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Puts a signed-in session in local storage, as a previous visit would have left it. */
export function storeSession(user: User = makeUser(), token = 'test-token'): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

export interface RenderOptions {
  /** The starting URL, or a history entry with state. */
  initialEntry?: string | { pathname: string; state?: unknown };
  routes: RouteObject[];
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** Renders routes inside a real store and a memory router; returns both with the screen. */
export function renderWithProviders({
  initialEntry = '/',
  routes,
  preloadedState,
  store = createAppStore(preloadedState),
}: RenderOptions) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    createElement(Provider, { store, children: createElement(RouterProvider, { router }) }),
  );
  return { ...view, store, router };
}
