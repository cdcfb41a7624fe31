import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCreditMovements } from '../../test/credit-ledger';
import type { Role } from '../../db/schema';
import { findUserById } from '../../db/users.repository';
import type { UserResponse } from '../../domain/user-response';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { MAX_CREDIT_BALANCE } from '../../db/credit-ledger.repository';
import {
  BALANCE_TOO_HIGH_MESSAGE,
  changeUserRole,
  deleteUser,
  LAST_ADMIN_DEMOTE_MESSAGE,
  SELF_DELETE_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
} from './admin-users.service';
import type { AdminUserStatistics } from './admin-users.service';
import { UNKNOWN_ID } from '../../test/envelope';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';

const INVALID_CREDITS = 'Please enter a valid positive number';
const SELECT_ROLE = 'Please select a role';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', name: 'Ada Admin' });
});

afterAll(async () => {
  await t.destroy();
});

async function expectError(
  res: Response,
  status: number,
  code: string,
  message: string,
  field?: string,
) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorEnvelope;
  expect(body).toMatchObject({ success: false, code, message });
  if (field !== undefined) expect(body.errors).toEqual([{ field, message }]);
}

function recharge(actor: TestUser, id: string, body: unknown) {
  return t.request(`/api/admin/users/${id}/recharge`, {
    method: 'PUT',
    token: actor.token,
    json: body,
  });
}

function setRole(actor: TestUser, id: string, body: unknown) {
  return t.request(`/api/admin/users/${id}/role`, {
    method: 'PUT',
    token: actor.token,
    json: body,
  });
}

function remove(actor: TestUser, id: string) {
  return t.request(`/api/admin/users/${id}`, { method: 'DELETE', token: actor.token });
}

async function auditRows(targetId: string) {
  return t.db
    .selectFrom('audit_events')
    .selectAll()
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .execute();
}

async function adminCount(): Promise<number> {
  const rows = await t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
  return rows.length;
}

/** Leaves `keep` as the only admin (demotes every other admin straight in the database). */
async function onlyAdmin(keep: TestUser) {
  await t.db
    .updateTable('users')
    .set({ role: 'user' })
    .where('role', '=', 'admin')
    .where('id', '<>', keep.user.id)
    .execute();
}

describe('access', () => {
  const routes = (id: string) =>
    [
      ['GET', '/api/admin/users', undefined],
      ['PUT', `/api/admin/users/${id}/recharge`, { credits: 10 }],
      ['PUT', `/api/admin/users/${id}/role`, { role: 'editor' }],
      ['DELETE', `/api/admin/users/${id}`, undefined],
    ] as const;

  it('answers 401 without a token', async () => {
    const target = await t.createUser();
    for (const [method, path, json] of routes(target.user.id)) {
      await expectError(
        await t.request(path, { method, json }),
        401,
        'UNAUTHORIZED',
        'Please sign in to continue',
      );
    }
  });

  it.each(['user', 'editor', 'reviewer'] as const)(
    'answers 403 to a %s on every route and changes nothing',
    async (role) => {
      const staff = await t.createUser({ role });
      const target = await t.createUser({ credits: 3 });
      for (const [method, path, json] of routes(target.user.id)) {
        await expectError(
          await t.request(path, { method, json, token: staff.token }),
          403,
          'FORBIDDEN',
          "You don't have permission to perform this action",
        );
      }
      expect(await findUserById(t.db, target.user.id)).toMatchObject({ role: 'user', credits: 3 });
    },
  );
});

describe('GET /api/admin/users', () => {
  it('lists every user newest first with the statistics', async () => {
    const editor = await t.createUser({ role: 'editor', credits: 7 });
    const newest = await t.createUser({ role: 'reviewer', credits: 0 });
    const res = await t.request('/api/admin/users', { token: admin.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{
      users: UserResponse[];
      statistics: AdminUserStatistics;
    }>;
    const { users, statistics } = body.data;

    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'role', 'credits', 'created_at'])
      .execute();
    expect(users.map((user) => user.id)).toEqual(
      [...rows]
        .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1))
        .map((row) => row.id),
    );
    expect(users[0]?.id).toBe(newest.user.id);
    expect(users.find((user) => user.id === editor.user.id)).toEqual({
      id: editor.user.id,
      _id: editor.user.id,
      name: editor.user.name,
      email: editor.user.email,
      role: 'editor',
      credits: 7,
      createdAt: editor.user.created_at.toISOString(),
    });
    expect(JSON.stringify(body)).not.toMatch(/password|token_version/);

    const distribution = { user: 0, editor: 0, reviewer: 0, admin: 0 };
    for (const row of rows) distribution[row.role] += 1;
    expect(statistics).toEqual({
      totalUsers: rows.length,
      totalCredits: rows.reduce((sum, row) => sum + row.credits, 0),
      roleDistribution: distribution,
    });
  });
});

