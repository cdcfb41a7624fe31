import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffSummary } from 'common/staff-summary';
import {
  findCard,
  findCards,
  recordJson,
  makeStaffSummary,
  pageOf,
  queryOf,
  renderStaffPage,
  requestLog,
  setupStaffPageTests,
  statText,
  stubRoutes,
} from 'common/testing/staff';
import type { RouteTable } from 'common/testing/staff';
import { jsonResponse, makeUser } from 'common/testing';
import type { User } from 'common/user';
import { ReviewerPage } from './reviewer-page';

const reviewer = makeUser({ id: 'u7', name: 'Rita Reviewer', role: 'reviewer' });
const pending = makeStaffSummary({ id: 's1' });
const approved = makeStaffSummary({
  id: 's2',
  reviewStatus: 'approved',
  reviewComments: 'Clear and faithful.',
  reviewedBy: { id: 'u7', name: 'Rita Reviewer' },
  reviewedAt: new Date().toISOString(),
  user: { id: 'u3', name: 'Cara Writer', email: 'cara@brevity.test', role: 'editor' },
});
const oddStatus = makeStaffSummary({
  id: 's3',
  // A status this client does not know, as an older or newer server might send.
  reviewStatus: 'archived' as unknown as StaffSummary['reviewStatus'],
  user: { id: 'u4', name: 'Dan Odd', email: 'dan@brevity.test', role: 'user' },
});

const overall = { total: 12, pending: 3, approved: 6, rejected: 2, needs_revision: 1 };
const stats = { overall, myReviews: { total: 5, approved: 3, rejected: 1, needs_revision: 1 } };

function stubApi(
  options: { pending?: StaffSummary[]; all?: StaffSummary[]; overrides?: RouteTable } = {},
) {
  return stubRoutes({
    'GET /api/reviews/stats': () => jsonResponse({ success: true, data: stats }),
    'GET /api/reviews/pending': (request) => {
      const summaries =
        queryOf(request).get('status') === 'all'
          ? (options.all ?? [pending, approved, oddStatus])
          : (options.pending ?? [pending]);
      const { items, pagination } = pageOf(summaries, request, 100);
      return jsonResponse({ success: true, data: items, statistics: overall, pagination });
    },
    'GET /api/summaries': (request) =>
      jsonResponse({
        success: true,
        data: { summaries: [], pagination: pageOf([], request).pagination },
      }),
    ...options.overrides,
  });
}

function renderReviewer(user: User = reviewer) {
  return renderStaffPage('/reviewer', <ReviewerPage />, user);
}

setupStaffPageTests();

