import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';

/* Ending sessions (API.md "Additions, round 3"; issue 24 item 9): logout, logout-all, password. */

interface SessionBody {
  success: true;
  token: string;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.destroy();
});

/** A second token of the user, from a login. */
async function signIn(user: TestUser, password = user.password, address?: string) {
  const res = await t.request('/api/auth/login', {
    method: 'POST',
    json: { email: user.user.email, password },
    ...(address ? { address } : {}),
  });
  return res;
}

async function tokenOf(user: TestUser): Promise<string> {
  const res = await signIn(user);
  expect(res.status).toBe(200);
  return ((await res.json()) as SessionBody).token;
}

/** The statuses of the two authenticating reads: requireAuth's, and the list's one statement. */
async function statuses(token: string): Promise<[number, number]> {
  const me = await t.request('/api/auth/me', { token });
  const list = await t.request('/api/summaries', { token });
  return [me.status, list.status];
}

const post = (path: string, token?: string) =>
  t.request(path, { method: 'POST', ...(token ? { token } : {}) });

const putPassword = (json: unknown, token?: string, address?: string) =>
  t.request('/api/auth/password', {
    method: 'PUT',
    json,
    ...(token ? { token } : {}),
    ...(address ? { address } : {}),
  });

/** The same token with another spelling of its signature (the last character's spare bits). */
function respelled(token: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(token.at(-1) ?? 'A');
  return token.slice(0, -1) + (alphabet[last ^ 1] ?? 'A');
}

describe('POST /api/auth/logout', () => {
  it('stops this token at once, the verified-token cache notwithstanding, and no other', async () => {
    const user = await t.createUser();
    const other = await tokenOf(user);
    expect(await statuses(user.token)).toEqual([200, 200]); // verified and remembered
    // Another spelling of the same signature verifies too: revocation must catch it as well.
    expect((await t.request('/api/auth/me', { token: respelled(user.token) })).status).toBe(200);

    const res = await post('/api/auth/logout', user.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: null });

    expect(await statuses(user.token)).toEqual([401, 401]);
    expect((await t.request('/api/auth/me', { token: respelled(user.token) })).status).toBe(401);
    expect((await post('/api/auth/logout', user.token)).status).toBe(401);
    expect(await statuses(other)).toEqual([200, 200]);
  });

  it('needs a valid token', async () => {
    expect((await post('/api/auth/logout')).status).toBe(401);
    expect((await post('/api/auth/logout', 'not-a-token')).status).toBe(401);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('stops every token of the user and moves its token_version on; others are untouched', async () => {
    const user = await t.createUser();
    const stranger = await t.createUser();
    const other = await tokenOf(user);
    expect(await statuses(other)).toEqual([200, 200]);

    const res = await post('/api/auth/logout-all', user.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: null });

    expect(await statuses(user.token)).toEqual([401, 401]);
    expect(await statuses(other)).toEqual([401, 401]);
    expect(await statuses(stranger.token)).toEqual([200, 200]);
    const row = await t.db
      .selectFrom('users')
      .select('token_version')
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_version).toBe(user.user.token_version + 1);
    expect(await statuses(await tokenOf(user))).toEqual([200, 200]);
    expect((await post('/api/auth/logout-all')).status).toBe(401);
  });
});

describe('PUT /api/auth/password', () => {
  it('sets the new password, answers a fresh token and the user, and stops every other token', async () => {
    const user = await t.createUser({ password: 'old-secret' });
    const other = await tokenOf(user);

    const res = await putPassword(
      { currentPassword: 'old-secret', newPassword: 'new-secret' },
      user.token,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: true;
      data: { token: string; user: { id: string; email: string } };
    };
    expect(body.data.user).toMatchObject({ id: user.user.id, email: user.user.email });

    expect(await statuses(user.token)).toEqual([401, 401]);
    expect(await statuses(other)).toEqual([401, 401]);
    expect(await statuses(body.data.token)).toEqual([200, 200]);
    expect((await signIn(user, 'old-secret')).status).toBe(401);
    expect((await signIn(user, 'new-secret')).status).toBe(200);
  });

  it('refuses a wrong current password with 400 naming currentPassword, counted as a failed login', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_LOGIN: '2' } });
    try {
      const user = await limited.createUser({ password: 'right-one' });
      const address = '203.0.113.9';
      const attempt = () =>
        limited.request('/api/auth/password', {
          method: 'PUT',
          token: user.token,
          address,
          json: { currentPassword: 'wrong-one', newPassword: 'whatever1' },
        });
      const wrong = await attempt();
      expect(wrong.status).toBe(400);
      const body = (await wrong.json()) as ErrorEnvelope;
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors).toEqual([
        { field: 'currentPassword', message: 'Current password is incorrect' },
      ]);
      expect((await attempt()).status).toBe(400);
      // Two failures: the login limit for this email and address is spent, for both routes.
      const login = await limited.request('/api/auth/login', {
        method: 'POST',
        address,
        json: { email: user.user.email, password: 'right-one' },
      });
      expect(login.status).toBe(429);
      const blocked = await limited.request('/api/auth/password', {
        method: 'PUT',
        token: user.token,
        address,
        json: { currentPassword: 'right-one', newPassword: 'whatever1' },
      });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/);
      // Nothing changed: the old password and token still work.
      expect((await limited.request('/api/auth/me', { token: user.token })).status).toBe(200);
    } finally {
      await limited.destroy();
    }
  });

  it('refuses bad input with 400 naming the field, and needs a valid token', async () => {
    const user = await t.createUser();
    for (const [json, field, message] of [
      [{ newPassword: 'new-secret' }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: user.password }, 'newPassword', 'New password is required'],
      [
        { currentPassword: user.password, newPassword: 'short' },
        'newPassword',
        'New password must be at least 6 characters',
      ],
      [
        { currentPassword: user.password, newPassword: 'x'.repeat(129) },
        'newPassword',
        'New password must be at most 128 characters',
      ],
      [
        { currentPassword: 42, newPassword: 'new-secret' },
        'currentPassword',
        'Current password must be text',
      ],
    ] as const) {
      const res = await putPassword(json, user.token);
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorEnvelope;
      expect(body.errors?.[0]).toEqual({ field, message });
    }
    expect((await putPassword([], user.token)).status).toBe(400);
    expect(
      (await putPassword({ currentPassword: user.password, newPassword: 'new-secret' })).status,
    ).toBe(401);
    expect(await statuses(user.token)).toEqual([200, 200]);
  });
});
