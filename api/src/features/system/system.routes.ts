import { Hono } from 'hono';
import { sql } from 'kysely';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../../db/seed';
import type { AppEnv } from '../../lib/app-env';
import { LOCAL_SUMMARIZER_MODEL, MAX_CHARS, MAX_FILE_BYTES } from '../../lib/product-constants';

/** How long /api/ready waits for the database before answering 503. */
const READY_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** /api/health, /api/ready and /api/config: probes and what the front ends need to start. */
export const systemRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ success: true as const, data: { status: 'ok' as const } }, 200))
  .get('/ready', async (c) => {
    try {
      await withTimeout(sql`select 1`.execute(c.var.deps.db), READY_TIMEOUT_MS);
      return c.json({ success: true as const, data: { status: 'ready' as const } }, 200);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`[${c.var.requestId}] /api/ready: the database did not answer: ${reason}`);
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
          model: config.gemini ? config.geminiModel : LOCAL_SUMMARIZER_MODEL,
          remotes: config.remotes,
        },
      },
      200,
    );
  });
