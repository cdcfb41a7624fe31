import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffSummary } from 'common/staff-summary';
import {
  findCards,
  pageOf,
  queryOf,
  recordJson,
  makeStaffSummary,
  renderStaffPage,
  requestLog,
  settleUntil,
  setupStaffPageTests,
  statText,
  stubRoutes,
} from 'common/testing/staff';
import type { RouteTable } from 'common/testing/staff';
import { jsonResponse, makeUser } from 'common/testing';
import type { User } from 'common/user';
import { AdminPage } from './admin-page';

const admin = makeUser({ id: 'u1', name: 'Ada Admin', email: 'ada@brevity.test', role: 'admin' });
const bob = makeUser({ id: 'u2', name: 'Bob Writer', email: 'bob@brevity.test', credits: 3 });
const cara = makeUser({
  id: 'u3',
  name: 'Cara Editor',
  email: 'cara@brevity.test',
  role: 'editor',
});

function statisticsOf(users: User[]) {
  const roleDistribution = { user: 0, editor: 0, reviewer: 0, admin: 0 };
  for (const user of users) roleDistribution[user.role] += 1;
  const totalCredits = users.reduce((sum, user) => sum + user.credits, 0);
  return { totalUsers: users.length, totalCredits, roleDistribution };
}

/**
 * A fake staff API over `users` and `summaries`: pages, search (name or email; summary text),
 * role and status filters as API.md "Additions" says; deleting a user takes their summaries.
 */
function stubApi(
  options: { users?: User[]; summaries?: StaffSummary[]; overrides?: RouteTable } = {},
) {
  let users = options.users ?? [admin, bob, cara];
  let summaries = options.summaries ?? [makeStaffSummary()];
  return stubRoutes({
    'GET /api/admin/users': (request) => {
      const query = queryOf(request);
      const q = query.get('q')?.toLowerCase() ?? '';
      const role = query.get('role');
      const matching = users.filter(
        (user) =>
          (!q || `${user.name} ${user.email}`.toLowerCase().includes(q)) &&
          (!role || user.role === role),
      );
      const { items, pagination } = pageOf(matching, request);
      return jsonResponse({
        success: true,
        data: { users: items, statistics: statisticsOf(users), pagination },
      });
    },
    'GET /api/admin/summaries': (request) => {
      const query = queryOf(request);
      const q = query.get('q')?.toLowerCase() ?? '';
      const status = query.get('status');
      const userId = query.get('userId');
      const matching = summaries.filter(
        (summary) =>
          (!q || summary.summarizedContent.toLowerCase().includes(q)) &&
          (!status || summary.reviewStatus === status) &&
          (!userId || summary.user.id === userId),
      );
      const { items, pagination } = pageOf(matching, request);
      return jsonResponse({ success: true, data: { summaries: items, pagination } });
    },
    'DELETE /api/admin/users/u2': () => {
      users = users.filter((user) => user.id !== 'u2');
      summaries = summaries.filter((summary) => summary.user.id !== 'u2');
      return jsonResponse({ success: true });
    },
    ...options.overrides,
  });
}

function renderAdmin(user: User = admin, search = '') {
  return renderStaffPage('/admin', <AdminPage />, user, search);
}

/** `count` users named "Member N", newest first, each with N credits. */
function members(count: number): User[] {
  return Array.from({ length: count }, (_, index) =>
    makeUser({
      id: `m${index + 1}`,
      name: `Member ${index + 1}`,
      email: `member${index + 1}@brevity.test`,
      credits: index + 1,
    }),
  );
}

