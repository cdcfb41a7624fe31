import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../../app-env';
import { successEnvelope } from '../../lib/success-envelope';
import { checkReadiness, publicConfig } from './system.service';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Compares two secrets in constant time, whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether the request carries the configured METRICS_TOKEN as its bearer token. */
function carriesMetricsToken(metricsToken: string | null, authorization: string | undefined) {
  const token = BEARER.exec(authorization ?? '')?.[1];
  return metricsToken !== null && token !== undefined && sameSecret(token, metricsToken);
}

/**
 * /api/health, /api/ready and /api/config: probes and what the front ends need to start.
 * /api/ready answers 503 only when the database does not answer; a configured Gemini that
 * cannot (key rejected, rate-limited, down) makes it `degraded`, still 200, with the
 * summarizer's health and what to do about it, shown only to a caller with METRICS_TOKEN
 * (issue 24: the key's rejection, its time and the circuits are operators' business); anyone
 * else gets `status` alone;
 * /api/metrics: Prometheus metrics, only when METRICS_TOKEN is set and only with it.
 */
export const systemRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json(successEnvelope({ status: 'ok' as const }), 200))
  .get('/ready', async (c) => {
    const readiness = await checkReadiness(c.var.deps);
    if (readiness === null) {
      return c.json(
        {
          success: false as const,
          code: 'NOT_READY' as const,
          message: 'The database is not reachable',
        },
        503,
      );
    }
    c.header('Cache-Control', 'no-store');
    const { config } = c.var.deps;
    if (!carriesMetricsToken(config.metricsToken, c.req.header('Authorization'))) {
      return c.json(successEnvelope({ status: readiness.status }), 200);
    }
    return c.json(successEnvelope(readiness), 200);
  })
  .get('/metrics', async (c) => {
    const { config, metrics } = c.var.deps;
    if (config.metricsToken === null) {
      throw new AppError(404, 'NOT_FOUND', 'The requested resource was not found');
    }
    if (!carriesMetricsToken(config.metricsToken, c.req.header('Authorization'))) {
      throw new AppError(401, 'UNAUTHORIZED', 'The metrics token is missing or wrong', undefined, {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    }
    c.header('Content-Type', metrics.registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.registry.metrics(), 200);
  })
  .get('/config', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(successEnvelope(publicConfig(c.var.deps.config)), 200);
  });