describe('PUT /api/admin/users/:id/recharge', () => {
  it('adds the credits with a ledger row naming the admin and an audit row', async () => {
    const target = await t.createUser({ credits: 5 });
    const res = await recharge(admin, target.user.id, { credits: 10 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{ user: UserResponse }>;
    expect(body.data.user).toMatchObject({ id: target.user.id, _id: target.user.id, credits: 15 });
    expect(body.message).toBe('Credits added successfully');

    const ledger = await listCreditMovements(t.db, target.user.id);
    expect(ledger.map((row) => [row.reason, row.amount, row.balance_after, row.actor_id])).toEqual([
      ['signup', 5, 5, null],
      ['recharge', 10, 15, admin.user.id],
    ]);
    expect(await auditRows(target.user.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.user.id,
        action: 'user.credits_added',
        target_type: 'user',
        details: { credits: 10, balanceAfter: 15 },
      }),
    ]);
  });

  it('accepts 1 and 1,000,000, and also recharges a staff member or the admin itself', async () => {
    const target = await t.createUser({ role: 'editor', credits: 0 });
    expect((await recharge(admin, target.user.id, { credits: 1 })).status).toBe(200);
    expect((await recharge(admin, target.user.id, { credits: 1_000_000 })).status).toBe(200);
    expect((await findUserById(t.db, target.user.id))?.credits).toBe(1_000_001);
    const self = await recharge(admin, admin.user.id, { credits: 2 });
    expect(((await self.json()) as Envelope<{ user: UserResponse }>).data.user.credits).toBe(
      admin.user.credits + 2,
    );
  });

  it.each([
    ['zero', { credits: 0 }],
    ['negative', { credits: -5 }],
    ['a numeric string', { credits: '10' }],
    ['null', { credits: null }],
    ['missing', {}],
    ['over 1,000,000', { credits: 1_000_001 }],
  ])('refuses %s with 400 and changes nothing', async (_, json) => {
    const target = await t.createUser({ credits: 5 });
    await expectError(
      await recharge(admin, target.user.id, json),
      400,
      'VALIDATION_ERROR',
      INVALID_CREDITS,
      'credits',
    );
    expect((await findUserById(t.db, target.user.id))?.credits).toBe(5);
    expect(await listCreditMovements(t.db, target.user.id)).toHaveLength(1);
  });

  it.each([1.5, 2.5])(
    'refuses %s credits with 400 and a whole-number message, adding nothing',
    async (credits) => {
      const target = await t.createUser({ credits: 5 });
      await expectError(
        await recharge(admin, target.user.id, { credits }),
        400,
        'VALIDATION_ERROR',
        'Credits must be a whole number, such as 2 or 3',
        'credits',
      );
      expect((await findUserById(t.db, target.user.id))?.credits).toBe(5);
      expect(await listCreditMovements(t.db, target.user.id)).toHaveLength(1);
    },
  );

  it('refuses a body that is not a JSON object', async () => {
    const target = await t.createUser();
    const res = await recharge(admin, target.user.id, [10]);
    expect(res.status).toBe(400);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      await expectError(
        await recharge(admin, id, { credits: 10 }),
        404,
        'NOT_FOUND',
        USER_NOT_FOUND_MESSAGE,
      );
    }
  });

  it('refuses a balance past the largest the column holds, writing nothing', async () => {
    const target = await t.createUser({ credits: 0 });
    await t.db
      .updateTable('users')
      .set({ credits: MAX_CREDIT_BALANCE - 5 })
      .where('id', '=', target.user.id)
      .execute();
    await expectError(
      await recharge(admin, target.user.id, { credits: 6 }),
      400,
      'VALIDATION_ERROR',
      BALANCE_TOO_HIGH_MESSAGE,
      'credits',
    );
    expect((await recharge(admin, target.user.id, { credits: 5 })).status).toBe(200);
    expect((await findUserById(t.db, target.user.id))?.credits).toBe(MAX_CREDIT_BALANCE);
  });
});

