import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { DEFAULT_PORTAL_CONFIG, primePortalConfig, resetPortalConfig } from 'common/portal-config';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { User } from 'common/user';
import { makeStatistics, ok } from '../../testing/summary-fixtures';
import { DashboardPage, createSummaryDescription } from './dashboard-page';

function renderDashboard(user: User = makeUser()) {
  storeSession(user);
  return renderWithProviders({
    initialEntry: '/dashboard',
    routes: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/summarize', element: <h1>Summarize page</h1> },
      { path: '/history', element: <h1>History page</h1> },
    ],
  });
}

/** GET /api/analytics/summaries: 14 days ending today, with `today` summaries today. */
function analyticsData(today = 0, statistics = makeStatistics()) {
  const now = new Date();
  const days = Array.from({ length: 14 }, (_, index) => {
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 13 + index);
    const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    return { day, count: index === 13 ? today : 0 };
  });
  return ok({ statistics, timeZone: 'UTC', days });
}

function analyticsApi() {
  return stubFetch(() =>
    jsonResponse(
      analyticsData(
        2,
        makeStatistics({
          totalSummaries: 42,
          totalOriginalWords: 125_000,
          totalSummaryWords: 20_000,
          wordsReduced: 105_000,
          averageCompressionRatio: 83.6,
        }),
      ),
    ),
  );
}

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
  primePortalConfig(DEFAULT_PORTAL_CONFIG);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('greets the user with their name, credits and role badge', () => {
    analyticsApi();
    renderDashboard(makeUser({ name: 'Grace Hopper', credits: 7, role: 'editor' }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome back, Grace Hopper!' }),
    ).toBeVisible();
    expect(screen.getByText('7 credits').parentElement?.textContent).toBe(
      'You have 7 credits available.',
    );
    const badges = screen.getAllByText('Editor');
    expect(badges.every((badge) => badge.className.includes('ui-badge--default'))).toBe(true);
  });

  it.each([
    ['admin', 'Admin', 'destructive'],
    ['reviewer', 'Reviewer', 'secondary'],
    ['user', 'User', 'outline'],
  ] as const)('styles the %s badge as %s', (role, label, variant) => {
    analyticsApi();
    renderDashboard(makeUser({ role }));
    expect(screen.getAllByText(label)[0]?.className).toContain(`ui-badge--${variant}`);
  });

  it('shows the credits, account and status cards', () => {
    analyticsApi();
    renderDashboard(makeUser({ name: 'Ada Lovelace', email: 'ada@example.com', credits: 3 }));
    const card = (title: string) =>
      (screen.getByRole('heading', { name: title }).parentElement as HTMLElement).textContent;
    expect(card('Available credits')).toBe(' Available credits31 credit per summaryCredit history');
    expect(card('Account')).toBe(' AccountAda Lovelaceada@example.comRole: User');
    expect(card('Account Status')).toBe(' Account StatusActiveYour account is in good standing');
  });

  it('links to Create Summary and View History', () => {
    analyticsApi();
    renderDashboard();
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(
      within(actions)
        .getByRole('link', { name: /Create Summary/ })
        .getAttribute('href'),
    ).toBe('/summarize');
    expect(
      within(actions)
        .getByRole('link', { name: /View History/ })
        .getAttribute('href'),
    ).toBe('/history');
  });

  it('lists the platform features', () => {
    analyticsApi();
    renderDashboard();
    const features = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => [heading.textContent, heading.nextElementSibling?.textContent]);
    expect(features).toEqual([
      [
        'AI summarization',
        'Long articles, reports and notes condensed into clear, readable summaries.',
      ],
      [
        'Credit system',
        '1 credit per summary. Regenerating a summary with new instructions is free.',
      ],
      ['Summary history', 'Every summary is kept, ready to read again, copy or download.'],
      ['Analytics', 'Compression rates, word counts and your usage over time.'],
    ]);
  });

  it("shows the user's analytics and a usage chart with a text alternative", async () => {
    const fetchMock = analyticsApi();
    renderDashboard();
    expect(screen.getByText('Loading your analytics')).toBeVisible();
    expect(await screen.findByText('42')).toBeVisible();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/analytics\/summaries\?tz=/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const stat = (label: string) => screen.getByText(label).parentElement as HTMLElement;
    expect(within(stat('Summaries made')).getByText('42')).toBeVisible();
    expect(within(stat('Words read')).getByText('125,000')).toBeVisible();
    expect(within(stat('Words saved')).getByText('105,000')).toBeVisible();
    expect(within(stat('Average compression')).getByText('84%')).toBeVisible();
    const chart = screen.getByRole('figure');
    expect(chart.getAttribute('aria-labelledby')).toBeTruthy();
    expect(
      within(chart).getByText(/^2 summaries in the last 14 days; the busiest day was/),
    ).toBeVisible();
    const rows = within(chart).getAllByRole('row');
    expect(rows).toHaveLength(15);
    expect(rows.at(-1)?.textContent).toMatch(/2$/);
    expect(chart.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(chart.querySelectorAll('rect')).toHaveLength(14);
  });

  it('a failed analytics load is only logged, with a way to try again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    stubFetch(() =>
      fail
        ? jsonResponse({ success: false, code: 'INTERNAL', message: '' }, 500)
        : jsonResponse(analyticsData()),
    );
    renderDashboard();
    expect(await screen.findByText('Your analytics are not available right now.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByText('No summaries in the last 14 days.')).toBeVisible(),
    );
  });
});

describe('Create Summary names what the server reads (issue 27)', () => {
  it('follows GET /api/config: its file types, and web pages where it reads them', async () => {
    resetPortalConfig();
    primePortalConfig({
      ...DEFAULT_PORTAL_CONFIG,
      fileTypes: ['.txt', '.docx', '.pdf', '.png'],
      urlSources: true,
    });
    analyticsApi();
    renderDashboard();
    const action = await screen.findByRole('link', { name: /Create Summary/ });
    expect(action.textContent).toContain(
      'Paste text, summarize a web page or upload a .txt, .docx, .pdf or .png file',
    );
  });

  it('before the configuration arrives, says the shared default list', () => {
    expect(createSummaryDescription(DEFAULT_PORTAL_CONFIG)).toBe(
      'Paste text or upload a .txt, .docx, .pdf, .png, .jpg, .jpeg or .webp file',
    );
  });
});
