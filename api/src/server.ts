import { createApp } from './app';
import { seedDatabase } from './db/seed';
import { startSummaryWorkers } from './features/summaries/summary-workers';
import { closeHttpServer, startHttpServer } from './lib/http-server';
import { createProcessLogger, createServices, JOBS_GRACE_MS, readConfigOrExit } from './startup';

/** How long open connections may finish after SIGINT/SIGTERM before they are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = readConfigOrExit();
  const logger = createProcessLogger(config);
  logger.info(
    config.databaseUrl
      ? 'Database: Postgres (DATABASE_URL)'
      : `Database: embedded PGlite in ${config.dataDir}/pglite`,
  );
  const deps = await createServices(config, logger);
  const { db, jobs } = deps;
  await seedDatabase(db, config, deps.passwords, { log: (message) => logger.info(message) });
  await jobs.start();
  const workers = config.workers > 0 ? await startSummaryWorkers(deps, config.workers) : null;
  logger.info(
    workers
      ? `Job workers: ${config.workers} per queue in this process`
      : 'Job workers: none (WORKERS=0)',
  );
  const app = createApp(deps);
  const server = startHttpServer({
    fetch: app.fetch,
    config,
    logger,
    onListening: (port) => logger.info(`Brevity listening on http://localhost:${port}`),
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, `Could not listen on ${config.host}:${config.port}`);
    void db.destroy().finally(() => process.exit(1));
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    // Workers stop taking jobs now; active ones finish or go back to the queue.
    const jobsStopped = (workers ?? jobs).stop({ graceful: true, timeoutMs: JOBS_GRACE_MS });
    closeHttpServer(server, () => {
      jobsStopped
        .catch((error: unknown) => logger.error({ err: error }, 'Stopping the job queue failed'))
        .then(() => db.destroy())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          logger.error({ err: error }, 'Closing the database failed');
          process.exit(1);
        });
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('Brevity failed to start:', error);
  process.exit(1);
});
