import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppEnv } from '../app-env';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, signAccessToken } from '../lib/tokens';
import { TEST_JWT_SECRET, createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { requireAuth, requireRole } from './auth';

let t: TestApp;
/** An app with routes guarded the way later features guard theirs. */
let guarded: Hono<AppEnv>;

const secret = new TextEncoder().encode(TEST_JWT_SECRET);

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function call(path: string, token?: string) {
  return guarded.request(path, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
}

async function expectUnauthorized(res: Response) {
  expect(res.status).toBe(401);
  const body = (await res.json()) as { success: boolean; code: string; message: string };
  expect(body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  expect(body.message).toMatch(/sign in/i);
}

beforeAll(async () => {
  t = await createTestApp();
  guarded = createApp(t.deps) as unknown as Hono<AppEnv>;
  const staff = new Hono<AppEnv>()
    .get('/anyone', requireAuth, (c) => c.json({ success: true, data: { id: c.var.user.id } }))
    .get('/admin', requireAuth, requireRole('admin'), (c) => c.json({ success: true, data: null }))
    .get('/review', requireAuth, requireRole('reviewer', 'admin'), (c) =>
      c.json({ success: true, data: c.var.user.role }),
    )
    .get('/no-auth-first', requireRole('admin'), (c) => c.json({ success: true, data: null }));
  guarded.route('/api/test', staff);
});

afterAll(async () => {
  await t.destroy();
});

describe('requireAuth', () => {
  it('lets a valid token through and sets c.var.user from the database', async () => {
    const { user, token } = await t.createUser();
    const res = await call('/api/test/anyone', token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { id: user.id } });
  });

  it('accepts the scheme in any case', async () => {
    const { token } = await t.createUser();
    const res = await guarded.request('/api/test/anyone', {
      headers: { Authorization: `bearer ${token}` },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a request without an Authorization header, or with another scheme', async () => {
    await expectUnauthorized(await call('/api/test/anyone'));
    const { token } = await t.createUser();
    await expectUnauthorized(
      await guarded.request('/api/test/anyone', { headers: { Authorization: `Basic ${token}` } }),
    );
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['three garbage parts', 'aaa.bbb.ccc'],
    ['an empty signature', `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'x' })}.`],
  ])('refuses %s', async (_case, token) => {
    await expectUnauthorized(await call('/api/test/anyone', token));
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const { user } = await t.createUser();
    const now = Math.floor(Date.now() / 1000);
    const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      sub: user.id,
      tv: 0,
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      iat: now,
      exp: now + 3600,
    })}.`;
    await expectUnauthorized(await call('/api/test/anyone', token));
  });

  it('refuses a token signed with another secret', async () => {
    const { user } = await t.createUser();
    const token = await signAccessToken(
      { jwtSecret: 'another-secret-that-is-32-bytes-long!!', jwtTtlSeconds: 3600 },
      { id: user.id, tokenVersion: 0 },
    );
    await expectUnauthorized(await call('/api/test/anyone', token));
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const victim = await t.createUser();
    const attacker = await t.createUser();
    const [header, , signature] = attacker.token.split('.');
    const payload = JSON.parse(
      Buffer.from(attacker.token.split('.')[1] as string, 'base64url').toString(),
    ) as Record<string, unknown>;
    const forged = `${header}.${base64url({ ...payload, sub: victim.user.id })}.${signature}`;
    await expectUnauthorized(await call('/api/test/anyone', forged));
  });

  it('refuses an expired token', async () => {
    const { user } = await t.createUser();
    const token = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    await expectUnauthorized(await call('/api/test/anyone', token));
  });

  it.each([
    ['another issuer', { iss: 'someone-else', aud: TOKEN_AUDIENCE }],
    ['another audience', { iss: TOKEN_ISSUER, aud: 'another-app' }],
  ])('refuses a token for %s', async (_case, claims) => {
    const { user } = await t.createUser();
    const token = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setExpirationTime('1h')
      .sign(secret);
    await expectUnauthorized(await call('/api/test/anyone', token));
  });

  it('refuses a well-signed token whose subject is not a user id, without a database error', async () => {
    const token = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject("1' or '1'='1")
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(secret);
    await expectUnauthorized(await call('/api/test/anyone', token));
  });

  it('refuses the token of a deleted user', async () => {
    const { user, token } = await t.createUser();
    expect((await call('/api/test/anyone', token)).status).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    await expectUnauthorized(await call('/api/test/anyone', token));
  });

  it('refuses a token issued before token_version was bumped (role changed)', async () => {
    const { user, token } = await t.createUser({ role: 'admin' });
    expect((await call('/api/test/admin', token)).status).toBe(200);
    await t.db
      .updateTable('users')
      .set((eb) => ({ role: 'user', token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    await expectUnauthorized(await call('/api/test/admin', token));
    const fresh = await signAccessToken(t.config, { id: user.id, tokenVersion: 1 });
    expect((await call('/api/test/anyone', fresh)).status).toBe(200);
  });
});

describe('GET /api/summaries, which reads its user with its page', () => {
  const list = (token?: string, query = '') => call(`/api/summaries${query}`, token);

  it("answers a valid token with the user's own page", async () => {
    const { token } = await t.createUser();
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      data: { summaries: [], total: 0, statistics: { totalSummaries: 0 } },
    });
  });

  it('refuses no token, a forged one and an unsigned one', async () => {
    const { token } = await t.createUser();
    await expectUnauthorized(await list());
    const [header, payload] = token.split('.');
    await expectUnauthorized(await list(`${header}.${payload}.${'A'.repeat(43)}`));
    await expectUnauthorized(await list(`${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`));
  });

  it('refuses the token of a deleted user, on the page and on a search', async () => {
    const { user, token } = await t.createUser();
    expect((await list(token)).status).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    await expectUnauthorized(await list(token));
    await expectUnauthorized(await list(token, '?q=budget'));
  });

  it('refuses a token issued before token_version was bumped, on the page and on a search', async () => {
    const { user, token } = await t.createUser();
    await t.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    await expectUnauthorized(await list(token));
    await expectUnauthorized(await list(token, '?q=budget&page=2'));
    const fresh = await signAccessToken(t.config, { id: user.id, tokenVersion: 1 });
    expect((await list(fresh)).status).toBe(200);
    expect((await list(fresh, '?q=budget')).status).toBe(200);
  });

  it('checks the token before the query, and the query before reading anything', async () => {
    await expectUnauthorized(await list(undefined, '?limit=0'));
    const { token } = await t.createUser();
    const res = await list(token, '?limit=0');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('requireRole', () => {
  it('answers 403 FORBIDDEN to a signed-in user without the role', async () => {
    const { token } = await t.createUser({ role: 'editor' });
    const res = await call('/api/test/admin', token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: "You don't have permission to perform this action",
    });
  });

  it('lets any of the listed roles through', async () => {
    for (const role of ['reviewer', 'admin'] as const) {
      const { token } = await t.createUser({ role });
      const res = await call('/api/test/review', token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, data: role });
    }
    const { token } = await t.createUser({ role: 'user' });
    expect((await call('/api/test/review', token)).status).toBe(403);
  });

  it('sees a role change at once, since the user is loaded on every request', async () => {
    const { user, token } = await t.createUser({ role: 'user' });
    expect((await call('/api/test/admin', token)).status).toBe(403);
    await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    expect((await call('/api/test/admin', token)).status).toBe(200);
  });

  it('answers 401 when used without requireAuth before it', async () => {
    await expectUnauthorized(await call('/api/test/no-auth-first'));
  });
});
