import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readOwnSummariesPage } from '../db/summaries.repository';
import type * as SummariesRepository from '../db/summaries.repository';
import { findUserById } from '../db/users.repository';
import type * as UsersRepository from '../db/users.repository';
import { createTestApp } from '../test/test-app';
import type { TestApp, TestUser } from '../test/test-app';
import { UNKNOWN_ID } from '../test/envelope';

/*
 * Issue 13: every authenticated request loads its user once. requireAuth is the only caller of
 * findUserById on these routes, so the spy's count is how many times the user was loaded.
 * Before the summaries router held the jobs' and the review history's routes, each of the three
 * sub-apps on /api/summaries ran requireAuth, and GET /api/summaries loaded the user twice.
 * The list now reads its user in its page's statement (readOwnSummariesPage), so it loads the
 * user once without findUserById.
 */

vi.mock('../db/users.repository', async (importOriginal) => {
  const original = await importOriginal<typeof UsersRepository>();
  return { ...original, findUserById: vi.fn(original.findUserById) };
});

vi.mock('../db/summaries.repository', async (importOriginal) => {
  const original = await importOriginal<typeof SummariesRepository>();
  return { ...original, readOwnSummariesPage: vi.fn(original.readOwnSummariesPage) };
});

const loads = vi.mocked(findUserById);
const pageReads = vi.mocked(readOwnSummariesPage);

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let summaryId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser();
  admin = await t.createUser({ role: 'admin' });
  const res = await t.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: {
      content:
        'The council met on Monday to discuss the budget for next year. It agreed to fund ' +
        'the library and to repair two bridges before the winter.',
    },
  });
  expect(res.status).toBe(201);
  summaryId = ((await res.json()) as { data: { summary: { id: string } } }).data.summary.id;
});

afterAll(async () => {
  await t.destroy();
});

beforeEach(() => {
  loads.mockClear();
  pageReads.mockClear();
});

describe('requireAuth runs once per request', () => {
  const userRoutes = () => [
    '/api/auth/me',
    '/api/summaries?q=council',
    `/api/summaries/${summaryId}`,
    `/api/summaries/${summaryId}/versions`,
    `/api/summaries/${summaryId}/reviews`,
    `/api/summaries/${summaryId}/export?format=txt`,
    `/api/summaries/job/${UNKNOWN_ID}`,
    '/api/credits/history',
    '/api/credits/requests',
    '/api/notifications',
  ];
  const adminRoutes = [
    '/api/admin/users',
    '/api/admin/summaries',
    '/api/admin/audit',
    '/api/admin/credit-requests',
    '/api/reviews/pending',
    '/api/reviews/stats',
  ];

  it("loads the user once on each of a user's routes", async () => {
    for (const path of userRoutes()) {
      loads.mockClear();
      const res = await t.request(path, { token: user.token });
      expect(res.status, path).toBeLessThan(500);
      expect(loads.mock.calls.length, path).toBe(1);
    }
  });

  it("loads the user once on each of the staff's routes", async () => {
    for (const path of adminRoutes) {
      loads.mockClear();
      const res = await t.request(path, { token: admin.token });
      expect(res.status, path).toBe(200);
      expect(loads.mock.calls.length, path).toBe(1);
    }
  });

  it('loads the user once for a write on /api/summaries and for a refused role', async () => {
    const res = await t.request(`/api/summaries/${summaryId}/regenerate`, {
      method: 'POST',
      token: user.token,
      json: { customPrompt: null },
    });
    expect(res.status).toBe(200);
    expect(loads.mock.calls.length).toBe(1);
    loads.mockClear();
    const refused = await t.request('/api/admin/users', { token: user.token });
    expect(refused.status).toBe(403);
    expect(loads.mock.calls.length).toBe(1);
  });

  it('reads the user with the page on the list, in one statement', async () => {
    for (const path of ['/api/summaries', '/api/summaries?page=1&limit=10']) {
      loads.mockClear();
      pageReads.mockClear();
      const res = await t.request(path, { token: user.token });
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as { data: { summaries: { id: string }[] } };
      expect(body.data.summaries.map((summary) => summary.id)).toEqual([summaryId]);
      expect(loads.mock.calls.length, path).toBe(0);
      expect(pageReads.mock.calls.length, path).toBe(1);
    }
  });

  it('loads nobody without a token', async () => {
    expect((await t.request('/api/summaries')).status).toBe(401);
    expect(loads.mock.calls.length).toBe(0);
    expect(pageReads.mock.calls.length).toBe(0);
  });
});
