import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatWhen } from 'common/date-format';
import {
  pageOf,
  recordJson,
  renderStaffPage,
  requestLog,
  setupStaffPageTests,
  stubRoutes,
} from 'common/testing/staff';
import { jsonResponse, makeUser } from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { AdminPage } from './admin-page';

const admin = makeUser({ id: 'u1', name: 'Ada Admin', role: 'admin' });
const request = {
  id: 'r1',
  credits: 12,
  reason: 'Exam week',
  status: 'open',
  grantedCredits: null,
  note: null,
  decidedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  user: { id: 'u2', name: 'Rita Requester', email: 'rita@brevity.test', credits: 0 },
  decidedBy: null,
};

const baseRoutes = {
  'GET /api/admin/users': (request: SeenRequest) =>
    jsonResponse({
      success: true,
      data: {
        users: [admin],
        statistics: {
          totalUsers: 1,
          totalCredits: 5,
          roleDistribution: { user: 0, editor: 0, reviewer: 0, admin: 1 },
        },
        pagination: pageOf([admin], request).pagination,
      },
    }),
  'GET /api/admin/summaries': (request: SeenRequest) =>
    jsonResponse({
      success: true,
      data: { summaries: [], pagination: pageOf([], request).pagination },
    }),
};

setupStaffPageTests();

describe('Credit requests tab', () => {
  it('counts open requests on the tab, and approves with an edited amount and a note', async () => {
    let open = [request];
    const seen: unknown[] = [];
    const fetchMock = stubRoutes({
      ...baseRoutes,
      'GET /api/admin/credit-requests?status=open&limit=100': () =>
        jsonResponse({ success: true, data: { requests: open, open: open.length } }),
      'PUT /api/admin/credit-requests/r1': (seenRequest) => {
        open = [];
        return recordJson(seen, {
          success: true,
          data: { request: { ...request, status: 'approved', grantedCredits: 15 } },
        })(seenRequest);
      },
    });
    renderStaffPage('/admin', <AdminPage />, admin);
    const tab = await screen.findByRole('tab', { name: 'Credit requests (1 open)' });
    await userEvent.click(tab);
    const row = (await screen.findByRole('cell', { name: '12' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Exam week')).toBeVisible();
    expect(within(row).getByText('Rita Requester')).toBeVisible();

    await userEvent.click(
      within(row).getByRole('button', { name: 'Approve the request of Rita Requester' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve credit request' });
    const amount = within(dialog).getByLabelText('Credits to add');
    expect((amount as HTMLInputElement).value).toBe('12');
    await userEvent.clear(amount);
    await userEvent.type(amount, '15');
    await userEvent.type(within(dialog).getByLabelText('Note to the user'), 'Good luck');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('No open requests')).toBeVisible();
    expect(seen).toEqual([{ decision: 'approved', credits: 15, note: 'Good luck' }]);
    expect(screen.getByRole('tab', { name: 'Credit requests' })).toBeVisible();
    expect(
      requestLog(fetchMock).filter((line) => line.startsWith('GET /api/admin/credit')),
    ).toHaveLength(2);
  });

  it('shows the 409 of a request another admin answered first, and drops it from the list', async () => {
    let open = [request];
    stubRoutes({
      ...baseRoutes,
      'GET /api/admin/credit-requests?status=open&limit=100': () =>
        jsonResponse({ success: true, data: { requests: open, open: open.length } }),
      'PUT /api/admin/credit-requests/r1': () => {
        open = [];
        return jsonResponse(
          {
            success: false,
            code: 'CONFLICT',
            message: 'This request was already approved by Bob Admin. Nothing was changed.',
          },
          409,
        );
      },
    });
    renderStaffPage('/admin', <AdminPage />, admin);
    await userEvent.click(await screen.findByRole('tab', { name: 'Credit requests (1 open)' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Deny the request of Rita Requester' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Deny credit request' });
    expect(within(dialog).queryByLabelText('Credits to add')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(
      await within(dialog).findByText(
        'This request was already approved by Bob Admin. Nothing was changed.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('No open requests')).toBeVisible();
  });
});

describe('Audit log tab', () => {
  it('lists who did what to whom, pages, and filters by action', async () => {
    const event = {
      id: 'e1',
      actor: { id: 'u1', name: 'Ada Admin' },
      action: 'user.role_changed',
      targetType: 'user',
      targetId: 'u2',
      targetName: 'Rita Requester',
      details: { from: 'user', to: 'editor' },
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const fetchMock = stubRoutes({
      ...baseRoutes,
      'GET /api/admin/credit-requests?status=open&limit=100': () =>
        jsonResponse({ success: true, data: { requests: [], open: 0 } }),
      'GET /api/admin/audit?page=1&limit=25': () =>
        jsonResponse({
          success: true,
          data: { events: [event], pagination: { currentPage: 1, totalPages: 2, total: 26 } },
        }),
      'GET /api/admin/audit?page=2&limit=25': () =>
        jsonResponse({
          success: true,
          data: { events: [], pagination: { currentPage: 2, totalPages: 2, total: 26 } },
        }),
      'GET /api/admin/audit?page=1&limit=25&action=credit_request.approved': () =>
        jsonResponse({
          success: true,
          data: { events: [], pagination: { currentPage: 1, totalPages: 0, total: 0 } },
        }),
    });
    renderStaffPage('/admin', <AdminPage />, admin);
    await userEvent.click(await screen.findByRole('tab', { name: 'Audit log' }));
    const table = await screen.findByRole('table');
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      formatWhen('2026-11-20T10:00:00.000Z'),
      'Ada Admin',
      'Role changed',
      'Rita Requester',
      'user → editor',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Nothing recorded yet.')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'credit_request.approved');
    expect(await screen.findByText('Nothing recorded for this action yet.')).toBeVisible();
    expect(requestLog(fetchMock).filter((line) => line.includes('/api/admin/audit'))).toEqual([
      'GET /api/admin/audit?page=1&limit=25',
      'GET /api/admin/audit?page=2&limit=25',
      'GET /api/admin/audit?page=1&limit=25&action=credit_request.approved',
    ]);
  });
});
