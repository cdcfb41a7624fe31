import type { Page } from '@playwright/test';
import { expect, pageHeading, test } from './support/portal.fixture';
import type { DemoRole } from './support/portal.fixture';
import { authorWithSummary, openStaffPage } from './support/staff';

/*
 * Issue 13: the signed-in screens from 360 px to desktop, measured rather than assumed. Each
 * role's page is resized through every width from 360 to 1,440 px in 8 px steps; at each width
 * the page must not scroll sideways, the top bar must show either all of the role's pages or the
 * menu button (never both, never a clipped or scrolled list), nothing in the bar may overlap or
 * leave the screen, every tab must be on screen, and every button of the page must be reachable:
 * on screen, or inside a container that scrolls sideways.
 */

const WIDTHS = Array.from({ length: (1440 - 360) / 8 + 1 }, (_, index) => 360 + index * 8);

const pages: Record<DemoRole, () => string> = {
  user: () => '/dashboard',
  editor: () => '/editor',
  reviewer: () => '/reviewer',
  admin: () => '/admin',
};

/** What is wrong with the layout at the current width, in words; empty when nothing is. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const shown = (element: Element) => element.getClientRects().length > 0;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const offScreen = (rect: DOMRect) => rect.left < -0.5 || rect.right > width + 0.5;

    const scrolling = document.scrollingElement ?? document.documentElement;
    if (scrolling.scrollWidth > width)
      problems.push(`the page scrolls sideways (${scrolling.scrollWidth} px)`);

    const header = document.querySelector('header');
    if (!header) return ['no banner'];
    const nav = header.querySelector('nav[aria-label="Main"]');
    const menuButton = header.querySelector('button[aria-label="Open menu"]');
    const navShown = nav !== null && shown(nav);
    const menuShown = menuButton !== null && shown(menuButton);
    if (navShown === menuShown) {
      problems.push(
        navShown
          ? 'both the pages and the menu button show'
          : 'neither the pages nor the menu button show',
      );
    }
    if (nav && navShown && nav.scrollWidth > nav.clientWidth + 1) {
      problems.push(`the pages overflow the bar (${nav.scrollWidth} > ${nav.clientWidth} px)`);
    }

    // Everything one can press in the bar: on screen and clear of each other.
    const controls = [...header.querySelectorAll('a, button')].filter(shown);
    const rects = controls.map((control) => control.getBoundingClientRect());
    controls.forEach((control, index) => {
      const rect = rects[index];
      if (!rect) return;
      if (offScreen(rect)) problems.push(`${describe(control)} leaves the screen`);
      for (let other = index + 1; other < controls.length; other += 1) {
        const next = rects[other];
        const otherControl = controls[other];
        if (
          !next ||
          !otherControl ||
          control.contains(otherControl) ||
          otherControl.contains(control)
        )
          continue;
        const overlap =
          Math.min(rect.right, next.right) - Math.max(rect.left, next.left) > 1 &&
          Math.min(rect.bottom, next.bottom) - Math.max(rect.top, next.top) > 1;
        if (overlap) problems.push(`${describe(control)} overlaps ${describe(otherControl)}`);
      }
    });

    for (const tab of document.querySelectorAll('main [role="tab"]')) {
      if (offScreen(tab.getBoundingClientRect()))
        problems.push(`tab ${describe(tab)} is off screen`);
    }

    // A button past the edge is reachable only inside a container that scrolls sideways.
    const scrollsSideways = (element: Element): boolean => {
      for (
        let node = element.parentElement;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const overflow = getComputedStyle(node).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && node.scrollWidth > node.clientWidth)
          return true;
      }
      return false;
    };
    for (const button of document.querySelectorAll('main button, main a[href]')) {
      if (!shown(button)) continue;
      if (offScreen(button.getBoundingClientRect()) && !scrollsSideways(button)) {
        problems.push(`${describe(button)} is cut off`);
      }
    }
    return problems;
  });
}

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ playwright, baseURL }) => {
  // A pending summary, so the staff lists have cards with their actions.
  const request = await playwright.request.newContext({ baseURL });
  await authorWithSummary(request, 'sweep', [
    'measured every width of the staff screens before the release went out.',
    'kept the list of layouts that broke and the fixes that mended them.',
  ]);
  await request.dispose();
});

for (const role of ['user', 'editor', 'reviewer', 'admin'] as const) {
  test.describe(`signed in as ${role}`, () => {
    test.use({ signedInAs: role });

    test(`${pages[role]()} from 360 to 1,440 px: no sideways scroll, the bar fits or folds into the menu, every control reachable`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      if (role === 'user') {
        await page.goto(pages[role]());
        await expect(pageHeading(page)).toBeVisible();
      } else {
        await openStaffPage(page, role);
        const content =
          role === 'admin'
            ? page.getByRole('region', { name: 'Users' }).getByRole('row').nth(1)
            : page.getByRole('main').getByRole('article').first();
        await expect(content).toBeVisible();
      }
      const failures: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const problem of await layoutProblems(page)) failures.push(`${width} px: ${problem}`);
      }
      expect(failures).toEqual([]);
    });
  });
}
