import { randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  demoAccounts,
  expect,
  pageHeading,
  remoteEntryLoaded,
} from './portal.fixture';
import type { DemoRole } from './portal.fixture';
import { createSummaryThroughApi, registerThroughApi } from './summaries-api';
import type { ApiSession, ApiSummary } from './summaries-api';

/** The staff areas: each is served by its remote at `/<area>` under this level-one heading. */
export const staffPages = {
  admin: 'Admin Panel',
  editor: 'Content management',
  reviewer: 'Content Review Center',
} as const;

export type StaffArea = keyof typeof staffPages;

/** A Summary as GET /api/summaries/:id returns it, with its review status (API.md). */
export interface ReviewedSummary extends ApiSummary {
  reviewStatus: 'pending' | 'approved' | 'rejected' | 'needs_revision';
}

/** A label no other test or run uses, so the user's name (and their cards) are theirs alone. */
export function freshLabel(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

/**
 * A text of 50+ characters that names `tag` in every sentence, so any summary of it does too:
 * each of `facts` (a sentence without its subject) is prefixed by `tag`.
 */
export function taggedText(tag: string, facts: readonly string[]): string {
  return facts.map((fact) => `${tag} ${fact}`).join(' ');
}

/** The Authorization header of a session's token. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** Logs the demo account of `role` in through the API and returns its session. */
export async function demoSession(request: APIRequestContext, role: DemoRole): Promise<ApiSession> {
  const response = await request.post('/api/auth/login', {
    data: { email: demoAccounts[role].email, password: DEMO_PASSWORD },
  });
  expect(response.status(), `${role} login`).toBe(200);
  return (await response.json()) as ApiSession;
}

/**
 * A fresh user (named after a fresh tag made from `label`) with one summary of
 * `taggedText(tag, facts)`: the author's name names its card, the tag shows in its text.
 */
export async function authorWithSummary(
  request: APIRequestContext,
  label: string,
  facts: readonly string[],
): Promise<{ tag: string; author: ApiSession; summary: ApiSummary }> {
  const tag = freshLabel(label);
  const author = await registerThroughApi(request, tag);
  const summary = await createSummaryThroughApi(request, author, taggedText(tag, facts));
  return { tag, author, summary };
}

/** GET /api/summaries/:id as the session's user, whatever its status. */
export function getSummary(
  request: APIRequestContext,
  session: ApiSession,
  id: string,
): Promise<APIResponse> {
  return request.get(`/api/summaries/${id}`, { headers: bearer(session.token) });
}

/** The summary the server holds, read as its owner (expects 200). */
export async function summaryOnServer(
  request: APIRequestContext,
  session: ApiSession,
  id: string,
): Promise<ReviewedSummary> {
  const response = await getSummary(request, session, id);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { summary: ReviewedSummary } }).data.summary;
}

/** Opens `/<area>` (signed in with that role) and waits for the remote and its heading. */
export async function openStaffPage(page: Page, area: StaffArea): Promise<void> {
  const entry = remoteEntryLoaded(page, area);
  await page.goto(`/${area}`);
  await entry;
  await expect(pageHeading(page)).toHaveText(staffPages[area]);
}

/** The card of `author`'s summary in the list named `listName`. */
export function cardOf(page: Page, listName: string, author: ApiSession): Locator {
  return page
    .getByRole('list', { name: listName })
    .getByRole('article', { name: author.user.name });
}
