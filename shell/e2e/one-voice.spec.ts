import type { Locator, Page } from '@playwright/test';
import { expect, navbar, pageHeading, remoteEntryLoaded, test } from './support/portal.fixture';
import { ARTICLE } from './support/sample-texts';
import { demoSession } from './support/staff';
import {
  addCreditsAsAdmin,
  createSummaryThroughApi,
  registerThroughApi,
  startSignedIn,
} from './support/summaries-api';
import type { ApiSession, ApiSummary } from './support/summaries-api';

/*
 * Issue 26, item 11 "One voice": every date on the dashboard, the history, the credits page and
 * a staff screen is written one way (docs/glossary.md "Dates"): `Today`, `Yesterday`,
 * `N days ago` for the last week, then `Nov 27, 2026`, in a <time> whose title is the full
 * `November 27, 2026 at 7:59 AM`, in the reader's time zone. Before, the same moment showed as
 * `Nov 27, 2026, 8:00 AM` (credits, audit log), `Nov 27, 8:04 AM` (the bell) and a bare
 * `Nov 27, 2026` without its time (the users table).
 */

/** Far from the server's UTC: a summary made in the evening in UTC is the next day here. */
const READER_ZONE = 'Pacific/Auckland';
const DAY_MS = 24 * 60 * 60 * 1000;

const SCREEN_DATE =
  /^(?:Today|Yesterday|[2-6] days ago|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4})$/u;
const FULL_DATE_TIME =
  /^(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/u;
/** The other ways dates used to be written: none may show. */
const SECOND_FORMATS = [
  /\b\d{1,2}\/\d{1,2}\/\d{4}\b/u, // 11/27/2026
  /\b\d{4}-\d{2}-\d{2}\b/u, // 2026-11-27
  /\d{4}, \d{1,2}:\d{2}\s?[AP]M/u, // Nov 27, 2026, 8:00 AM
  /\b[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s?[AP]M/u, // Nov 27, 8:04 AM
];

test.use({ timezoneId: READER_ZONE });
// Each journey signs up, summarizes and loads four pages twice, on a shared, busy machine.
test.describe.configure({ timeout: 90_000 });

/** `Nov 27, 2026` as en-US writes the moment in the reader's zone. */
function shortDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: READER_ZONE,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(iso));
}

/** `November 27, 2026 at 7:59 AM` in the reader's zone. */
function fullDateTime(iso: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: READER_ZONE,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(date);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: READER_ZONE,
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
  return `${day} at ${time}`;
}

/**
 * One date as the screens write it: `Today` (or, when `absolute`, the short date) for the moment
 * in its `datetime`, and the full moment as its title, both in the reader's zone. Resolves the
 * moment.
 */
async function expectDate(time: Locator, absolute: boolean): Promise<string> {
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/u);
  const moment = (await time.getAttribute('datetime')) ?? '';
  await expect(time).toHaveText(absolute ? shortDate(moment) : 'Today');
  await expect(time).toHaveAttribute('title', fullDateTime(moment));
  return moment;
}

/** Every date shown in `scope` is in the one format, and no other way of writing one shows. */
async function expectOneFormat(scope: Locator): Promise<void> {
  const times = scope.locator('time');
  const count = await times.count();
  for (let index = 0; index < count; index += 1) {
    const time = times.nth(index);
    if (!(await time.isVisible())) continue;
    await expect(time).toHaveText(SCREEN_DATE);
    await expect(time).toHaveAttribute('title', FULL_DATE_TIME);
  }
  const text = await scope.innerText();
  for (const format of SECOND_FORMATS) expect(text).not.toMatch(format);
}

/** A fresh author with one summary and a credit top-up (which rings the bell). */
async function authorWithHistory(
  request: Parameters<typeof registerThroughApi>[0],
  label: string,
): Promise<{ author: ApiSession; summary: ApiSummary }> {
  const author = await registerThroughApi(request, label);
  const summary = await createSummaryThroughApi(request, author, ARTICLE);
  await addCreditsAsAdmin(request, author.user.id, 3);
  return { author, summary };
}