describe('PUT /api/admin/users/:id/role', () => {
  it('changes the role, effective at once for the same token, and writes an audit row', async () => {
    const target = await t.createUser();
    expect((await t.request('/api/auth/me', { token: target.token })).status).toBe(200);
    // A user may not open the editor's routes...
    expect((await t.request('/api/admin/summaries', { token: target.token })).status).toBe(403);

    const res = await setRole(admin, target.user.id, { role: 'editor' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{ user: UserResponse }>;
    expect(body.data.user).toMatchObject({ id: target.user.id, role: 'editor' });
    expect(body.message).toBe('Role updated successfully');

    // Issue 11 (decision 0011): the session goes on; the next refresh shows the new role, and
    // the role is checked on every request, so the same token now opens the editor's routes.
    const stored = await findUserById(t.db, target.user.id);
    expect(stored).toMatchObject({ role: 'editor', token_version: target.user.token_version });
    const me = await t.request('/api/auth/me', { token: target.token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as Envelope<UserResponse>).data.role).toBe('editor');
    expect((await t.request('/api/admin/summaries', { token: target.token })).status).toBe(200);

    // Demoted again, the same token loses the editor's routes at once.
    expect((await setRole(admin, target.user.id, { role: 'user' })).status).toBe(200);
    expect((await t.request('/api/admin/summaries', { token: target.token })).status).toBe(403);
    expect(await auditRows(target.user.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.user.id,
        action: 'user.role_changed',
        target_type: 'user',
        details: { from: 'user', to: 'editor' },
      }),
      expect.objectContaining({
        action: 'user.role_changed',
        details: { from: 'editor', to: 'user' },
      }),
    ]);
  });

  it.each(['user', 'editor', 'reviewer', 'admin'] as const)('can set the role %s', async (role) => {
    const target = await t.createUser({ role: role === 'user' ? 'reviewer' : 'user' });
    const res = await setRole(admin, target.user.id, { role });
    expect(res.status).toBe(200);
    expect((await findUserById(t.db, target.user.id))?.role).toBe(role);
  });

  it('answers 200 and writes nothing when the role is unchanged', async () => {
    const target = await t.createUser({ role: 'reviewer' });
    const res = await setRole(admin, target.user.id, { role: 'reviewer' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<{ user: UserResponse }>;
    expect(body.data.user.role).toBe('reviewer');
    const stored = await findUserById(t.db, target.user.id);
    expect(stored?.token_version).toBe(target.user.token_version);
    expect(stored?.updated_at).toEqual(target.user.updated_at);
    expect(await auditRows(target.user.id)).toEqual([]);
    expect((await t.request('/api/auth/me', { token: target.token })).status).toBe(200);
  });

  it.each([
    ['an unknown role', { role: 'superuser' }],
    ['an empty role', { role: '' }],
    ['a missing role', {}],
    ['a role of another case', { role: 'Admin' }],
  ])('refuses %s with 400', async (_, json) => {
    const target = await t.createUser();
    await expectError(
      await setRole(admin, target.user.id, json),
      400,
      'VALIDATION_ERROR',
      SELECT_ROLE,
      'role',
    );
    expect((await findUserById(t.db, target.user.id))?.role).toBe('user');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'nope']) {
      await expectError(
        await setRole(admin, id, { role: 'editor' }),
        404,
        'NOT_FOUND',
        USER_NOT_FOUND_MESSAGE,
      );
    }
  });

  it('refuses to demote the last admin, itself included (409), and allows it with two', async () => {
    const solo = await t.createUser({ role: 'admin' });
    await onlyAdmin(solo);
    await expectError(
      await setRole(solo, solo.user.id, { role: 'user' }),
      409,
      'CONFLICT',
      LAST_ADMIN_DEMOTE_MESSAGE,
    );
    expect((await findUserById(t.db, solo.user.id))?.role).toBe('admin');

    const second = await t.createUser({ role: 'admin' });
    const res = await setRole(solo, solo.user.id, { role: 'reviewer' });
    expect(res.status).toBe(200);
    // Its own token stays signed in, but no longer opens the admin's routes.
    expect((await t.request('/api/auth/me', { token: solo.token })).status).toBe(200);
    expect((await t.request('/api/admin/users', { token: solo.token })).status).toBe(403);
    await expectError(
      await setRole(second, second.user.id, { role: 'user' }),
      409,
      'CONFLICT',
      LAST_ADMIN_DEMOTE_MESSAGE,
    );
    expect(await adminCount()).toBe(1);
    admin = second;
  });

  it('lets only one of two concurrent demotions of the last two admins through', async () => {
    for (let round = 0; round < 5; round += 1) {
      const first = await t.createUser({ role: 'admin' });
      await onlyAdmin(first);
      const second = await t.createUser({ role: 'admin' });
      // Each demotes the other at the same time; straight to the service, so both are sure
      // to get past authentication and race for the admin rows.
      const results = await Promise.allSettled([
        changeUserRole(t.deps, first.user, second.user.id, 'user'),
        changeUserRole(t.deps, second.user, first.user.id, 'user'),
      ]);
      const fulfilled = results.filter((result) => result.status === 'fulfilled');
      const rejected = results.filter((result) => result.status === 'rejected');
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(1);
      // The loser either sees the last admin (409) or has itself lost the role (403).
      expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({
        status: expect.toBeOneOf([403, 409]),
      });
      expect(await adminCount()).toBe(1);
      admin = (await findUserById(t.db, first.user.id))?.role === 'admin' ? first : second;
    }
  });

  it('over HTTP, two admins demoting each other at once leave one admin', async () => {
    const first = await t.createUser({ role: 'admin' });
    await onlyAdmin(first);
    const second = await t.createUser({ role: 'admin' });
    const statuses = await Promise.all([
      setRole(first, second.user.id, { role: 'user' }).then((res) => res.status),
      setRole(second, first.user.id, { role: 'user' }).then((res) => res.status),
    ]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200)).toEqual([
      expect.toBeOneOf([401, 403, 409]),
    ]);
    expect(await adminCount()).toBe(1);
    admin = (await findUserById(t.db, first.user.id))?.role === 'admin' ? first : second;
  });
});

