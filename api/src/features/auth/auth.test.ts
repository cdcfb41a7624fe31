import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCreditMovements } from '../../test/credit-ledger';
import { hashPassword, verifyPassword } from '../../lib/password';
import { verifyAccessToken } from '../../lib/tokens';
import { TEST_PASSWORD_HASH_COST, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

interface AuthBody {
  success: boolean;
  token: string;
  user: Record<string, unknown>;
}

let t: TestApp;
let emailCounter = 0;

function uniqueEmail(prefix = 'person'): string {
  emailCounter += 1;
  return `${prefix}-${emailCounter}@example.com`;
}

function register(body: unknown, address?: string) {
  return t.request('/api/auth/register', {
    method: 'POST',
    json: body,
    ...(address ? { address } : {}),
  });
}

function login(body: unknown, address?: string) {
  return t.request('/api/auth/login', {
    method: 'POST',
    json: body,
    ...(address ? { address } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.destroy();
});

describe('POST /api/auth/register', () => {
  it('creates a user with role user and 5 credits, a signup ledger row and a token', async () => {
    const email = uniqueEmail('new');
    const res = await register({
      name: '  Ada Lovelace ',
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as AuthBody;
    expect(body.success).toBe(true);
    expect(body.user).toEqual({
      id: expect.any(String),
      _id: body.user.id,
      name: 'Ada Lovelace',
      email,
      role: 'user',
      credits: 5,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('passwordHash');

    const claims = await verifyAccessToken(t.config, body.token);
    expect(claims).toEqual({ userId: body.user.id, tokenVersion: 0 });

    const ledger = await listCreditMovements(t.db, body.user.id as string);
    expect(ledger).toMatchObject([
      { amount: 5, reason: 'signup', balance_after: 5, summary_id: null },
    ]);

    const stored = await t.db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('id', '=', body.user.id as string)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe(email);
    expect(stored.password_hash).toMatch(/^scrypt\$10\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(stored.password_hash).not.toContain('secret1');
    expect(await verifyPassword('secret1', stored.password_hash)).toBe(true);
  });

  it.each([
    ['someone@example.com', 'SOMEONE@EXAMPLE.COM'],
    ['other@example.com', '  Other@Example.com  '],
  ])('refuses %s registered again as %j with 409 CONFLICT', async (first, second) => {
    expect((await register({ name: 'First', email: first, password: 'secret1' })).status).toBe(201);
    const res = await register({ name: 'Second', email: second, password: 'secret2' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'Email is already registered',
    });
    const count = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', first)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('gives exactly one account when the same email registers twice at once', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all([
      register({ name: 'One', email, password: 'secret1' }),
      register({ name: 'Two', email: email.toUpperCase(), password: 'secret2' }),
    ]);
    expect(responses.map((res) => res.status).sort()).toEqual([201, 409]);
  });

  const valid = { name: 'Grace Hopper', email: 'grace@example.com', password: 'secret1' };
  it.each([
    ['name missing', { ...valid, name: undefined }, 'name', 'Name is required'],
    ['name blank', { ...valid, name: '   ' }, 'name', 'Name is required'],
    ['name null', { ...valid, name: null }, 'name', 'Name is required'],
    [
      'name of 1 character after trimming',
      { ...valid, name: '  A  ' },
      'name',
      'Name must be at least 2 characters',
    ],
    [
      'name over 100 characters',
      { ...valid, name: 'n'.repeat(101) },
      'name',
      'Name must be at most 100 characters',
    ],
    ['name not text', { ...valid, name: 42 }, 'name', 'Name must be text'],
    ['email missing', { ...valid, email: undefined }, 'email', 'Email is required'],
    ['email blank', { ...valid, email: '  ' }, 'email', 'Email is required'],
    [
      'email without @',
      { ...valid, email: 'grace.example.com' },
      'email',
      'Please enter a valid email address',
    ],
    [
      'email without a dot after @',
      { ...valid, email: 'grace@example' },
      'email',
      'Please enter a valid email address',
    ],
    [
      'email with a space',
      { ...valid, email: 'gr ace@example.com' },
      'email',
      'Please enter a valid email address',
    ],
    [
      'email over 254 characters',
      { ...valid, email: `${'g'.repeat(243)}@example.com` },
      'email',
      'Please enter a valid email address',
    ],
    ['password missing', { ...valid, password: undefined }, 'password', 'Password is required'],
    ['password empty', { ...valid, password: '' }, 'password', 'Password is required'],
    [
      'password of 5 characters',
      { ...valid, password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      'password over 128 characters',
      { ...valid, password: 'p'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
  ])('answers 400 for %s', async (_case, body, field, message) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message,
      errors: [{ field, message }],
    });
  });

  it('accepts the limits themselves: 2 and 100 character names, 6 and 128 character passwords, a 254 character email', async () => {
    const longEmail = `${'x'.repeat(242)}@example.com`;
    expect(longEmail).toHaveLength(254);
    expect((await register({ name: 'Al', email: uniqueEmail(), password: '123456' })).status).toBe(
      201,
    );
    expect(
      (await register({ name: 'n'.repeat(100), email: longEmail, password: 'p'.repeat(128) }))
        .status,
    ).toBe(201);
  });

  it('lists every broken field, in form order, with the first as the message', async () => {
    const res = await register({ name: '', email: 'nope', password: '1' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Name is required',
      errors: [
        { field: 'name', message: 'Name is required' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'password', message: 'Password must be at least 6 characters' },
      ],
    });
  });

  it('answers 400 when the body is not a JSON object', async () => {
    const res = await register(['name', 'email']);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'body', message: 'The request body must be a JSON object' }],
    });
  });
});

describe('hostile text in the auth fields', () => {
  it.each([
    [
      'a NUL in the name',
      { name: 'Ada\u0000Lovelace' },
      'name',
      'Name contains invalid characters',
    ],
    [
      'a lone surrogate in the name',
      { name: 'Ada \ud800 Lovelace' },
      'name',
      'Name contains invalid characters',
    ],
    [
      'a NUL in the email',
      { email: 'ada\u0000@example.com' },
      'email',
      'Please enter a valid email address',
    ],
    [
      'a control character in the email',
      { email: 'ada\u0007@example.com' },
      'email',
      'Please enter a valid email address',
    ],
    [
      'a NUL in the password',
      { password: 'secret\u0000one' },
      'password',
      'Password contains invalid characters',
    ],
  ])('refuses %s at registration with 400, not 500', async (_case, fields, field, message) => {
    const res = await register({
      name: 'Ada Lovelace',
      email: uniqueEmail('nul'),
      password: 'secret1',
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message,
      errors: [{ field, message }],
    });
  });

  it.each([
    ['email', { email: 'ada\u0000@example.com', password: 'secret1' }],
    ['password', { email: 'ada@example.com', password: 'secret\u0000one' }],
  ])('refuses a NUL in the login %s with 400, not 500', async (field, body) => {
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field }] });
  });

  it.each([
    ['a zero-width space', (local: string) => `${local}\u200b@example.com`],
    ['a soft hyphen and a byte-order mark', (local: string) => `\ufeff${local}\u00ad@example.com`],
    [
      'fullwidth letters',
      (local: string) =>
        `${[...local].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('')}@example.com`,
    ],
    ['a trailing dot', (local: string) => `${local}@example.com.`],
    ['a fullwidth at sign and dot', (local: string) => `${local}\uff20example\uff0ecom`],
  ])('keeps one account per address: %s is the same email', async (_case, spell) => {
    const local = `same${++emailCounter}`;
    const email = `${local}@example.com`;
    expect((await register({ name: 'First', email, password: 'secret1' })).status).toBe(201);
    const again = await register({ name: 'Second', email: spell(local), password: 'secret2' });
    expect(again.status).toBe(409);
    // The other spelling signs in to the one account.
    const signIn = await login({ email: spell(local), password: 'secret1' });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as AuthBody).user.email).toBe(email);
  });
});

