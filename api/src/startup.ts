import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { createDocumentReader } from './documents/document-reader';
import { FileExtractionPool } from './documents/file-extraction-pool';
import type { AppDeps } from './app-env';
import { createJobQueue } from './db/job-queue';
import { createLogger } from './lib/logger';
import type { Logger } from './lib/logger';
import { createMetrics } from './metrics';
import { createPasswordHashing } from './lib/password-hashing';
import { createSummarizer } from './summarizer/create-summarizer';

/*
 * What both entry points, the API server (server.ts) and the worker (worker.ts), do at start-up,
 * so the two processes always agree on configuration, schema and services.
 */

/** How long active jobs may finish after SIGINT/SIGTERM before they are handed back to the queue. */
export const JOBS_GRACE_MS = 20_000;

/** The configuration, or a clear message naming the bad variable and exit code 1. */
export function readConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The process's logger, as the configuration asks (LOG_LEVEL, LOG_FORMAT). */
export function createProcessLogger(config: Config): Logger {
  return createLogger({ level: config.logLevel, format: config.logFormat });
}

/** Opens the database, brings its schema up to date and builds the services on top of it. */
export async function createServices(config: Config, logger: Logger): Promise<AppDeps> {
  const db = await createDatabase(config, logger);
  await migrateToLatest(db, { log: (message) => logger.info(message) });
  const summarizer = createSummarizer({
    geminiApiKey: config.gemini?.apiKey,
    geminiModel: config.geminiModel,
    geminiBaseUrl: config.gemini?.baseUrl,
    maxInputTokens: config.gemini?.maxInputTokens,
  });
  const passwords = createPasswordHashing(config.passwordHashing);
  return {
    config,
    db,
    summarizer,
    documents: createDocumentReader({
      fileExtractor: new FileExtractionPool(config.extraction),
      allowedHosts: config.documents.fetchAllowedHosts,
      ocr: config.documents,
    }),
    jobs: createJobQueue(db, config.jobs, logger),
    logger,
    passwords,
    metrics: createMetrics({
      db,
      passwords,
      processMetrics: config.metricsToken !== null,
      summarizerHealth: () => summarizer.health(),
    }),
  };
}
