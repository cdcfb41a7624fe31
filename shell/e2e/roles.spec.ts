import type { Page } from '@playwright/test';
import {
  expect,
  mainNav,
  navbar,
  pageHeading,
  pathOf,
  remoteEntryLoaded,
  test,
} from './support/portal.fixture';
import type { DemoRole } from './support/portal.fixture';

const STAFF_PATHS = ['/admin', '/editor', '/reviewer'] as const;
type StaffPath = (typeof STAFF_PATHS)[number];

const BASE_ITEMS = ['Dashboard', 'Create Summary', 'History'];

/** What each role may open and what its navbar lists (SPEC.md §2, §6, "Navigation bar"). */
const rolePlan: Record<DemoRole, { allowed: StaffPath[]; navItems: string[] }> = {
  user: { allowed: [], navItems: [...BASE_ITEMS, 'Credits'] },
  editor: { allowed: ['/editor'], navItems: [...BASE_ITEMS, 'Manage Content'] },
  reviewer: { allowed: ['/reviewer'], navItems: [...BASE_ITEMS, 'Review Content'] },
  admin: {
    allowed: ['/admin', '/editor', '/reviewer'],
    navItems: [...BASE_ITEMS, 'Admin Panel', 'Manage Content', 'Review Content'],
  },
};

function accessDenied(page: Page) {
  return page.getByRole('alertdialog', { name: 'Access Denied' });
}

async function expectDenied(page: Page, path: StaffPath) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/dashboard$/);
  const dialog = accessDenied(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("You don't have permission to access this page.");
  const goToDashboard = dialog.getByRole('button', { name: 'Go to Dashboard' });
  await expect(goToDashboard).toBeFocused();
  await goToDashboard.click();
  await expect(dialog).toBeHidden();
  expect(pathOf(page)).toBe('/dashboard');
  await expect(pageHeading(page)).toBeVisible();
}

async function expectAllowed(page: Page, path: StaffPath) {
  const entry = remoteEntryLoaded(page, path.slice(1));
  await page.goto(path);
  await entry;
  await expect(pageHeading(page)).toBeVisible();
  expect(pathOf(page)).toBe(path);
  await expect(accessDenied(page)).toHaveCount(0);
}

for (const role of Object.keys(rolePlan) as DemoRole[]) {
  const plan = rolePlan[role];
  test.describe(`signed in as ${role}`, () => {
    test.use({ signedInAs: role });

    test(`the navbar lists ${plan.navItems.join(', ')}`, async ({ page }) => {
      await page.goto('/dashboard');
      await expect(mainNav(page).getByRole('link')).toHaveText(plan.navItems);
      await expect(
        navbar(page)
          .getByText(role.charAt(0).toUpperCase() + role.slice(1), { exact: true })
          .filter({ visible: true }),
      ).toBeVisible();
    });

    for (const path of STAFF_PATHS) {
      const allowed = plan.allowed.includes(path);
      test(`${path} ${allowed ? 'opens' : 'redirects to /dashboard with Access Denied'}`, async ({
        page,
      }) => {
        if (allowed) await expectAllowed(page, path);
        else await expectDenied(page, path);
      });
    }
  });
}

test.describe('staff pages from the navbar', () => {
  test.use({ signedInAs: 'admin' });

  test('admin reaches every staff page through its navbar links', async ({ page }) => {
    await page.goto('/dashboard');
    const nav = mainNav(page);
    for (const [label, path] of [
      ['Admin Panel', '/admin'],
      ['Manage Content', '/editor'],
      ['Review Content', '/reviewer'],
    ] as const) {
      const entry = remoteEntryLoaded(page, path.slice(1));
      await nav.getByRole('link', { name: label }).click();
      await entry;
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      await expect(pageHeading(page)).toBeVisible();
    }
    // The reviewer page's header is a SPEC.md text.
    await expect(pageHeading(page)).toHaveText('Content Review Center');
  });
});