/**
 * From the next page load on, the browser's clock runs ten days ahead (the server's stays true):
 * what was made today is then more than a week old.
 */
async function livingTenDaysOn(page: Page): Promise<void> {
  await page.addInitScript((offset: number) => {
    const RealDate = Date;
    class ShiftedDate extends RealDate {
      constructor(...args: ConstructorParameters<DateConstructor> | []) {
        if (args.length === 0) super(RealDate.now() + offset);
        else super(...(args as ConstructorParameters<DateConstructor>));
      }
      static override now(): number {
        return RealDate.now() + offset;
      }
    }
    globalThis.Date = ShiftedDate as DateConstructor;
  }, 10 * DAY_MS);
}

async function openAsAuthor(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(pageHeading(page)).toHaveText(heading, { timeout: 20_000 });
}

test('the author reads every date one way: dashboard, bell, history and credits, now and a week on', async ({
  page,
  request,
}) => {
  const { author, summary } = await authorWithHistory(request, 'one-voice');
  await startSignedIn(page, author);

  // The dashboard: the chart's days are short (`Nov 27`), its last one Today; the bell's
  // notification is dated like everything else.
  const entry = remoteEntryLoaded(page, 'user');
  await page.goto('/dashboard');
  await entry;
  const labels = page.locator('.ru-usage__labels li');
  await expect(labels.last()).toHaveText('Today');
  for (const label of (await labels.allTextContents()).slice(0, -1)) {
    expect(label).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/u);
  }
  await navbar(page)
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const bellDate = panel.locator('time').first();
  await expect(bellDate).toHaveText('Today');
  await expect(bellDate).toHaveAttribute('title', FULL_DATE_TIME);
  await expectOneFormat(panel);
  await page.keyboard.press('Escape');
  await expectOneFormat(page.getByRole('main'));

  // The history card.
  await openAsAuthor(page, '/history', 'Your Summaries');
  const card = page.getByRole('article').first();
  expect(await expectDate(card.locator('time').first(), false)).toBe(summary.createdAt);
  await expectOneFormat(page.getByRole('main'));

  // The credits page: the summary's debit and the top-up.
  await openAsAuthor(page, '/credits', 'Credits');
  const table = page.getByRole('main').getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  for (const time of await table.locator('tbody time').all()) await expectDate(time, false);
  await expectOneFormat(page.getByRole('main'));

  // Ten days on, the same moments read as absolute dates, in the reader's calendar.
  await livingTenDaysOn(page);
  await openAsAuthor(page, '/history', 'Your Summaries');
  expect(await expectDate(page.getByRole('article').first().locator('time').first(), true)).toBe(
    summary.createdAt,
  );
  await expectOneFormat(page.getByRole('main'));
  await openAsAuthor(page, '/credits', 'Credits');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  for (const time of await table.locator('tbody time').all()) await expectDate(time, true);
  await expectOneFormat(page.getByRole('main'));
});

test('a staff screen writes dates the same way: the admin users table', async ({
  page,
  request,
}) => {
  const { author } = await authorWithHistory(request, 'one-voice-staff');
  await startSignedIn(page, await demoSession(request, 'admin'));
  const entry = remoteEntryLoaded(page, 'admin');
  await page.goto('/admin');
  await entry;
  await page.getByLabel('Search users').fill(author.user.email);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(author.user.email)}`));
  const row = page
    .getByRole('region', { name: 'Users' })
    .getByRole('row')
    .filter({ hasText: author.user.email });
  expect(await expectDate(row.locator('time'), false)).toBe(author.user.createdAt);
  await expectOneFormat(page.getByRole('main'));

  await livingTenDaysOn(page);
  await page.reload();
  await expect(pageHeading(page)).toHaveText('Admin Panel', { timeout: 20_000 });
  expect(await expectDate(row.locator('time'), true)).toBe(author.user.createdAt);
  await expectOneFormat(page.getByRole('main'));
});
