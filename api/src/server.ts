import { serve } from '@hono/node-server';
import { createApp } from './app';
import { seedDatabase } from './db/seed';
import { startSummaryWorkers } from './features/summaries/summary-workers';
import { createServices, JOBS_GRACE_MS, readConfigOrExit } from './startup';

/** How long open connections may finish after SIGINT/SIGTERM before they are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = readConfigOrExit();
  console.info(
    config.databaseUrl
      ? 'Database: Postgres (DATABASE_URL)'
      : `Database: embedded PGlite in ${config.dataDir}/pglite`,
  );
  const deps = await createServices(config);
  const { db, jobs } = deps;
  await seedDatabase(db, config, { log: console.info });
  await jobs.start();
  const workers = config.workers > 0 ? await startSummaryWorkers(deps, config.workers) : null;
  console.info(
    workers
      ? `Job workers: ${config.workers} per queue in this process`
      : 'Job workers: none (WORKERS=0)',
  );
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.info(`Brevity listening on http://localhost:${info.port}`);
  });
  // Keep idle connections longer than clients and load balancers do (often 60 s), so a request
  // sent on a reused connection never meets a socket the server is just closing.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  server.on('error', (error) => {
    console.error(`Could not listen on ${config.host}:${config.port}:`, error.message);
    void db.destroy().finally(() => process.exit(1));
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Workers stop taking jobs now; active ones finish or go back to the queue.
    const jobsStopped = (workers ?? jobs).stop({ graceful: true, timeoutMs: JOBS_GRACE_MS });
    server.close(() => {
      jobsStopped
        .catch((error: unknown) => console.error('Stopping the job queue failed:', error))
        .then(() => db.destroy())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error('Closing the database failed:', error);
          process.exit(1);
        });
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('Brevity failed to start:', error);
  process.exit(1);
});
