import type { Page } from '@playwright/test';
import { demoAccounts, expect, navbar, pageHeading, test } from './support/portal.fixture';

const PHONE = { width: 360, height: 740 };

/** The document's scroll width: above the viewport width means a horizontal scroll bar. */
function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
}

test.use({ viewport: PHONE });

test.describe('at 360 px, signed out', () => {
  for (const [path, heading] of [
    ['/', 'Read less. Understand more.'],
    ['/login', 'Welcome Back'],
    ['/register', null],
  ] as const) {
    test(`${path} has no horizontal scroll`, async ({ page }) => {
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1 });
      if (heading) await expect(title).toHaveText(heading);
      else await expect(title).toBeVisible();
      if (path === '/login') {
        // The demo hint arrives after /api/config; measure with it on screen.
        await expect(page.getByText(demoAccounts.user.email, { exact: true })).toBeVisible();
      }
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  }
});

test.describe('at 360 px, signed in', () => {
  test.use({ signedInAs: 'user' });

  test('/dashboard has no horizontal scroll', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(pageHeading(page)).toBeVisible();
    await expect(navbar(page).getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test('the menu button opens the side menu with the same items, and Esc closes it', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(pageHeading(page)).toBeVisible();
    // The desktop account block is hidden on a phone; the pages move into the side menu.
    await expect(navbar(page).getByRole('button', { name: 'Logout' })).toBeHidden();

    const openMenu = navbar(page).getByRole('button', { name: 'Open menu' });
    await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
    await openMenu.click();

    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(openMenu).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Create Summary',
      'History',
      'Credits',
    ]);
    await expect(menu.getByText(demoAccounts.user.name, { exact: true })).toBeVisible();
    await expect(menu.getByText('User', { exact: true })).toBeVisible();
    await expect(menu.getByText(/^\d+ credits?$/)).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Refresh credits' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
    await expect(openMenu).toBeFocused();
  });

  test('a link in the side menu navigates and closes it', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(pageHeading(page)).toBeVisible();
    await navbar(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();

    await menu.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(menu).toBeHidden();
    await expect(pageHeading(page)).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test('Logout in the side menu signs out', async ({ page }) => {
    await page.goto('/dashboard');
    await navbar(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
  });
});
