import type { APIRequestContext, Page, Response } from '@playwright/test';
import {
  DEMO_PASSWORD,
  TOKEN_KEY,
  USER_KEY,
  demoAccounts,
  expect,
  uniqueEmail,
} from './portal.fixture';

/** The User of API.md, as register, login and /auth/me return it. */
export interface ApiUser {
  id: string;
  name: string;
  email: string;
  role: string;
  credits: number;
  createdAt: string;
}

export interface ApiSession {
  token: string;
  user: ApiUser;
}

/** The Summary of API.md (the fields the journeys read). */
export interface ApiSummary {
  id: string;
  summarizedContent: string;
  originalContent: string;
  originalWordCount: number;
  summaryWordCount: number;
  compressionRatio: number;
  processingTime: number;
  isFallback: boolean;
  /** Why it is a Quick Summary (API.md `fallbackReason`); null when Gemini wrote it. */
  fallbackReason: string | null;
  aiModel: string | null;
  customPrompt: string | null;
  regenerationCount: number;
  source: 'text' | 'txt' | 'docx' | 'pdf' | 'url' | 'image';
  fileName: string | null;
  /** API.md round 3: a web page's final address and title; text read by OCR; PDF pages. */
  sourceUrl?: string | null;
  sourceTitle?: string | null;
  ocr?: boolean;
  pageBreaks?: number[];
  createdAt: string;
}

/** `data` of POST /api/summaries and POST /api/summaries/upload. */
export interface CreatedSummaryBody {
  data: { summary: ApiSummary; updatedCredits: number };
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** How many times a sign-up is asked again while the server's password hashing is full. */
const BUSY_ATTEMPTS = 10;

/**
 * Registers a fresh account (role user, 5 credits) through the API, as a well-behaved client
 * does: the server bounds password hashing and answers 503 with Retry-After while its queue is
 * full (decision 0005), which parallel workers' sign-ups can cause; that answer is waited out.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  label: string,
): Promise<ApiSession> {
  const name = `E2E ${label}`;
  const data = { name, email: uniqueEmail(label), password: 'secret123' };
  let response = await request.post('/api/auth/register', { data });
  for (let attempt = 1; response.status() === 503 && attempt < BUSY_ATTEMPTS; attempt += 1) {
    const seconds = Number(response.headers()['retry-after'] ?? '1') || 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 5) * 1000));
    response = await request.post('/api/auth/register', { data });
  }
  expect(response.status(), `register ${label}`).toBe(201);
  const body = (await response.json()) as ApiSession;
  expect(body.user.credits).toBe(5);
  return { token: body.token, user: body.user };
}

/**
 * Opens the tab signed in as `session`: the token and user go into local storage before the
 * app's first script runs, as a login leaves them. Only the tab's first document is seeded, so
 * a reload or a later logout sees what the app itself stored.
 */
export async function startSignedIn(page: Page, session: ApiSession): Promise<void> {
  await page.addInitScript(
    ({ tokenKey, userKey, token, user }) => {
      if (sessionStorage.getItem('e2e.seeded') !== null) return;
      sessionStorage.setItem('e2e.seeded', '1');
      localStorage.setItem(tokenKey, token);
      localStorage.setItem(userKey, user);
    },
    {
      tokenKey: TOKEN_KEY,
      userKey: USER_KEY,
      token: session.token,
      user: JSON.stringify(session.user),
    },
  );
}

/** POST /api/summaries as the session's user (1 credit). */
export async function createSummaryThroughApi(
  request: APIRequestContext,
  session: ApiSession,
  content: string,
): Promise<ApiSummary> {
  const response = await request.post('/api/summaries', {
    headers: bearer(session.token),
    data: { content },
  });
  expect(response.status(), 'POST /api/summaries').toBe(201);
  return ((await response.json()) as CreatedSummaryBody).data.summary;
}

/** Adds credits to a user as the demo admin (PUT /api/admin/users/:id/recharge). */
export async function addCreditsAsAdmin(
  request: APIRequestContext,
  userId: string,
  credits: number,
): Promise<void> {
  const login = await request.post('/api/auth/login', {
    data: { email: demoAccounts.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.status(), 'admin login').toBe(200);
  const { token } = (await login.json()) as ApiSession;
  const recharge = await request.put(`/api/admin/users/${userId}/recharge`, {
    headers: bearer(token),
    data: { credits },
  });
  expect(recharge.status(), 'recharge').toBe(200);
}

/** The balance the server holds for the session's user (GET /api/auth/me). */
export async function creditsOnServer(
  request: APIRequestContext,
  session: Pick<ApiSession, 'token'>,
): Promise<number> {
  const response = await request.get('/api/auth/me', { headers: bearer(session.token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiUser }).data.credits;
}

/** How many summaries the server holds for the session's user. */
export async function summaryCountOnServer(
  request: APIRequestContext,
  session: Pick<ApiSession, 'token'>,
): Promise<number> {
  const response = await request.get('/api/summaries?page=1&limit=1', {
    headers: bearer(session.token),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { total: number } }).data.total;
}

/** The newest of the user's summaries on the server (GET /api/summaries, newest first). */
export async function newestSummaryOnServer(
  request: APIRequestContext,
  session: Pick<ApiSession, 'token'>,
): Promise<ApiSummary> {
  const response = await request.get('/api/summaries?page=1&limit=1', {
    headers: bearer(session.token),
  });
  expect(response.status()).toBe(200);
  const [summary] = ((await response.json()) as { data: { summaries: ApiSummary[] } }).data
    .summaries;
  if (!summary) throw new Error('The user has no summaries');
  return summary;
}

/** The next answer to `method pathname` (e.g. `POST /api/summaries`). */
export function apiResponse(page: Page, method: string, pathname: string): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === method && new URL(response.url()).pathname === pathname,
  );
}

/**
 * Marks the current document; `expectSameDocument` later fails if the page was reloaded or
 * navigated by the browser in between (client-side routing keeps the mark).
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  const marked = await page.evaluate(
    () => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true,
  );
  expect(marked, 'the page was not reloaded').toBe(true);
}

/** The extensions GET /api/config says the server reads (`fileTypes`, API.md round 3). */
export async function serverFileTypes(request: APIRequestContext): Promise<string[]> {
  const body = (await (await request.get('/api/config')).json()) as {
    data: { fileTypes?: string[] };
  };
  return body.data.fileTypes ?? ['.txt', '.docx', '.pdf'];
}

/** `.txt, .docx and .pdf`, as a sentence lists them. */
function listed(fileTypes: readonly string[]): string {
  return fileTypes.length < 2
    ? (fileTypes[0] ?? '')
    : `${fileTypes.slice(0, -1).join(', ')} and ${fileTypes[fileTypes.length - 1] ?? ''}`;
}

/** `Supported formats: .txt, .docx and .pdf, max 10MB.`: the file tab's hint for `fileTypes`. */
export function supportedFormatsHint(fileTypes: readonly string[]): string {
  return `Supported formats: ${listed(fileTypes)}, max 10MB.`;
}

/** `Only .txt, .docx and .pdf files are supported`: the refusal of any other file. */
export function unsupportedFilesMessage(fileTypes: readonly string[]): string {
  return `Only ${listed(fileTypes)} files are supported`;
}
