import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../../db/seed';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../../lib/app-env';
import {
  ACCEPTED_FILE_TYPES,
  LOCAL_SUMMARIZER_MODEL,
  MAX_CHARS,
  MAX_FILE_BYTES,
} from '../../lib/product-constants';

/** How long /api/ready waits for the database before answering 503. */
const READY_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Compares two secrets in constant time, whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * /api/health, /api/ready and /api/config: probes and what the front ends need to start.
 * /api/ready answers 503 only when the database does not answer; a configured Gemini that
 * cannot (key rejected, rate-limited, down) makes it `degraded`, still 200, with the
 * summarizer's health and what to do about it;
 * /api/metrics: Prometheus metrics, only when METRICS_TOKEN is set and only with it.
 */
export const systemRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ success: true as const, data: { status: 'ok' as const } }, 200))
  .get('/ready', async (c) => {
    try {
      await withTimeout(sql`select 1`.execute(c.var.deps.db), READY_TIMEOUT_MS);
      // Only the database decides readiness: without Gemini readers still get Quick Summaries.
      const summarizer = c.var.deps.summarizer.health?.() ?? null;
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          success: true as const,
          data: {
            status: summarizer?.status === 'degraded' ? ('degraded' as const) : ('ready' as const),
            database: 'ok' as const,
            summarizer,
          },
        },
        200,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      c.var.deps.logger.warn(`/api/ready: the database did not answer: ${reason}`);
      return c.json(
        {
          success: false as const,
          code: 'NOT_READY' as const,
          message: 'The database is not reachable',
        },
        503,
      );
    }
  })
  .get('/metrics', async (c) => {
    const { config, metrics } = c.var.deps;
    if (config.metricsToken === null) {
      throw new AppError(404, 'NOT_FOUND', 'The requested resource was not found');
    }
    const token = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!token || !sameSecret(token, config.metricsToken)) {
      throw new AppError(401, 'UNAUTHORIZED', 'The metrics token is missing or wrong', undefined, {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    }
    c.header('Content-Type', metrics.registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.registry.metrics(), 200);
  })
  .get('/config', (c) => {
    const { config } = c.var.deps;
    c.header('Cache-Control', 'no-cache');
    return c.json(
      {
        success: true as const,
        data: {
          demo: config.demoAccounts ? { email: DEMO_USER_EMAIL, password: DEMO_PASSWORD } : null,
          maxChars: MAX_CHARS,
          maxFileBytes: MAX_FILE_BYTES,
          fileTypes: ACCEPTED_FILE_TYPES,
          model: config.gemini ? config.geminiModel : LOCAL_SUMMARIZER_MODEL,
          remotes: config.remotes,
        },
      },
      200,
    );
  });
