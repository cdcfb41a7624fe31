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
 * Replaces global fetch with `handler` (undone by vi.unstubAllGlobals / restoreAllMocks).
 * The handler gets each request; throwing from it simulates a network failure.
 */
export function stubFetch(
  handler: (request: SeenRequest) => Response | Promise<Response>,
): Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>> {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    return handler({
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers: new Headers(init?.headers),
      body: init?.body,
    });
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
