// Test helpers for the staff remotes (never imported by app code, so never bundled).
import { createElement } from 'react';
import type { ReactElement } from 'react';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import type { StaffSummary } from 'common/staff-summary';
import { jsonResponse, renderWithProviders, storeSession, stubFetch } from 'common/testing';
import type { SeenRequest } from 'common/testing';
import type { User } from 'common/user';

/** A summary as a staff listing returns it, written by Bob today; override any field. */
export function makeStaffSummary(overrides: Partial<StaffSummary> = {}): StaffSummary {
  const id = overrides.id ?? 's1';
  return {
    id,
    _id: id,
    summarizedContent: 'Bob summarised the quarterly report in three short sentences.',
    originalContent: 'The quarterly report, in full, with every figure and every footnote.',
    originalWordCount: 120,
    summaryWordCount: 40,
    compressionRatio: 67,
    processingTime: 12,
    isFallback: true,
    aiModel: 'brevity-local',
    customPrompt: null,
    regenerationCount: 0,
    source: 'text',
    fileName: null,
    sourceUrl: null,
    sourceTitle: null,
    ocr: false,
    pageBreaks: [],
    sources: [],
    hiddenText: [],
    instructionLike: [],
    sections: [],
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    reviewStatus: 'pending',
    reviewComments: null,
    reviewedBy: null,
    reviewedAt: null,
    length: 'medium',
    format: 'paragraph',
    keywords: [],
    sourceMap: [],
    unverified: [],
    version: 1,
    fallbackReason: 'not_configured',
    promptApplied: null,
    sourceLanguage: 'en',
    secondSourceLanguage: null,
    language: 'en',
    requestedLanguage: null,
    user: { id: 'u2', name: 'Bob Writer', email: 'bob@brevity.test', role: 'user' },
    ...overrides,
  };
}

export type RouteHandler = (request: SeenRequest) => Response | Promise<Response>;

/** Handlers keyed by `METHOD /path?query`, e.g. `'PUT /api/admin/users/u2/role'`. */
export type RouteTable = Record<string, RouteHandler | undefined>;

/**
 * Stubs fetch with a route table; any other request gets API.md's 404 envelope. A key with a
 * query matches that exact query; a key without one matches its path with any query.
 */
export function stubRoutes(routes: RouteTable) {
  return stubFetch((request) => {
    const pathOnly = request.path.split('?')[0] ?? request.path;
    const handler =
      routes[`${request.method} ${request.path}`] ?? routes[`${request.method} ${pathOnly}`];
    if (handler) return handler(request);
    return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

/** Every request the stubbed fetch saw, as `METHOD /path?query`. */
export function requestLog(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
}

/** The JSON body a stubbed request carried. */
export function jsonBodyOf(request: SeenRequest): unknown {
  return JSON.parse(String(request.body));
}

/** A handler that records each request's JSON body in `seen` and answers `body` with `status`. */
export function recordJson(seen: unknown[], body: unknown, status = 200): RouteHandler {
  return (request) => {
    seen.push(jsonBodyOf(request));
    return jsonResponse(body, status);
  };
}

/** A clean session and API client before each test; fetch restored after it. */
export function setupStaffPageTests(): void {
  beforeEach(() => {
    localStorage.clear();
    configureApi({ baseUrl: '', onUnauthorized: () => undefined });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/**
 * Renders a staff page at `path` (with `search`, e.g. `?tab=summaries&page=2`) signed in as
 * `user`; /dashboard is where guards send others.
 */
export function renderStaffPage(path: string, page: ReactElement, user: User, search = '') {
  storeSession(user);
  return renderWithProviders({
    initialEntry: `${path}${search}`,
    routes: [
      { path, element: page },
      { path: '/dashboard', element: createElement('h1', null, 'Dashboard page') },
    ],
  });
}

/** The cards (articles) of the list named `listName`, once it shows. */
export async function findCards(listName: string): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: listName });
  return within(list).getAllByRole('article');
}

/** The card of `listName` whose heading is `title` (an author's name). */
export async function findCard(listName: string, title: string): Promise<HTMLElement> {
  const card = (await findCards(listName)).find((article) =>
    within(article).queryByRole('heading', { name: title }),
  );
  if (!card) throw new Error(`No card "${title}" in ${listName}`);
  return card;
}

/** The text of the stat card labelled `label`. */
export function statText(label: string): string {
  return screen.getByRole('group', { name: label }).textContent ?? '';
}

/**
 * Waits for `find` to return something while setTimeout is faked, letting stubbed requests
 * settle through promises and setImmediate alone, so no fake time passes. (Testing Library's
 * async helpers end on a setTimeout of their own and hang under fake timers.)
 */
export async function settleUntil<T>(find: () => T | null): Promise<T> {
  for (let tick = 0; tick < 100; tick += 1) {
    const found = find();
    if (found) return found;
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  throw new Error('settleUntil: nothing appeared');
}

/** A stubbed request's query parameters. */
export function queryOf(request: SeenRequest): URLSearchParams {
  return new URL(request.path, 'http://localhost').searchParams;
}

/**
 * The page of `items` a stubbed list request asks for (`page`, `limit`, default 1 and
 * `defaultLimit`) with API.md's pagination, as a server would answer it.
 */
export function pageOf<T>(items: readonly T[], request: SeenRequest, defaultLimit = 50) {
  const query = queryOf(request);
  const page = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? defaultLimit);
  const total = items.length;
  const totalPages = Math.ceil(total / limit);
  return {
    items: items.slice((page - 1) * limit, page * limit),
    pagination: {
      currentPage: page,
      totalPages,
      totalSummaries: total,
      total,
      hasNextPage: page < totalPages,
      hasPrevPage: page > 1,
    },
  };
}