describe('DELETE /api/admin/users/:id', () => {
  async function insertSummary(userId: string) {
    return t.db
      .insertInto('summaries')
      .values({
        user_id: userId,
        original_content: 'An original text of a few words.',
        summarized_content: 'A summary.',
        original_word_count: 7,
        summary_word_count: 2,
        compression_ratio: 71,
        processing_time: 3,
        ai_model: 'test-model',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('deletes the user with their summaries, keeps the ledger, revokes the token, audits', async () => {
    const target = await t.createUser({ role: 'editor', credits: 4 });
    const other = await t.createUser();
    await insertSummary(target.user.id);
    await insertSummary(target.user.id);
    const kept = await insertSummary(other.user.id);

    const res = await remove(admin, target.user.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { id: target.user.id },
      message: 'User deleted successfully',
    });

    expect(await findUserById(t.db, target.user.id)).toBeUndefined();
    const left = await t.db
      .selectFrom('summaries')
      .select(['id', 'user_id'])
      .where('user_id', 'in', [target.user.id, other.user.id])
      .execute();
    expect(left).toEqual([{ id: kept.id, user_id: other.user.id }]);
    // The ledger still adds up: the signup row stays, unlinked from the account.
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .select(['user_id', 'amount'])
      .where('balance_after', '=', 4)
      .where('user_id', 'is', null)
      .execute();
    expect(ledger).toContainEqual({ user_id: null, amount: 4 });
    expect((await t.request('/api/auth/me', { token: target.token })).status).toBe(401);
    expect(await auditRows(target.user.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.user.id,
        action: 'user.deleted',
        target_type: 'user',
        details: { role: 'editor', credits: 4, summaries: 2 },
      }),
    ]);
    // Nobody else's tokens were touched.
    expect((await t.request('/api/auth/me', { token: other.token })).status).toBe(200);
    expect((await t.request('/api/auth/me', { token: admin.token })).status).toBe(200);
  });

  it('refuses to delete oneself with 400', async () => {
    await expectError(
      await remove(admin, admin.user.id),
      400,
      'VALIDATION_ERROR',
      SELF_DELETE_MESSAGE,
    );
    await expectError(
      await remove(admin, admin.user.id.toUpperCase()),
      400,
      'VALIDATION_ERROR',
      SELF_DELETE_MESSAGE,
    );
    expect(await findUserById(t.db, admin.user.id)).toBeDefined();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, '123']) {
      await expectError(await remove(admin, id), 404, 'NOT_FOUND', USER_NOT_FOUND_MESSAGE);
    }
  });

  it('deletes another admin while one admin remains', async () => {
    const other = await t.createUser({ role: 'admin' });
    const before = await adminCount();
    expect((await remove(admin, other.user.id)).status).toBe(200);
    expect(await adminCount()).toBe(before - 1);
  });

  it('of two admins deleting each other at once, only one succeeds', async () => {
    const first = await t.createUser({ role: 'admin' });
    await onlyAdmin(first);
    const second = await t.createUser({ role: 'admin' });
    const results = await Promise.allSettled([
      deleteUser(t.deps, first.user, second.user.id),
      deleteUser(t.deps, second.user, first.user.id),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toMatchObject({ status: 403 });
    expect(await adminCount()).toBe(1);
    admin = (await findUserById(t.db, first.user.id)) ? first : second;
  });

  it('keeps every role count right in the statistics afterwards', async () => {
    const res = await t.request('/api/admin/users', { token: admin.token });
    const { statistics } = ((await res.json()) as Envelope<{ statistics: AdminUserStatistics }>)
      .data;
    const counts: Record<Role, number> = { user: 0, editor: 0, reviewer: 0, admin: 0 };
    for (const row of await t.db.selectFrom('users').select('role').execute())
      counts[row.role] += 1;
    expect(statistics.roleDistribution).toEqual(counts);
    expect(statistics.roleDistribution.admin).toBe(1);
  });
});
