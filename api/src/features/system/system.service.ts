import type { Config } from '../../config';
import { pingDatabase } from '../../db/health.repository';
import { ACCEPTED_FILE_TYPES } from '../../documents/file-kinds';
import type { AppDeps } from '../../app-env';
import { configLanguages } from '../../domain/languages';
import {
  DEMO_PASSWORD,
  DEMO_USER_EMAIL,
  LOCAL_SUMMARIZER_MODEL,
  MAX_CHARS,
  MAX_DOCUMENT_CHARS,
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

/**
 * /api/ready's answer: null when the database does not answer within READY_TIMEOUT_MS (logged),
 * else ready, or degraded when a configured Gemini cannot answer. Only the database decides
 * readiness: without Gemini readers still get Quick Summaries.
 */
export async function checkReadiness(deps: AppDeps) {
  try {
    await withTimeout(pingDatabase(deps.db), READY_TIMEOUT_MS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.logger.warn(`/api/ready: the database did not answer: ${reason}`);
    return null;
  }
  const summarizer = deps.summarizer.health?.() ?? null;
  return {
    status: summarizer?.status === 'degraded' ? ('degraded' as const) : ('ready' as const),
    database: 'ok' as const,
    summarizer,
  };
}

/** What the front ends need to start (GET /api/config). */
export function publicConfig(config: Config) {
  return {
    demo: config.demoAccounts ? { email: DEMO_USER_EMAIL, password: DEMO_PASSWORD } : null,
    maxChars: MAX_CHARS,
    maxDocumentChars: MAX_DOCUMENT_CHARS,
    maxFileBytes: MAX_FILE_BYTES,
    fileTypes: ACCEPTED_FILE_TYPES,
    /** A summary may start from a web address (POST /api/summaries with `url`). */
    urlSources: true,
    /** The languages a summary may be asked in, by their own names (decision 0038). */
    languages: configLanguages(),
    model: config.gemini ? config.geminiModel : LOCAL_SUMMARIZER_MODEL,
    remotes: config.remotes,
  };
}
