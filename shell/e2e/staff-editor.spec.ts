import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  demoAccounts,
  expect,
  pageHeading,
  remoteEntryLoaded,
  test as base,
} from './support/portal.fixture';
import { createSummaryThroughApi, registerThroughApi } from './support/summaries-api';
import type { ApiSession, ApiSummary } from './support/summaries-api';

/**
 * The suite's `test` with a `request` that closes each connection after its answer: the
 * server drops idle keep-alive sockets after 5 s, and a request sent on one just as it goes
 * fails with ECONNRESET ("socket hang up"); these journeys pause that long between calls.
 */
const test = base.extend({
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Connection: 'close' },
    });
    await use(request);
    await request.dispose();
  },
});

/** A label no other test or run uses, so the user's name (and their cards) are theirs alone. */
function freshLabel(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

/** A text of 50+ characters that names `tag` in every sentence, so any summary of it does too. */
function taggedText(tag: string): string {
  return [
    `${tag} covers the quarterly inspection of the eastern breakwater and its beacons.`,
    `${tag} notes that divers repaired two cracked blocks at the foot of the breakwater.`,
    `${tag} records that the port authority scheduled a second survey of the breakwater.`,
  ].join(' ');
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** The demo editor's session, for writing their own summaries through the API. */
async function editorSession(request: APIRequestContext): Promise<ApiSession> {
  const response = await request.post('/api/auth/login', {
    data: { email: demoAccounts.editor.email, password: DEMO_PASSWORD },
  });
  expect(response.status(), 'editor login').toBe(200);
  return (await response.json()) as ApiSession;
}

async function getSummary(request: APIRequestContext, session: ApiSession, id: string) {
  return request.get(`/api/summaries/${id}`, { headers: bearer(session.token) });
}

/** Opens /editor as the demo editor and waits for the Content Management heading. */
async function openEditor(page: Page) {
  const entry = remoteEntryLoaded(page, 'editor');
  await page.goto('/editor');
  await entry;
  await expect(pageHeading(page)).toHaveText('Content Management');
}

/** The cards of one tab's list (`All Summaries` or `My Summaries`). */
function list(page: Page, name: 'All Summaries' | 'My Summaries'): Locator {
  return page.getByRole('list', { name });
}

test.describe('/editor', () => {
  test.use({ signedInAs: 'editor' });

  test("All Summaries: edits someone else's summary (Save Changes, Updated!)", async ({
    page,
    request,
  }) => {
    const label = freshLabel('editor-edit');
    const owner = await registerThroughApi(request, label);
    const summary = await createSummaryThroughApi(request, owner, taggedText(label));
    await openEditor(page);

    await expect(page.getByRole('tab', { name: 'All Summaries' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('group', { name: 'Total Summaries' })).toContainText(/\d/);
    await expect(page.getByRole('group', { name: 'Your Role' })).toContainText('Editor');
    await expect(page.getByRole('group', { name: 'View Mode' })).toContainText('All Summaries');

    const card = list(page, 'All Summaries').getByRole('article', { name: owner.user.name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(owner.user.email);
    await expect(card).toContainText(label);

    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(card.getByText('EDITING', { exact: true })).toBeVisible();
    const textarea = card.getByLabel('Summary text');
    await expect(textarea).toHaveValue(summary.summarizedContent);
    const edited = `${label} was corrected by the editor: both blocks are now sealed.`;
    await textarea.fill(edited);
    await card.getByRole('button', { name: 'Save Changes' }).click();

    const updated = page.getByRole('dialog', { name: 'Updated!' });
    await expect(updated).toBeVisible();
    await expect(updated).toContainText('Summary updated successfully');
    await expect(card.getByText('EDITING', { exact: true })).toHaveCount(0);
    await expect(card).toContainText(edited);

    const response = await getSummary(request, owner, summary.id);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { summary: ApiSummary } };
    expect(body.data.summary.summarizedContent).toBe(edited);
  });

  test("All Summaries: deletes someone else's summary after confirmation; the owner gets 404", async ({
    page,
    request,
  }) => {
    const label = freshLabel('editor-delete');
    const owner = await registerThroughApi(request, label);
    const summary = await createSummaryThroughApi(request, owner, taggedText(label));
    await openEditor(page);

    const card = list(page, 'All Summaries').getByRole('article', { name: owner.user.name });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: 'Delete' }).click();

    const confirm = page.getByRole('alertdialog', { name: `Delete ${owner.user.name}'s summary?` });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('This action cannot be undone');
    await confirm.getByRole('button', { name: 'Delete' }).click();

    await expect(page.getByRole('dialog', { name: 'Deleted!' })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await getSummary(request, owner, summary.id)).status()).toBe(404);
  });

  test('My Summaries: lists own summaries to expand and delete, with no Edit', async ({
    page,
    request,
  }) => {
    const editor = await editorSession(request);
    const tag = freshLabel('editor-own');
    const original = taggedText(tag);
    const own = await createSummaryThroughApi(request, editor, original);
    await openEditor(page);

    await page.getByRole('tab', { name: 'My Summaries' }).click();
    await expect(page.getByRole('group', { name: 'View Mode' })).toContainText('My Summaries');
    const card = list(page, 'My Summaries').getByRole('article').filter({ hasText: tag });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading')).toHaveText('Your summary');
    await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    const expand = card.getByRole('button', { name: 'Expand' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expand.click();
    await expect(card.getByRole('button', { name: 'Collapse' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(card.getByRole('heading', { name: 'Original content' })).toBeVisible();
    await expect(card).toContainText(original);
    await expect(card).toContainText(own.summarizedContent);

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this summary?' });
    await expect(confirm).toContainText('This action cannot be undone');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Deleted!' })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await getSummary(request, editor, own.id)).status()).toBe(404);
  });
});
