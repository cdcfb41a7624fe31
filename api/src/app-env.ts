import type { NodeBindings } from './lib/node-bindings';
import type { Config } from './config';
import type { Database } from './db/database';
import type { UserRecord } from './db/user-record';
import type { SessionTokenClaims } from './lib/tokens';
import type { DocumentReader } from './documents/document-reader';
import type { JobQueue } from './db/job-queue';
import type { Logger } from './lib/logger';
import type { Metrics } from './metrics';
import type { PasswordHashing } from './lib/password-hashing';
import type { Summarizer } from './summarizer/summarizer';

/**
 * What the app is built from. Later features add their services here (for example a
 * `summarizer`), `server.ts` and the test helper create them, and routes reach them
 * through `c.var.deps`.
 */
export interface AppDeps {
  config: Config;
  db: Database;
  /** Writes summaries; tests inject a fake. */
  summarizer: Summarizer;
  /** The background job queue (pg-boss on `db`); started on first use. */
  jobs: JobQueue;
  /**
   * Reads uploaded files, scans and web pages in worker threads, within config.extraction's
   * and config.documents' limits.
   */
  documents: DocumentReader;
  /** Structured logs; lines logged during a request carry its id. */
  logger: Logger;
  /** Prometheus metrics of this process (GET /api/metrics). */
  metrics: Metrics;
  /** Password hashing with bounded concurrency. */
  passwords: PasswordHashing;
}

/** The Hono environment of every route: the deps and the request id are always set. */
export interface AppEnv {
  Bindings: NodeBindings;
  Variables: {
    deps: AppDeps;
    requestId: string;
  };
}

/** The environment after `requireAuth`: `c.var.user` is the signed-in user, fresh from the database. */
export interface AuthEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { user: UserRecord };
}

/**
 * The environment after `requireBearer`: `c.var.claims` are the valid token's claims; the user
 * is set (`c.var.user`) once the route has read them and called `admitUser`.
 */
export interface BearerEnv extends AuthEnv {
  Variables: AuthEnv['Variables'] & { claims: SessionTokenClaims };
}
