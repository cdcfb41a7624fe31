import { expect, test } from './support/portal.fixture';
import { createSummaryThroughApi } from './support/summaries-api';
import {
  authorWithSummary,
  cardOf,
  demoSession,
  freshLabel,
  getSummary,
  openStaffPage,
  summaryOnServer,
  taggedText,
} from './support/staff';

/** What the texts of this file's summaries say about their tag. */
const BREAKWATER_FACTS = [
  'covers the quarterly inspection of the eastern breakwater and its beacons.',
  'notes that divers repaired two cracked blocks at the foot of the breakwater.',
  'records that the port authority scheduled a second survey of the breakwater.',
] as const;

test.describe('/editor', () => {
  test.use({ signedInAs: 'editor' });

  test("All Summaries: edits someone else's summary (Save Changes, Updated!)", async ({
    page,
    request,
  }) => {
    const {
      tag: label,
      author: owner,
      summary,
    } = await authorWithSummary(request, 'editor-edit', BREAKWATER_FACTS);
    await openStaffPage(page, 'editor');

    await expect(page.getByRole('tab', { name: 'All Summaries' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('group', { name: 'Total Summaries' })).toContainText(/\d/);
    await expect(page.getByRole('group', { name: 'Your role' })).toContainText('Editor');
    await expect(page.getByRole('group', { name: 'View mode' })).toContainText('All Summaries');

    const card = cardOf(page, 'All Summaries', owner);
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

    expect((await summaryOnServer(request, owner, summary.id)).summarizedContent).toBe(edited);
  });

  test("All Summaries: deletes someone else's summary after confirmation; the owner gets 404", async ({
    page,
    request,
  }) => {
    const { author: owner, summary } = await authorWithSummary(
      request,
      'editor-delete',
      BREAKWATER_FACTS,
    );
    await openStaffPage(page, 'editor');

    const card = cardOf(page, 'All Summaries', owner);
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
    const editor = await demoSession(request, 'editor');
    const tag = freshLabel('editor-own');
    const original = taggedText(tag, BREAKWATER_FACTS);
    const own = await createSummaryThroughApi(request, editor, original);
    await openStaffPage(page, 'editor');

    await page.getByRole('tab', { name: 'My Summaries' }).click();
    await expect(page.getByRole('group', { name: 'View mode' })).toContainText('My Summaries');
    const card = page
      .getByRole('list', { name: 'My Summaries' })
      .getByRole('article')
      .filter({ hasText: tag });
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
