import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, pageHeading, test } from './support/portal.fixture';
import { authorWithSummary, openStaffPage } from './support/staff';
import { registerThroughApi, startSignedIn } from './support/summaries-api';
import type { ApiSession } from './support/summaries-api';
import { generateFromText, resultCard } from './support/workbench';

/*
 * Issue 26, "Done when": axe finds no violation on the screens the issue touched. Every screen is
 * checked as a person reaches it (a phone's width and a desktop's), with its dialogs and menus
 * open where it has them: axe's default rules (WCAG 2.0–2.2 A and AA, and its best practices).
 */

/**
 * Each violation in words: rule, what it asks, and the first few elements it found. The page is
 * judged as a person sees it once it has settled: a dialog's 180 ms fade-in (or any other finite
 * animation) has ended, since its text is lighter while it fades in.
 */
async function expectNoViolations(page: Page, where: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect(violations, `axe on ${where} at ${page.viewportSize()?.width ?? 0} px`).toEqual([]);
}

const WIDTHS = [390, 1440] as const;

const SOURCE_TEXT = [
  'The city council approved a new budget for public libraries on Tuesday evening.',
  'The plan adds weekend opening hours at six branches and hires twelve new librarians.',
  'Council members said the change answers a survey in which most residents asked for longer hours.',
  'The budget also funds a mobile library that will visit schools in the outer districts.',
  'Critics argued that the money would be better spent on repairing older buildings first.',
].join(' ');

test.describe.configure({ timeout: 120_000 });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('the landing page and the two forms', async ({ page }) => {
      for (const path of ['/', '/login', '/register']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoViolations(page, path);
      }
    });

    test('an author: dashboard, a new summary, history with a card opened and its versions, credits', async ({
      page,
      request,
    }) => {
      const author: ApiSession = await registerThroughApi(request, `axe-${width}`);
      await startSignedIn(page, author);

      await page.goto('/dashboard');
      await expect(pageHeading(page)).toBeVisible();
      await expectNoViolations(page, '/dashboard');

      await page.goto('/summarize');
      await expect(pageHeading(page)).toBeVisible();
      await expectNoViolations(page, '/summarize');
      await generateFromText(page, SOURCE_TEXT);
      await expect(resultCard(page)).toBeVisible();
      await expectNoViolations(page, '/summarize with its result');

      await page.goto('/history');
      const card = page.getByRole('main').getByRole('article').first();
      await expect(card).toBeVisible();
      await expectNoViolations(page, '/history');
      await card.getByRole('button', { name: /Show more/ }).click();
      await expect(card.getByRole('button', { name: /Show less/ })).toBeVisible();
      await expectNoViolations(page, '/history with a card opened');
      await card.getByRole('button', { name: /^Versions/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, '/history with the versions dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.goto('/credits');
      await expect(pageHeading(page)).toBeVisible();
      await expectNoViolations(page, '/credits');

      if (width < 1024) {
        // The phone menu, open.
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu.getByRole('link', { name: 'History', exact: true })).toBeVisible();
        await expectNoViolations(page, 'the phone menu');
      }
    });

    test.describe('staff', () => {
      test.beforeAll(async ({ request }) => {
        // A summary waiting for review, so the reviewer and editor lists are not empty.
        await authorWithSummary(request, `Axe${width}`, [
          'checked every screen of the portal with axe before the release.',
          'fixed the labels and the contrast that it reported.',
        ]);
      });

      test.describe('the admin', () => {
        test.use({ signedInAs: 'admin' });
        test('every tab of /admin', async ({ page }) => {
          await openStaffPage(page, 'admin');
          await expect(page.getByRole('tabpanel')).toBeVisible();
          await expectNoViolations(page, '/admin users');
          for (const tab of ['summaries', 'credit-requests', 'audit']) {
            await page.goto(`/admin?tab=${tab}`);
            await expect(page.getByRole('tabpanel')).toBeVisible();
            await expectNoViolations(page, `/admin?tab=${tab}`);
          }
        });
      });

      test.describe('the editor', () => {
        test.use({ signedInAs: 'editor' });
        test('/editor', async ({ page }) => {
          await openStaffPage(page, 'editor');
          await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
          await expectNoViolations(page, '/editor');
        });
      });

      test.describe('the reviewer', () => {
        test.use({ signedInAs: 'reviewer' });
        test('/reviewer', async ({ page }) => {
          await openStaffPage(page, 'reviewer');
          await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
          await expectNoViolations(page, '/reviewer');
        });
      });
    });
  });
}
