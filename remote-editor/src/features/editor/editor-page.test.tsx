import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffSummary } from 'common/staff-summary';
import {
  findCards,
  recordJson,
  makeStaffSummary,
  pageOf,
  renderStaffPage,
  requestLog,
  setupStaffPageTests,
  statText,
  stubRoutes,
} from 'common/testing/staff';
import type { RouteTable } from 'common/testing/staff';
import { jsonResponse, makeUser } from 'common/testing';
import type { User } from 'common/user';
import { EditorPage } from './editor-page';

const editor = makeUser({
  id: 'u5',
  name: 'Eve Editor',
  email: 'eve@brevity.test',
  role: 'editor',
});
const bobs = makeStaffSummary({ id: 's1' });
const eves = makeStaffSummary({
  id: 's2',
  summarizedContent: 'Eve wrote this one about the editorial calendar.',
  user: { id: 'u5', name: 'Eve Editor', email: 'eve@brevity.test', role: 'editor' },
});
const { user: _author, ...evesOwn } = eves;

function stubApi(
  options: { all?: StaffSummary[]; mine?: StaffSummary[]; overrides?: RouteTable } = {},
) {
  // A small server: the owner's deletion of Eve's summary takes it out of both lists.
  let all: StaffSummary[] = options.all ?? [bobs, eves];
  let mine: Omit<StaffSummary, 'user'>[] = options.mine ?? [evesOwn];
  return stubRoutes({
    'GET /api/admin/summaries': (request) => {
      const { items, pagination } = pageOf(all, request);
      return jsonResponse({ success: true, data: { summaries: items, pagination } });
    },
    'GET /api/summaries': (request) => {
      const { items, pagination } = pageOf(mine, request, 10);
      return jsonResponse({ success: true, data: { summaries: items, pagination } });
    },
    'DELETE /api/summaries/s2': () => {
      all = all.filter((summary) => summary.id !== 's2');
      mine = mine.filter((summary) => summary.id !== 's2');
      return jsonResponse({ success: true, data: {} });
    },
    ...options.overrides,
  });
}

function renderEditor(user: User = editor) {
  return renderStaffPage('/editor', <EditorPage />, user);
}

setupStaffPageTests();

describe('EditorPage', () => {
  it('sends a user to /dashboard and lets an admin in', async () => {
    const fetchMock = stubApi();
    const { router, unmount } = renderEditor(makeUser({ role: 'reviewer' }));
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.state).toEqual({ accessDenied: true });
    expect(requestLog(fetchMock)).toEqual([]);
    unmount();
    const admin = renderEditor(makeUser({ role: 'admin' }));
    expect(admin.router.state.location.pathname).toBe('/editor');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Content management');
    expect(await findCards('All Summaries')).toHaveLength(2);
  });

  it("lists everyone's summaries with edit and delete, and the cards show total, role and view", async () => {
    const fetchMock = stubApi();
    renderEditor();
    const [first, second] = await findCards('All Summaries');
    if (!first || !second) throw new Error('expected two cards');
    expect(within(first).getByRole('heading', { name: 'Bob Writer' })).toBeVisible();
    expect(within(second).getByRole('heading', { name: 'Eve Editor' })).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(statText('Total Summaries')).toContain('2');
    expect(statText('Your role')).toContain('Editor');
    expect(statText('View mode')).toContain('All Summaries');
    // A page of 100 and the real total; My Summaries loads only when its tab opens.
    expect(requestLog(fetchMock).sort()).toEqual([
      'GET /api/admin/summaries?page=1&limit=1',
      'GET /api/admin/summaries?page=1&limit=100',
    ]);
  });

  it('edits any summary through the staff route and shows Updated!', async () => {
    const seen: unknown[] = [];
    stubApi({
      overrides: {
        'PUT /api/admin/summaries/s1': recordJson(seen, {
          success: true,
          data: { summary: { ...bobs, summarizedContent: 'Shorter still.' } },
        }),
      },
    });
    renderEditor();
    const [card] = await findCards('All Summaries');
    if (!card) throw new Error('no card');
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(within(card).getByText('EDITING')).toBeVisible();
    const text = within(card).getByLabelText('Summary text');
    await userEvent.clear(text);
    await userEvent.type(text, 'Shorter still.');
    await userEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));
    const success = await screen.findByRole('dialog', { name: 'Updated!' });
    expect(success.textContent).toContain('Summary updated successfully');
    expect(seen).toEqual([{ summarizedContent: 'Shorter still.' }]);
    expect(card.textContent).toContain('Shorter still.');
  });

  it('shows My Summaries with expand and delete only, deleting through the owner route', async () => {
    const fetchMock = stubApi();
    renderEditor();
    await findCards('All Summaries');
    await userEvent.click(screen.getByRole('tab', { name: 'My Summaries' }));
    const [own] = await findCards('My Summaries');
    if (!own) throw new Error('no card');
    expect(statText('View mode')).toContain('My Summaries');
    expect(statText('Total Summaries')).toContain('1');
    expect(within(own).getByRole('heading', { name: 'Your summary' })).toBeVisible();
    expect(within(own).queryByRole('button', { name: 'Edit' })).toBeNull();
    await userEvent.click(within(own).getByRole('button', { name: 'Expand' }));
    expect(own.textContent).toContain('The quarterly report, in full');

    // Secondary (outlined, red text) until confirmed; the confirmation's button is the solid red one.
    const deleteButton = within(own).getByRole('button', { name: 'Delete' });
    expect(deleteButton).toHaveClass('ui-button--outline', 'ui-button--danger');
    expect(deleteButton).not.toHaveClass('ui-button--destructive');
    await userEvent.click(deleteButton);
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('This action cannot be undone');
    const confirmButton = within(confirm).getByRole('button', { name: 'Delete' });
    expect(confirmButton).toHaveClass('ui-button--destructive');
    await userEvent.click(confirmButton);
    expect(await screen.findByRole('dialog', { name: 'Deleted!' })).toBeVisible();
    expect(requestLog(fetchMock)).toContain('DELETE /api/summaries/s2');
    expect(screen.getByText('No summaries found')).toBeVisible();
    // The same summary leaves the All view too.
    await userEvent.click(screen.getByRole('tab', { name: 'All Summaries' }));
    expect(await findCards('All Summaries')).toHaveLength(1);
  });

  it('shows a failed deletion in an error dialog and keeps the summary', async () => {
    stubApi({
      overrides: {
        'DELETE /api/admin/summaries/s1': () =>
          jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Summary not found' }, 404),
      },
    });
    renderEditor();
    const [card] = await findCards('All Summaries');
    if (!card) throw new Error('no card');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    const error = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(error.textContent).toContain('Summary not found');
    expect(await findCards('All Summaries')).toHaveLength(2);
  });

  it('shows a failed load in a red alert and loads again on Refresh', async () => {
    let fail = true;
    const fetchMock = stubApi({
      overrides: {
        'GET /api/admin/summaries?page=1&limit=100': (request) =>
          fail
            ? new Response('', { status: 503 })
            : jsonResponse({
                success: true,
                data: { summaries: [], pagination: pageOf([], request).pagination },
              }),
      },
    });
    renderEditor();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch summaries');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('No summaries found')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      requestLog(fetchMock).filter((call) =>
        call.includes('/api/admin/summaries?page=1&limit=100'),
      ),
    ).toHaveLength(2);
  });
});