describe('ReviewerPage', () => {
  it('sends an editor to /dashboard', async () => {
    const fetchMock = stubApi();
    const { router } = renderReviewer(makeUser({ role: 'editor' }));
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.state).toEqual({ accessDenied: true });
    expect(requestLog(fetchMock)).toEqual([]);
  });

  it('shows the header, the stat cards and the pending count on its tab', async () => {
    stubApi();
    renderReviewer();
    expect(screen.getByRole('heading', { level: 1, name: 'Content Review Center' })).toBeVisible();
    await findCards('Pending Reviews');
    expect(statText('Pending Reviews')).toContain('3');
    expect(statText('Approved')).toContain('6');
    expect(statText('Rejected')).toContain('2');
    expect(statText('My Reviews')).toContain('5');
    expect(screen.getByRole('tab', { name: 'Pending Reviews 3' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'All Summaries' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'My Summaries' })).toBeVisible();
  });

  it('says All Caught Up! when nothing is pending', async () => {
    stubApi({ pending: [] });
    renderReviewer();
    expect((await screen.findByText('All Caught Up!')).textContent).toBe('All Caught Up!');
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Pending Reviews' })).toBeNull();
  });

  it('only logs a failure to load the stats', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubApi({ overrides: { 'GET /api/reviews/stats': () => new Response('', { status: 500 }) } });
    renderReviewer();
    await findCards('Pending Reviews');
    expect(warn).toHaveBeenCalledWith(
      'Failed to fetch review statistics',
      'Failed to fetch review statistics',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(statText('My Reviews')).toContain('—');
  });

  it('needs a reason to reject, then submits it and shows Review Submitted!', async () => {
    const seen: unknown[] = [];
    const fetchMock = stubApi({
      overrides: {
        'POST /api/reviews/s1/submit': recordJson(seen, {
          success: true,
          data: { summary: { ...pending, reviewStatus: 'rejected' } },
        }),
      },
    });
    renderReviewer();
    const card = await findCard('Pending Reviews', 'Bob Writer');
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject summary' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please provide a reason for rejection')).toBeVisible();
    const reason = within(dialog).getByLabelText('Reason for rejection');
    expect(document.activeElement).toBe(reason);
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please provide a reason for rejection')).toBeVisible();
    expect(seen).toEqual([]);

    await userEvent.type(reason, 'It drops the key finding.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('dialog', { name: 'Review Submitted!' })).toBeVisible();
    expect(seen).toEqual([{ action: 'rejected', comments: 'It drops the key finding.' }]);
    expect(await screen.findByText('All Caught Up!')).toBeVisible();
    // The stats are asked again after a review.
    expect(requestLog(fetchMock).filter((line) => line === 'GET /api/reviews/stats')).toHaveLength(
      2,
    );
  });

  it('approves or asks for a revision without a comment', async () => {
    const seen: unknown[] = [];
    stubApi({
      overrides: {
        'POST /api/reviews/s1/submit': recordJson(seen, {
          success: true,
          data: { summary: { ...pending, reviewStatus: 'needs_revision' } },
        }),
      },
    });
    renderReviewer();
    const card = await findCard('Pending Reviews', 'Bob Writer');
    await userEvent.click(within(card).getByRole('button', { name: 'Request revision' }));
    const dialog = screen.getByRole('dialog', { name: 'Request revision' });
    expect(within(dialog).getByLabelText('Comments (optional)')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request revision' }));
    expect(await screen.findByRole('dialog', { name: 'Review Submitted!' })).toBeVisible();
    expect(seen).toEqual([{ action: 'needs_revision' }]);
  });

  it('shows a refused review in a red alert inside the dialog', async () => {
    stubApi({
      overrides: { 'POST /api/reviews/s1/submit': () => new Response('', { status: 500 }) },
    });
    renderReviewer();
    const card = await findCard('Pending Reviews', 'Bob Writer');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve summary' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to submit review');
  });

  it('on the All tab offers review actions only when pending, and shows an unknown status as pending', async () => {
    stubApi();
    renderReviewer();
    await findCards('Pending Reviews');
    await userEvent.click(screen.getByRole('tab', { name: 'All Summaries' }));
    const reviewed = await findCard('All Summaries', 'Cara Writer');
    expect(within(reviewed).getByText('Approved')).toBeVisible();
    expect(within(reviewed).getByText('Clear and faithful.')).toBeVisible();
    expect(within(reviewed).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(reviewed).getByRole('button', { name: 'History' })).toBeVisible();

    const odd = await findCard('All Summaries', 'Dan Odd');
    expect(within(odd).getByText('Pending')).toBeVisible();
    expect(within(odd).queryByText('archived')).toBeNull();
    for (const action of ['Approve', 'Reject', 'Request revision']) {
      expect(within(odd).getByRole('button', { name: action })).toBeVisible();
    }
  });

  it('shows My Summaries without review actions', async () => {
    stubApi({
      overrides: {
        'GET /api/summaries': (request) => {
          const { user: _author, ...own } = makeStaffSummary({ id: 's9' });
          const { items, pagination } = pageOf([own], request);
          return jsonResponse({ success: true, data: { summaries: items, pagination } });
        },
      },
    });
    renderReviewer();
    await findCards('Pending Reviews');
    await userEvent.click(screen.getByRole('tab', { name: 'My Summaries' }));
    const [own] = await findCards('My Summaries');
    if (!own) throw new Error('no card');
    expect(within(own).getByRole('heading', { name: 'Your summary' })).toBeVisible();
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  describe('Complete Review History', () => {
    it('says No review history yet for a summary never reviewed, and gives focus back on close', async () => {
      stubApi({
        overrides: {
          'GET /api/reviews/s1/history': () =>
            jsonResponse({
              success: true,
              data: {
                currentStatus: 'pending',
                currentComments: null,
                reviewedBy: null,
                reviewedAt: null,
                history: [],
              },
            }),
        },
      });
      renderReviewer();
      const card = await findCard('Pending Reviews', 'Bob Writer');
      const opener = within(card).getByRole('button', { name: 'History' });
      await userEvent.click(opener);
      const overlay = screen.getByRole('dialog', { name: 'Complete Review History' });
      expect(overlay.getAttribute('aria-modal')).toBe('true');
      expect(overlay.contains(document.activeElement)).toBe(true);
      expect(await within(overlay).findByText('No review history yet')).toBeVisible();
      expect(within(overlay).getByText('Pending')).toBeVisible();
      expect(within(overlay).getByText('Not reviewed yet')).toBeVisible();
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
    });

    it('lists every review with its action, reviewer, time and comments', async () => {
      stubApi({
        overrides: {
          'GET /api/reviews/s2/history': () =>
            jsonResponse({
              success: true,
              data: {
                currentStatus: 'approved',
                currentComments: 'Clear and faithful.',
                reviewedBy: { id: 'u7', name: 'Rita Reviewer' },
                reviewedAt: '2026-03-02T10:00:00.000Z',
                history: [
                  {
                    action: 'needs_revision',
                    reviewer: { id: 'u8', name: 'Sam Second' },
                    comments: 'Tighten the ending.',
                    timestamp: '2026-03-01T09:00:00.000Z',
                  },
                  {
                    action: 'approved',
                    reviewer: { id: 'u7', name: 'Rita Reviewer' },
                    comments: 'Clear and faithful.',
                    timestamp: '2026-03-02T10:00:00.000Z',
                  },
                ],
              },
            }),
        },
      });
      renderReviewer();
      await findCards('Pending Reviews');
      await userEvent.click(screen.getByRole('tab', { name: 'All Summaries' }));
      const card = await findCard('All Summaries', 'Cara Writer');
      await userEvent.click(within(card).getByRole('button', { name: 'History' }));
      const overlay = screen.getByRole('dialog', { name: 'Complete Review History' });
      const entries = within(await within(overlay).findByRole('list')).getAllByRole('listitem');
      expect(entries).toHaveLength(2);
      expect(entries[0]?.textContent).toContain('Needs revision');
      expect(entries[0]?.textContent).toContain('Sam Second');
      expect(entries[0]?.textContent).toContain('Tighten the ending.');
      expect(entries[0]?.textContent).toContain('Mar 1, 2026');
      expect(entries[1]?.textContent).toContain('Approved');
      expect(overlay.textContent).toContain('Rita Reviewer');
      expect(within(overlay).queryByText('No review history yet')).toBeNull();
    });

    it('shows a failed load of the history in a red alert', async () => {
      stubApi({
        overrides: { 'GET /api/reviews/s1/history': () => new Response('', { status: 500 }) },
      });
      renderReviewer();
      const card = await findCard('Pending Reviews', 'Bob Writer');
      await userEvent.click(within(card).getByRole('button', { name: 'History' }));
      const overlay = screen.getByRole('dialog', { name: 'Complete Review History' });
      expect((await within(overlay).findByRole('alert')).textContent).toBe(
        'Failed to fetch review history',
      );
    });
  });

  it('keeps one dialog at a time', async () => {
    stubApi();
    renderReviewer();
    const card = await findCard('Pending Reviews', 'Bob Writer');
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('dialog', { name: 'Reject summary' })).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'History' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Complete Review History' })).toBeVisible();
  });
});
