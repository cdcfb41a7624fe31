import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const METRICS_TOKEN = 'metrics-token-for-tests-0123';
let t: TestApp;
/** An app with METRICS_TOKEN set, to read /api/ready's details. */
let readyApp: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  readyApp = await createTestApp({ env: { METRICS_TOKEN } });
});

afterAll(async () => {
  await t.destroy();
  await readyApp.destroy();
});

describe('GET /api/health', () => {
  it('answers 200', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });
});

describe('GET /api/ready', () => {
  it('tells an anonymous caller its status only, and the details only with the metrics token (issue 24)', async () => {
    const withToken = await createTestApp({ env: { METRICS_TOKEN: METRICS_TOKEN } });
    try {
      for (const app of [t, withToken]) {
        const anonymous: Record<string, string>[] = [
          {},
          { Authorization: 'Bearer not-the-metrics-token' },
        ];
        for (const headers of anonymous) {
          const res = await app.request('/api/ready', { headers });
          expect(res.status).toBe(200);
          expect(await res.json()).toEqual({ success: true, data: { status: 'ready' } });
        }
      }
      const res = await withToken.request('/api/ready', {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: object }).data).toMatchObject({
        status: 'ready',
        database: 'ok',
        summarizer: { status: 'ok', circuits: [], keyRejection: null },
      });
    } finally {
      await withToken.destroy();
    }
  });

  it('answers 200 when the database answers', async () => {
    const res = await readyApp.request('/api/ready', {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: {
        status: 'ready',
        database: 'ok',
        // No key: the local summarizer is the engine by design, not a degradation.
        summarizer: {
          status: 'ok',
          engine: 'local',
          reason: null,
          description: 'ok',
          action: null,
          retryAfterMs: 0,
          circuits: [],
          keyRejection: null,
        },
      },
    });
  });

  it('answers 503 when the database does not, and /api/health still answers 200', async () => {
    const broken = await createTestApp();
    await broken.destroy();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const res = await broken.request('/api/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      success: false,
      code: 'NOT_READY',
      message: 'The database is not reachable',
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/api/ready'));
    expect((await broken.request('/api/health')).status).toBe(200);
  });
});

describe('GET /api/config', () => {
  const remotes = {
    user: '/remotes/user/',
    admin: '/remotes/admin/',
    editor: '/remotes/editor/',
    reviewer: '/remotes/reviewer/',
  };

  it('advertises the demo user, the limits, the local model and the remotes on the embedded default', async () => {
    const res = await t.request('/api/config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: {
        demo: { email: 'demo@brevity.app', password: 'demo1234' },
        maxChars: 50_000,
        maxDocumentChars: 500_000,
        maxFileBytes: 10_485_760,
        fileTypes: ['.txt', '.docx', '.pdf', '.png', '.jpg', '.jpeg', '.webp'],
        urlSources: true,
        languages: expect.arrayContaining([{ code: 'de', name: 'Deutsch' }]),
        model: 'brevity-local-extractive',
        remotes,
      },
    });
  });

  it('reports GEMINI_MODEL when a Gemini key is set, no demo without demo accounts, and configured remotes', async () => {
    const configured = await createTestApp({
      database: t.database,
      env: {
        GEMINI_API_KEY: 'test-key',
        GEMINI_MODEL: 'gemini-2.5-flash',
        DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        REMOTE_ADMIN_URL: 'https://staff.example.com/admin',
      },
    });
    const res = await configured.request('/api/config');
    expect(await res.json()).toEqual({
      success: true,
      data: {
        demo: null,
        maxChars: 50_000,
        maxDocumentChars: 500_000,
        maxFileBytes: 10_485_760,
        fileTypes: ['.txt', '.docx', '.pdf', '.png', '.jpg', '.jpeg', '.webp'],
        urlSources: true,
        languages: expect.arrayContaining([{ code: 'fa', name: 'فارسی' }]),
        model: 'gemini-2.5-flash',
        remotes: { ...remotes, admin: 'https://staff.example.com/admin/' },
      },
    });
  });

  it('reports the demo with DATABASE_URL when DEMO=1', async () => {
    const demo = await createTestApp({
      database: t.database,
      env: { DATABASE_URL: 'postgres://unused@127.0.0.1/unused', DEMO: '1' },
    });
    const body = (await (await demo.request('/api/config')).json()) as { data: { demo: unknown } };
    expect(body.data.demo).toEqual({ email: 'demo@brevity.app', password: 'demo1234' });
  });
});
