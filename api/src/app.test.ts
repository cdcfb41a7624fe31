import { Hono } from 'hono';
import { testClient } from 'hono/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApp } from './app';
import { AppError } from './lib/app-error';
import type { AppEnv } from './app-env';
import { uploadBodyLimit } from './middleware/body-limit';
import { validate } from './lib/validation';
import { createTestApp } from './test/test-app';
import type { TestApp } from './test/test-app';

let t: TestApp;
/** The real app plus a few routes that fail on purpose. */
let probe: Hono<AppEnv>;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      CORS_ORIGINS: 'https://portal.example.com',
      REMOTE_ADMIN_URL: 'https://staff-cdn.example.com/admin/',
    },
  });
  probe = createApp(t.deps) as unknown as Hono<AppEnv>;
  probe.route(
    '/api/probe',
    new Hono<AppEnv>()
      .get('/crash', () => {
        throw new Error('relation "users" does not exist at /srv/app/secret.ts:12');
      })
      .get('/conflict', () => {
        throw new AppError(409, 'CONFLICT', 'That is taken', [
          { field: 'email', message: 'Taken' },
        ]);
      })
      .get('/zod', () => {
        z.object({ page: z.number({ error: 'Page must be a number' }) }).parse({ page: 'x' });
        return new Response('unreachable');
      })
      .get(
        '/search',
        validate('query', z.object({ q: z.string().min(2, 'Search for 2 characters or more') })),
        (c) => c.json({ success: true, data: c.req.valid('query').q }),
      )
      .post('/upload', uploadBodyLimit(), async (c) => {
        const form = await c.req.parseBody();
        const file = form.file;
        return c.json({ success: true, data: file instanceof File ? file.size : null });
      }),
  );
});

afterAll(async () => {
  await t.destroy();
});

describe('errors', () => {
  it('answers an unknown /api route with the 404 envelope', async () => {
    for (const [method, route] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['DELETE', '/api/health'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.request(route, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'The requested resource was not found',
      });
    }
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": "a@b.c", ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; code: string; message: string };
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.message).toMatch(/JSON/);
  });

  it('answers JSON over 1 MB with 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) });
    const expected = {
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body must be at most 1 MB',
    };
    const declared = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual(expected);

    const streamed = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: big,
    });
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual(expected);
  });

  it('accepts JSON just under 1 MB (the limit is the body size, not a smaller guess)', async () => {
    const body = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1000 * 1000) });
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400); // reaches validation: the password is over 128 characters
  });

  it('lets multipart uploads up to 10 MB through and refuses bigger ones with 413', async () => {
    const upload = (bytes: number) => {
      const form = new FormData();
      form.append(
        'file',
        new File([new Uint8Array(bytes)], 'document.txt', { type: 'text/plain' }),
      );
      return probe.request('/api/probe/upload', { method: 'POST', body: form });
    };
    const fits = await upload(10 * 1024 * 1024);
    expect(fits.status).toBe(200);
    expect(await fits.json()).toEqual({ success: true, data: 10 * 1024 * 1024 });
    const tooBig = await upload(10 * 1024 * 1024 + 100 * 1024);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File exceeds the 10MB limit',
    });
  });

  it('renders an AppError with its status, code, message and errors', async () => {
    const res = await probe.request('/api/probe/conflict');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'That is taken',
      errors: [{ field: 'email', message: 'Taken' }],
    });
  });

  it('renders a thrown zod error and a failed query validation as 400 VALIDATION_ERROR', async () => {
    const zod = await probe.request('/api/probe/zod');
    expect(zod.status).toBe(400);
    expect(await zod.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Page must be a number',
      errors: [{ field: 'page', message: 'Page must be a number' }],
    });
    const query = await probe.request('/api/probe/search?q=a');
    expect(query.status).toBe(400);
    expect(await query.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Search for 2 characters or more',
      errors: [{ field: 'q', message: 'Search for 2 characters or more' }],
    });
    expect(await (await probe.request('/api/probe/search?q=ok')).json()).toEqual({
      success: true,
      data: 'ok',
    });
  });

  it('answers anything unexpected with 500 INTERNAL and a request id, logging the error, never its text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await probe.request('/api/probe/crash');
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    const requestId = res.headers.get('X-Request-Id');
    expect(requestId).toBeTruthy();
    expect(body).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again later.',
      requestId,
    });
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/relation|secret\.ts|stack|at \//);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toBe(`[${requestId}] GET /api/probe/crash failed:`);
    expect((logged.mock.calls[0]?.[1] as Error).message).toContain('relation "users"');
  });

  it('answers a database failure with 500 and no SQL', async () => {
    const broken = await createTestApp();
    const { token } = await broken.createUser();
    await broken.destroy();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await broken.request('/api/auth/me', { token });
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ success: false, code: 'INTERNAL' });
    expect(JSON.stringify(body)).not.toMatch(/select|users|password/i);
    expect(logged).toHaveBeenCalled();
  });
});

describe('request ids and headers', () => {
  it('gives every response an X-Request-Id, keeping a sane incoming one', async () => {
    const own = await t.request('/api/health');
    expect(own.headers.get('X-Request-Id')).toMatch(/^[\w-]{8,}$/);
    const passed = await t.request('/api/health', { headers: { 'X-Request-Id': 'lb-1234' } });
    expect(passed.headers.get('X-Request-Id')).toBe('lb-1234');
    const hostile = await t.request('/api/health', {
      headers: { 'X-Request-Id': 'bad id <script>' },
    });
    expect(hostile.headers.get('X-Request-Id')).not.toContain('script');
  });

  it('sets security headers and a CSP allowing the app and the remotes’ origins', async () => {
    const res = await t.request('/api/health');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://staff-cdn.example.com");
    expect(csp).toContain("connect-src 'self' https://staff-cdn.example.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
  });

  it('answers CORS preflights for CORS_ORIGINS only', async () => {
    const preflight = (origin: string) =>
      t.request('/api/auth/login', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight('https://portal.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://portal.example.com');
    expect(allowed.headers.get('Access-Control-Allow-Headers')).toMatch(/authorization/i);
    const other = await preflight('https://evil.example.com');
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();

    const simple = await t.request('/api/health', {
      headers: { Origin: 'https://portal.example.com' },
    });
    expect(simple.headers.get('Access-Control-Allow-Origin')).toBe('https://portal.example.com');
    expect(simple.headers.get('Access-Control-Expose-Headers')).toMatch(/Retry-After/);
  });
});

describe('AppType', () => {
  it('gives hono/client typed routes (their types: app-type.test-d.ts)', async () => {
    const client = testClient(t.app);
    const res = await client.api.auth.register.$post({
      json: { name: 'Typed Client', email: 'typed@example.com', password: 'secret1' },
    });
    expect(res.status).toBe(201);
    if (res.status === 201) {
      const body = await res.json();
      expect(body.user.role).toBe('user');
      expect(typeof body.token).toBe('string');
      expect(body.user.email).toBe('typed@example.com');
      const me = await client.api.auth.me.$get(undefined, {
        headers: { Authorization: `Bearer ${body.token}` },
      });
      const meBody = await me.json();
      expect(meBody.data.credits).toBe(5);
    }
    const config = await (await client.api.config.$get()).json();
    expect(config.data.maxChars).toBe(50_000);
  });
});
