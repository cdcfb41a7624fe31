import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { startSummaryWorkers } from './features/summaries/summary-workers';
import { createJobQueue } from './lib/job-queue';
import { createSummarizer } from './summarizer/summarizer';

/*
 * `pnpm --filter api worker`: job workers alone, no HTTP server. Run any number of these
 * beside API processes started with WORKERS=0, all on one DATABASE_URL. WORKERS sets the
 * workers per queue here (at least 1).
 */

/** How long active jobs may finish after SIGINT/SIGTERM before they are handed back to the queue. */
const JOBS_GRACE_MS = 20_000;

function readConfig(): Config {
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

async function main(): Promise<void> {
  const config = readConfig();
  if (!config.databaseUrl) {
    console.warn(
      'DATABASE_URL is unset: this worker uses its own embedded database, which no API process shares.',
    );
  }
  const db = await createDatabase(config);
  await migrateToLatest(db, { log: console.info });
  const summarizer = createSummarizer({
    geminiApiKey: config.gemini?.apiKey,
    geminiModel: config.geminiModel,
    geminiBaseUrl: config.gemini?.baseUrl,
  });
  const jobs = createJobQueue(db, config.jobs);
  const concurrency = Math.max(1, config.workers);
  const workers = await startSummaryWorkers({ config, db, summarizer, jobs }, concurrency);
  console.info(`Brevity worker running: ${concurrency} per queue`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received, finishing active jobs`);
    workers
      .stop({ graceful: true, timeoutMs: JOBS_GRACE_MS })
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('Stopping the worker failed:', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('Brevity worker failed to start:', error);
  process.exit(1);
});