describe('POST /api/auth/login', () => {
  const password = 'correct horse';
  const email = 'login-person@example.com';

  beforeAll(async () => {
    const res = await register({ name: 'Login Person', email, password });
    expect(res.status).toBe(201);
  });

  it('signs in with the email in any case and spacing and returns token and user', async () => {
    const res = await login({ email: `  ${email.toUpperCase()}  `, password });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthBody;
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ email, name: 'Login Person', role: 'user', credits: 5 });
    expect(Object.keys(body.user).sort()).toEqual(
      ['_id', 'createdAt', 'credits', 'email', 'id', 'name', 'role'].sort(),
    );
    const me = await t.request('/api/auth/me', { token: body.token });
    expect(me.status).toBe(200);
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const wrongPassword = await login({ email, password: 'not the password' });
    const unknownEmail = await login({ email: 'nobody-here@example.com', password });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const expected = { success: false, code: 'UNAUTHORIZED', message: 'Invalid email or password' };
    expect(await wrongPassword.json()).toEqual(expected);
    expect(await unknownEmail.json()).toEqual(expected);
  });

  it('does the same scrypt work for an unknown email as for a wrong password', async () => {
    // With production-like cost the hash dominates: both paths must take about as long.
    const slow = await createTestApp({ database: t.database, passwordHashCost: 14 });
    try {
      const slowEmail = uniqueEmail('timing');
      await slow.createUser({ email: slowEmail, password });
      const timed = async (body: unknown) => {
        const started = performance.now();
        const res = await slow.request('/api/auth/login', { method: 'POST', json: body });
        expect(res.status).toBe(401);
        return performance.now() - started;
      };
      await timed({ email: 'warm-up@example.com', password }); // makes the dummy hash once
      const known: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < 5; round += 1) {
        known.push(await timed({ email: slowEmail, password: 'wrong password' }));
        unknown.push(await timed({ email: `ghost-${round}@example.com`, password }));
      }
      // The fastest of each is the work itself: a busy machine only ever adds time (a round
      // here took 45 ms or 110 ms on a 2-core machine), so medians of a few rounds flip, while
      // an unknown email that skipped scrypt would still be many times faster.
      const ratio = Math.min(...unknown) / Math.min(...known);
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    } finally {
      await slow.destroy();
    }
  });

  it.each([
    [{ password }, 'email', 'Email is required'],
    [{ email: 'bad', password }, 'email', 'Please enter a valid email address'],
    [{ email }, 'password', 'Password is required'],
    [{ email, password: '' }, 'password', 'Password is required'],
  ])('answers 400 for %j', async (body, field, message) => {
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message,
      errors: [{ field, message }],
    });
  });

  it('treats a short password as wrong, not invalid (only registration sets the minimum)', async () => {
    const res = await login({ email, password: '123' });
    expect(res.status).toBe(401);
  });

  it('re-hashes a password made with other scrypt parameters on the next login', async () => {
    const user = await t.createUser({ password: 'rehash-me' });
    const weak = await hashPassword('rehash-me', 4);
    await t.db
      .updateTable('users')
      .set({ password_hash: weak })
      .where('id', '=', user.user.id)
      .execute();
    const res = await login({ email: user.user.email, password: 'rehash-me' });
    expect(res.status).toBe(200);
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash.startsWith(`scrypt$${TEST_PASSWORD_HASH_COST}$`)).toBe(true);
    expect(await verifyPassword('rehash-me', stored.password_hash)).toBe(true);
  });
});