async function findRow(name: string) {
  const cell = await screen.findByRole('rowheader', { name: new RegExp(name) });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

setupStaffPageTests();

describe('AdminPage', () => {
  it('sends anyone but an admin to /dashboard', async () => {
    const fetchMock = stubApi();
    const { router } = renderAdmin(makeUser({ role: 'editor' }));
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.state).toEqual({ accessDenied: true });
    // Nothing of the admin's was asked for.
    expect(requestLog(fetchMock)).toEqual([]);
  });

  it('shows the stat cards, the users table and the role distribution', async () => {
    stubApi();
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    await findRow('Bob Writer');
    expect(statText('Total Users')).toContain('3');
    expect(statText('Total Summaries')).toContain('1');
    expect(statText('Total Credits')).toContain('13');
    expect(statText('Admins')).toContain('1');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Role', 'Credits', 'Created', 'Actions']);
    const bobRow = await findRow('Bob Writer');
    expect(within(bobRow).getByText('bob@brevity.test')).toBeVisible();
    expect(within(bobRow).getByText('User')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Role Distribution' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Users Management' })).toBeVisible();
  });

  it('hides Delete on the signed-in admin’s own row only', async () => {
    stubApi();
    renderAdmin();
    const ownRow = await findRow('Ada Admin');
    expect(within(ownRow).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(ownRow).getByRole('button', { name: 'Credits for Ada Admin' })).toBeVisible();
    expect(within(ownRow).getByRole('button', { name: 'Role for Ada Admin' })).toBeVisible();
    const bobRow = await findRow('Bob Writer');
    expect(within(bobRow).getByRole('button', { name: 'Delete Bob Writer' })).toBeVisible();
  });

  it('says No users found when there are none', async () => {
    stubApi({ users: [] });
    renderAdmin();
    const empty = await screen.findByText('No users found');
    expect(empty.textContent).toBe('No users found');
    expect(screen.queryAllByRole('rowheader')).toEqual([]);
    expect(statText('Total Users')).toBe('Total Users0');
  });

  it('shows a failed load in a red alert, and Refresh loads again', async () => {
    let fail = true;
    const fetchMock = stubApi({
      overrides: {
        'GET /api/admin/users': (request) =>
          fail
            ? new Response('oops', { status: 500 })
            : jsonResponse({
                success: true,
                data: {
                  users: [bob],
                  statistics: statisticsOf([bob]),
                  pagination: pageOf([bob], request).pagination,
                },
              }),
      },
    });
    renderAdmin();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch users');
    fail = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Refresh' })[0] as HTMLElement);
    await findRow('Bob Writer');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      requestLog(fetchMock).filter((line) => line === 'GET /api/admin/users?page=1&limit=50'),
    ).toHaveLength(2);
  });

  describe('Add credits', () => {
    it('starts at 10 and refuses an empty, zero, negative or non-numeric amount without a call', async () => {
      const fetchMock = stubApi();
      renderAdmin();
      await userEvent.click(await screen.findByRole('button', { name: 'Credits for Bob Writer' }));
      const dialog = screen.getByRole('dialog', { name: 'Add credits' });
      const amount = within(dialog).getByLabelText('Credits to add') as HTMLInputElement;
      expect(amount.value).toBe('10');
      for (const value of ['', '0', '-4', '0.5']) {
        await userEvent.clear(amount);
        if (value) await userEvent.type(amount, value);
        await userEvent.click(within(dialog).getByRole('button', { name: 'Add credits' }));
        expect(within(dialog).getByText('Please enter a valid positive number')).toBeVisible();
        expect(amount.getAttribute('aria-invalid')).toBe('true');
      }
      expect(
        requestLog(fetchMock).filter((line) => line === 'PUT /api/admin/users/u2/recharge'),
      ).toHaveLength(0);
      await userEvent.type(amount, '1');
      expect(within(dialog).queryByText('Please enter a valid positive number')).toBeNull();
    });

    it('sends a whole number, updates the row and shows Credits Added! for 2 seconds', async () => {
      const seen: unknown[] = [];
      stubApi({
        overrides: {
          'PUT /api/admin/users/u2/recharge': recordJson(seen, {
            success: true,
            data: { user: { ...bob, credits: 15 } },
          }),
        },
      });
      renderAdmin();
      await userEvent.click(await screen.findByRole('button', { name: 'Credits for Bob Writer' }));
      const amount = screen.getByLabelText('Credits to add');
      await userEvent.clear(amount);
      await userEvent.type(amount, '12');
      // From the submit on, the dialog's timer moves only when the test says so.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      fireEvent.click(screen.getByRole('button', { name: 'Add credits' }));
      const success = await settleUntil(() =>
        screen.queryByRole('dialog', { name: 'Credits Added!' }),
      );
      expect(seen).toEqual([{ credits: 12 }]);
      expect(success.textContent).toContain('New balance: 15');
      expect(screen.queryByRole('dialog', { name: 'Add credits' })).toBeNull();
      const bobRow = screen.getByRole('rowheader', { name: /Bob Writer/ }).closest('tr');
      expect(bobRow?.textContent).toContain('15');
      expect(statText('Total Credits')).toContain('25');

      act(() => vi.advanceTimersByTime(1999));
      expect(screen.getByRole('dialog', { name: 'Credits Added!' })).toBeVisible();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('dialog', { name: 'Credits Added!' })).toBeNull();
    });

    it('refuses a fraction of a credit in the dialog and sends nothing (2.5 used to add 2)', async () => {
      const seen: unknown[] = [];
      stubApi({
        overrides: {
          'PUT /api/admin/users/u2/recharge': recordJson(seen, {
            success: true,
            data: { user: { ...bob, credits: 7 } },
          }),
        },
      });
      renderAdmin();
      await userEvent.click(await screen.findByRole('button', { name: 'Credits for Bob Writer' }));
      const dialog = screen.getByRole('dialog', { name: 'Add credits' });
      const amount = within(dialog).getByLabelText('Credits to add');
      await userEvent.clear(amount);
      await userEvent.type(amount, '2.5');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add credits' }));
      expect(
        within(dialog).getByText('Credits must be a whole number, such as 2 or 3'),
      ).toBeVisible();
      expect(amount).toHaveFocus();
      expect(seen).toEqual([]);
    });

    it("shows the server's refusal in a red alert inside the dialog", async () => {
      stubApi({
        overrides: {
          'PUT /api/admin/users/u2/recharge': () => new Response('', { status: 500 }),
        },
      });
      renderAdmin();
      await userEvent.click(await screen.findByRole('button', { name: 'Credits for Bob Writer' }));
      await userEvent.click(screen.getByRole('button', { name: 'Add credits' }));
      const dialog = screen.getByRole('dialog', { name: 'Add credits' });
      expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to add credits');
    });
  });

  describe('Change role', () => {
    it('asks for a role, and makes no call when the role is unchanged', async () => {
      const fetchMock = stubApi();
      renderAdmin();
      await userEvent.click(await screen.findByRole('button', { name: 'Role for Cara Editor' }));
      const dialog = screen.getByRole('dialog', { name: 'Change role' });
      const select = within(dialog).getByLabelText('New role');
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select a role', 'User', 'Editor', 'Reviewer', 'Admin']);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
      expect(within(dialog).getByText('Please select a role')).toBeVisible();

      await userEvent.selectOptions(select, 'editor');
      expect(within(dialog).queryByText('Please select a role')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(
        requestLog(fetchMock).filter((line) => line === 'PUT /api/admin/users/u3/role'),
      ).toHaveLength(0);
    });

    it('sends the new role and shows Role Changed!', async () => {
      const seen: unknown[] = [];
      stubApi({
        overrides: {
          'PUT /api/admin/users/u3/role': recordJson(seen, {
            success: true,
            data: { user: { ...cara, role: 'reviewer' } },
          }),
        },
      });
      renderAdmin();
      await userEvent.click(await screen.findByRole('button', { name: 'Role for Cara Editor' }));
      await userEvent.selectOptions(screen.getByLabelText('New role'), 'reviewer');
      await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
      expect(await screen.findByRole('dialog', { name: 'Role Changed!' })).toBeVisible();
      expect(seen).toEqual([{ role: 'reviewer' }]);
      expect(within(await findRow('Cara Editor')).getByText('Reviewer')).toBeVisible();
    });

    it('shows a refused change (the last admin) in the dialog', async () => {
      stubApi({
        overrides: {
          'PUT /api/admin/users/u1/role': () =>
            jsonResponse(
              { success: false, code: 'CONFLICT', message: 'The last admin cannot be demoted' },
              409,
            ),
        },
      });
      renderAdmin();
      await userEvent.click(await screen.findByRole('button', { name: 'Role for Ada Admin' }));
      await userEvent.selectOptions(screen.getByLabelText('New role'), 'user');
      await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The last admin cannot be demoted',
      );
      expect(screen.getByRole('dialog', { name: 'Change role' })).toBeVisible();
    });
  });

  describe('Delete user', () => {
    it('asks first (This action cannot be undone), then deletes and shows Deleted!', async () => {
      const fetchMock = stubApi();
      renderAdmin();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Bob Writer' }));
      const confirm = screen.getByRole('alertdialog', { name: /Delete Bob Writer/ });
      expect(confirm.textContent).toContain('This action cannot be undone');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(
        requestLog(fetchMock).filter((line) => line === 'DELETE /api/admin/users/u2'),
      ).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: 'Delete Bob Writer' }));
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('dialog', { name: 'Deleted!' })).toBeVisible();
      expect(screen.queryByRole('rowheader', { name: /Bob Writer/ })).toBeNull();
      expect(statText('Total Users')).toContain('2');
      // Their summaries went with them.
      expect(statText('Total Summaries')).toContain('0');
    });

    it('shows a failed deletion in an error dialog', async () => {
      stubApi({
        overrides: { 'DELETE /api/admin/users/u2': () => new Response('', { status: 502 }) },
      });
      renderAdmin();
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Bob Writer' }));
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      const error = await screen.findByRole('alertdialog', { name: 'Error' });
      expect(error.textContent).toContain('Failed to delete user');
    });
  });

  it('keeps one dialog at a time: opening another dismisses the first', async () => {
    stubApi();
    renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Credits for Bob Writer' }));
    expect(screen.getByRole('dialog', { name: 'Add credits' })).toBeVisible();
    // jsdom has no showModal, so the page behind stays clickable: the rule must hold anyway.
    await userEvent.click(screen.getByRole('button', { name: 'Role for Cara Editor' }));
    expect(screen.queryByRole('dialog', { name: 'Add credits' })).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bob Writer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });

  describe('All Summaries tab', () => {
    async function openSummariesTab() {
      await userEvent.click(screen.getByRole('tab', { name: 'All Summaries' }));
      const list = await screen.findByRole('list', { name: 'All summaries' });
      return within(list).getAllByRole('article');
    }

    it('shows each summary with its author, preview, words, ratio and date, and expands it', async () => {
      stubApi();
      renderAdmin();
      const [card] = await openSummariesTab();
      if (!card) throw new Error('no card');
      expect(within(card).getByRole('heading', { name: 'Bob Writer' })).toBeVisible();
      expect(within(card).getByText('bob@brevity.test')).toBeVisible();
      expect(within(card).getByText('User')).toBeVisible();
      expect(card.textContent).toContain('120 → 40');
      expect(card.textContent).toContain('67%');
      expect(card.textContent).toContain('Today');
      const expand = within(card).getByRole('button', { name: 'Expand' });
      expect(expand.getAttribute('aria-expanded')).toBe('false');
      await userEvent.click(expand);
      expect(card.textContent).toContain('The quarterly report, in full');
      expect(within(card).getByRole('button', { name: 'Collapse' })).toBeVisible();
    });

    it('edits in place with an EDITING badge, saves and shows Updated!', async () => {
      const seen: unknown[] = [];
      stubApi({
        overrides: {
          'PUT /api/admin/summaries/s1': recordJson(seen, {
            success: true,
            data: { summary: makeStaffSummary({ summarizedContent: 'A sharper summary.' }) },
          }),
        },
      });
      renderAdmin();
      const [card] = await openSummariesTab();
      if (!card) throw new Error('no card');
      expect(within(card).queryByText('EDITING')).toBeNull();
      await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
      expect(within(card).getByText('EDITING')).toBeVisible();
      const text = within(card).getByLabelText('Summary text');
      expect(document.activeElement).toBe(text);

      await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
      expect(within(card).queryByText('EDITING')).toBeNull();
      expect(seen).toEqual([]);

      await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
      await userEvent.clear(within(card).getByLabelText('Summary text'));
      await userEvent.type(within(card).getByLabelText('Summary text'), 'A sharper summary.');
      await userEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));
      const success = await screen.findByRole('dialog', { name: 'Updated!' });
      expect(success.textContent).toContain('Summary updated successfully');
      expect(seen).toEqual([{ summarizedContent: 'A sharper summary.' }]);
      expect(within(card).queryByText('EDITING')).toBeNull();
      expect(card.textContent).toContain('A sharper summary.');
    });

    it('keeps the edit open and shows the failure in an error dialog', async () => {
      stubApi({
        overrides: { 'PUT /api/admin/summaries/s1': () => new Response('', { status: 500 }) },
      });
      renderAdmin();
      const [card] = await openSummariesTab();
      if (!card) throw new Error('no card');
      await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
      await userEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));
      const error = await screen.findByRole('alertdialog', { name: 'Error' });
      expect(error.textContent).toContain('Failed to update summary');
      expect(within(card).getByText('EDITING')).toBeVisible();
    });

    it('deletes a summary after confirmation', async () => {
      const fetchMock = stubApi({
        overrides: { 'DELETE /api/admin/summaries/s1': () => jsonResponse({ success: true }) },
      });
      renderAdmin();
      const [card] = await openSummariesTab();
      if (!card) throw new Error('no card');
      await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
      const confirm = screen.getByRole('alertdialog');
      expect(confirm.textContent).toContain('This action cannot be undone');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('dialog', { name: 'Deleted!' })).toBeVisible();
      expect(
        requestLog(fetchMock).filter((line) => line === 'DELETE /api/admin/summaries/s1'),
      ).toHaveLength(1);
      expect(screen.getByText('No summaries found')).toBeVisible();
    });

    it('says No summaries found when there are none', async () => {
      const fetchMock = stubApi({ summaries: [] });
      renderAdmin();
      await userEvent.click(screen.getByRole('tab', { name: 'All Summaries' }));
      expect((await screen.findByText('No summaries found')).textContent).toBe(
        'No summaries found',
      );
      expect(screen.queryAllByRole('article')).toEqual([]);
      expect(requestLog(fetchMock)).toContain('GET /api/admin/summaries?page=1&limit=50');
    });
  });

  describe('at scale (issue 13)', () => {
    // 50 rows a page in jsdom take a few seconds to query.
    it(
      'pages the users through the server and keeps the page in the URL',
      { timeout: 20_000 },
      async () => {
        const users = [admin, ...members(119)];
        const fetchMock = stubApi({ users });
        const { router } = renderAdmin();
        await findRow('Member 49');
        expect(screen.queryByRole('rowheader', { name: /Member 50$/ })).toBeNull();
        expect(statText('Total Users')).toContain('120');
        const pager = screen.getByRole('navigation', { name: 'Users pages' });
        expect(screen.getByText(/Showing page 1 of 3/).textContent).toContain('120 users in total');
        await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
        await findRow('Member 119');
        expect(router.state.location.search).toBe('?page=3');
        expect(requestLog(fetchMock)).toContain('GET /api/admin/users?page=3&limit=50');
        // Back returns to page 1.
        await act(() => router.navigate(-1));
        await findRow('Member 1$');
        expect(router.state.location.search).toBe('');
      },
    );

    it(
      'searches by name or email and filters by role on the server, after a pause in typing',
      { timeout: 20_000 },
      async () => {
        const fetchMock = stubApi({ users: [admin, bob, cara, ...members(60)] });
        const { router } = renderAdmin();
        await findRow('Bob Writer');
        await userEvent.type(screen.getByLabelText('Search users'), 'cara@');
        await findRow('Cara Editor');
        await waitFor(() => expect(router.state.location.search).toBe('?q=cara%40'));
        // jsdom takes a while to lay the 50-row page down again.
        await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Bob/ })).toBeNull(), {
          timeout: 5000,
        });
        // One request for the finished words, none for each key.
        const searches = requestLog(fetchMock).filter((line) => line.includes('q='));
        expect(searches).toEqual(['GET /api/admin/users?page=1&limit=50&q=cara%40']);

        await userEvent.clear(screen.getByLabelText('Search users'));
        await userEvent.selectOptions(screen.getByLabelText('Role'), 'editor');
        await waitFor(() => expect(router.state.location.search).toBe('?role=editor'));
        await waitFor(() =>
          expect(requestLog(fetchMock)).toContain(
            'GET /api/admin/users?page=1&limit=50&role=editor',
          ),
        );
        await findRow('Cara Editor');

        await userEvent.type(screen.getByLabelText('Search users'), 'nobody');
        expect(await screen.findByText('No users found')).toBeVisible();
        expect(screen.getByText('No user matches this search and role.')).toBeVisible();
      },
    );

    it('opens the view a link names: tab, status, search and page', async () => {
      const summaries = Array.from({ length: 120 }, (_, index) =>
        makeStaffSummary({
          id: `s${index + 1}`,
          summarizedContent: `Report number ${index + 1} on the harvest.`,
          reviewStatus: index % 2 === 0 ? 'pending' : 'approved',
        }),
      );
      const fetchMock = stubApi({ summaries });
      renderAdmin(admin, '?tab=summaries&status=pending&q=harvest&page=2');
      const cards = await findCards('All summaries');
      expect(cards).toHaveLength(10);
      expect(screen.getByRole('tab', { name: 'All Summaries' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      expect((screen.getByLabelText('Search summaries') as HTMLInputElement).value).toBe('harvest');
      expect((screen.getByLabelText('Review status') as HTMLSelectElement).value).toBe('pending');
      expect(requestLog(fetchMock)).toContain(
        'GET /api/admin/summaries?page=2&limit=50&q=harvest&status=pending',
      );
      // The card counts every summary, not the page, the search or the filter.
      expect(statText('Total Summaries')).toContain('120');
    });

    it('lists one author’s summaries from their row', async () => {
      const danId = '0b7c2f0e-52a4-4d5e-9d7e-3c1f8f6a9b10';
      const dan = makeUser({ id: danId, name: 'Dan Author', email: 'dan@brevity.test' });
      const bobs = makeStaffSummary({ id: 's1' });
      const dans = makeStaffSummary({
        id: 's2',
        user: { id: danId, name: 'Dan Author', email: 'dan@brevity.test', role: 'user' },
      });
      const fetchMock = stubApi({ users: [admin, bob, dan], summaries: [bobs, dans] });
      const { router } = renderAdmin();
      await userEvent.click(await screen.findByRole('link', { name: 'Summaries by Dan Author' }));
      const cards = await findCards('All summaries');
      expect(cards).toHaveLength(1);
      expect(router.state.location.search).toBe(`?tab=summaries&userId=${danId}`);
      expect(requestLog(fetchMock)).toContain(
        `GET /api/admin/summaries?page=1&limit=50&userId=${danId}`,
      );
      // The author chip clears the filter.
      await userEvent.click(screen.getByRole('button', { name: /Author: Dan Author/ }));
      expect(await findCards('All summaries')).toHaveLength(2);
      expect(router.state.location.search).toBe('?tab=summaries');
    });
  });
});
