import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { createLogger, formatLogLine, runWithRequestId } from './logger';

interface Line {
  level: number;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
}

function capture() {
  const lines: Line[] = [];
  const logger = createLogger({
    level: 'info',
    format: 'json',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  return { logger, lines };
}

describe('structured logs', () => {
  it('puts the request id on every line logged while a request runs, however deep', async () => {
    const { logger, lines } = capture();
    const t = await createTestApp({ deps: { logger } });
    const { token } = await t.createUser();
    const me = await t.request('/api/auth/me', { token, headers: { 'X-Request-Id': 'req-me-1' } });
    expect(me.status).toBe(200);
    // A failing readiness probe logs a warning from inside its route.
    const broken = await createTestApp({ deps: { logger } });
    await broken.destroy();
    const ready = await broken.request('/api/ready', {
      headers: { 'X-Request-Id': 'req-ready-1' },
    });
    expect(ready.status).toBe(503);
    await t.destroy();

    const ofMe = lines.filter((line) => line.requestId === 'req-me-1');
    expect(ofMe).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'GET',
        path: '/api/auth/me',
        status: 200,
      }),
    );
    const ofReady = lines.filter((line) => line.requestId === 'req-ready-1');
    expect(ofReady.map((line) => line.msg)).toEqual([
      expect.stringContaining('/api/ready: the database did not answer'),
      'request',
    ]);
    expect(ofReady[1]).toMatchObject({ status: 503 });
    // Lines outside any request carry no request id.
    const outside = capture();
    outside.logger.info('starting');
    expect(outside.lines[0]).not.toHaveProperty('requestId');
  });

  it('keeps each request’s id apart when requests interleave', async () => {
    const { logger, lines } = capture();
    await Promise.all(
      ['a', 'b', 'c'].map((id) =>
        runWithRequestId(id, async () => {
          logger.info('first');
          await new Promise((resolve) => setTimeout(resolve, 5));
          logger.info('second');
        }),
      ),
    );
    for (const id of ['a', 'b', 'c']) {
      expect(lines.filter((line) => line.requestId === id).map((line) => line.msg)).toEqual([
        'first',
        'second',
      ]);
    }
  });

  it('formats a line for people in development', () => {
    const line = JSON.stringify({
      level: 50,
      time: Date.UTC(2026, 0, 2, 3, 4, 5),
      pid: 1,
      requestId: 'req-9',
      msg: 'GET /api/x failed:',
      route: '/api/x',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' },
    });
    expect(formatLogLine(line)).toBe(
      '03:04:05 ERROR [req-9] GET /api/x failed: {"route":"/api/x"}\n  Error: boom\n      at here\n',
    );
  });
});
