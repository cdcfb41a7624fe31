import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const TOKEN = 'metrics-token-for-tests-0123';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});

afterAll(async () => {
  await t.destroy();
});

function scrape(authorization?: string) {
  return t.request('/api/metrics', {
    headers: authorization === undefined ? {} : { Authorization: authorization },
  });
}

describe('GET /api/metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const off = await createTestApp({ database: t.database });
    const res = await off.request('/api/metrics', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer not-the-metrics-token'],
    ['a user’s session token in its place', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x'],
    ['the token without Bearer', TOKEN],
  ])('answers 401 to %s', async (_case, authorization) => {
    const res = await scrape(authorization);
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toContain('Bearer');
    expect(await res.text()).not.toContain('brevity_');
  });

  it('reports requests by route pattern and status, latency, jobs, hashing, in Prometheus text', async () => {
    await t.request('/api/health');
    await t.request('/api/health');
    await t.request('/api/summaries/3f2c7a40-0000-4000-8000-000000000000');
    const { token } = await t.createUser();
    await t.request('/api/auth/me', { token });
    await t.request('/api/no-such-thing');

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(
      /^brevity_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 2$/m,
    );
    // The pattern, never the id: label values stay few.
    expect(text).toMatch(/route="\/api\/summaries\/:id",status="401"/);
    expect(text).not.toContain('3f2c7a40');
    expect(text).toMatch(/route="\/api\/auth\/me",status="200"/);
    expect(text).toMatch(/route="\/api\/\*",status="404"/);
    expect(text).toMatch(
      /^brevity_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/^brevity_summary_jobs_pending\{queue="text-summary"\} 0$/m);
    expect(text).toMatch(/^brevity_summary_jobs_pending\{queue="file-processing"\} 0$/m);
    expect(text).toMatch(/^brevity_password_hashing\{state="active"\} 0$/m);
    expect(text).toMatch(/^brevity_password_hashing\{state="queued"\} 0$/m);
    expect(text).toMatch(/^brevity_password_hashing_rejected_total 0$/m);
    expect(text).toContain('# TYPE brevity_summary_job_failures_total counter');
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/^brevity_db_pool_connections\{state="idle"\} \d+$/m);
    }
  });
});