describe('GET /api/auth/me', () => {
  it('returns the user in data, fresh from the database', async () => {
    const { user, token } = await t.createUser({ name: 'Me Myself', credits: 3 });
    await t.db.updateTable('users').set({ credits: 7 }).where('id', '=', user.id).execute();
    const res = await t.request('/api/auth/me', { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: {
        id: user.id,
        _id: user.id,
        name: 'Me Myself',
        email: user.email,
        role: 'user',
        credits: 7,
        createdAt: user.created_at.toISOString(),
      },
    });
  });

  it('answers 401 without a token', async () => {
    const res = await t.request('/api/auth/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('rate limits', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({
      env: { AUTH_RATE_LIMIT_LOGIN: '3', AUTH_RATE_LIMIT_REGISTER: '2' },
    });
  });

  afterAll(async () => {
    await limited.destroy();
  });

  const post = (route: string, json: unknown, address: string, headers?: Record<string, string>) =>
    limited.request(route, { method: 'POST', json, address, ...(headers ? { headers } : {}) });

  it('reads the limits from AUTH_RATE_LIMIT_LOGIN and AUTH_RATE_LIMIT_REGISTER', () => {
    expect(limited.config.rateLimits).toEqual({
      login: { max: 3, windowSeconds: 900 },
      // createTestConfig keeps the per-address limit out of the way unless a test sets it.
      loginPerAddress: { max: 1000, windowSeconds: 900 },
      register: { max: 2, windowSeconds: 3600 },
    });
  });

  it('allows AUTH_RATE_LIMIT_LOGIN failed logins per email and address, then 429 with Retry-After', async () => {
    const { user, password } = await limited.createUser();
    const wrong = { email: user.email, password: 'wrong-password' };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post('/api/auth/login', wrong, '203.0.113.10')).status).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: user.email, password }, '203.0.113.10');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(880);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await blocked.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Please try again later.',
    });

    // Another address, or another email from the same address, is not blocked.
    expect(
      (await post('/api/auth/login', { email: user.email, password }, '203.0.113.11')).status,
    ).toBe(200);
    expect(
      (
        await post(
          '/api/auth/login',
          { email: 'someone-else@example.com', password },
          '203.0.113.10',
        )
      ).status,
    ).toBe(401);

    // Once the window has passed, the correct password works again.
    await limited.db
      .updateTable('rate_limit_hits')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(
      (await post('/api/auth/login', { email: user.email, password }, '203.0.113.10')).status,
    ).toBe(200);
  });

  it('does not count successful logins', async () => {
    const { user, password } = await limited.createUser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await post('/api/auth/login', { email: user.email, password }, '198.51.100.1')).status,
      ).toBe(200);
    }
  });

  it('allows AUTH_RATE_LIMIT_REGISTER registrations per address, then 429 with Retry-After', async () => {
    const address = '192.0.2.50';
    for (let index = 0; index < 2; index += 1) {
      const res = await post(
        '/api/auth/register',
        { name: 'Reg', email: uniqueEmail('reg'), password: 'secret1' },
        address,
      );
      expect(res.status).toBe(201);
    }
    const blocked = await post(
      '/api/auth/register',
      { name: 'Reg', email: uniqueEmail('reg'), password: 'secret1' },
      address,
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(3500);
    expect(await blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const elsewhere = await post(
      '/api/auth/register',
      { name: 'Reg', email: uniqueEmail('reg'), password: 'secret1' },
      '192.0.2.51',
    );
    expect(elsewhere.status).toBe(201);
  });

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    const address = '192.0.2.60';
    for (let index = 0; index < 2; index += 1) {
      const res = await post(
        '/api/auth/register',
        { name: 'Spoof', email: uniqueEmail('spoof'), password: 'secret1' },
        address,
        { 'X-Forwarded-For': `10.9.9.${index}` },
      );
      expect(res.status).toBe(201);
    }
    const blocked = await post(
      '/api/auth/register',
      { name: 'Spoof', email: uniqueEmail('spoof'), password: 'secret1' },
      address,
      { 'X-Forwarded-For': '10.9.9.99' },
    );
    expect(blocked.status).toBe(429);
  });

  it('keys on the forwarded client address when the peer is a TRUST_PROXY proxy', async () => {
    const proxied = await createTestApp({
      database: limited.database,
      env: { AUTH_RATE_LIMIT_REGISTER: '1', TRUST_PROXY: '10.0.0.1' },
    });
    const viaProxy = (client: string) =>
      proxied.request('/api/auth/register', {
        method: 'POST',
        address: '10.0.0.1',
        headers: { 'X-Forwarded-For': `6.6.6.6, ${client}` },
        json: { name: 'Proxied', email: uniqueEmail('proxied'), password: 'secret1' },
      });
    expect((await viaProxy('198.51.100.77')).status).toBe(201);
    expect((await viaProxy('198.51.100.77')).status).toBe(429);
    expect((await viaProxy('198.51.100.78')).status).toBe(201);
  });

  it('shares the count between app instances on one database (several API processes)', async () => {
    const second = await createTestApp({
      database: limited.database,
      env: { AUTH_RATE_LIMIT_LOGIN: '3' },
    });
    const { user } = await limited.createUser();
    const wrong = { email: user.email, password: 'wrong-password' };
    const address = '203.0.113.200';
    expect((await post('/api/auth/login', wrong, address)).status).toBe(401);
    expect(
      (await second.request('/api/auth/login', { method: 'POST', json: wrong, address })).status,
    ).toBe(401);
    expect((await post('/api/auth/login', wrong, address)).status).toBe(401);
    expect(
      (await second.request('/api/auth/login', { method: 'POST', json: wrong, address })).status,
    ).toBe(429);
  });
});
