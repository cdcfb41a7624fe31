import { startSummaryWorkers } from './features/summaries/summary-workers';
import { createProcessLogger, createServices, JOBS_GRACE_MS, readConfigOrExit } from './startup';

/*
 * `pnpm --filter api worker`: job workers alone, no HTTP server. Run any number of these
 * beside API processes started with WORKERS=0, all on one DATABASE_URL. WORKERS sets the
 * workers per queue here (at least 1).
 */

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const logger = createProcessLogger(config);
  if (!config.databaseUrl) {
    logger.warn(
      'DATABASE_URL is unset: this worker uses its own embedded database, which no API process shares.',
    );
  }
  const deps = await createServices(config, logger);
  const { db } = deps;
  const concurrency = Math.max(1, config.workers);
  const workers = await startSummaryWorkers(deps, concurrency);
  logger.info(`Brevity worker running: ${concurrency} per queue`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, finishing active jobs`);
    workers
      .stop({ graceful: true, timeoutMs: JOBS_GRACE_MS })
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Stopping the worker failed');
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
