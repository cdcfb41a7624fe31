import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { seedDatabase } from './db/seed';
import { startSummaryWorkers } from './features/summaries/summary-workers';
import { createJobQueue } from './lib/job-queue';
import { createSummarizer } from './summarizer/summarizer';

/** How long open connections may finish after SIGINT/SIGTERM before they are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
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
  const db = await createDatabase(config);
  console.info(
    config.databaseUrl
      ? 'Database: Postgres (DATABASE_URL)'
      : `Database: embedded PGlite in ${config.dataDir}/pglite`,
  );
  await migrateToLatest(db, { log: console.info });
  await seedDatabase(db, config, { log: console.info });

  const summarizer = createSummarizer({
    geminiApiKey: config.gemini?.apiKey,
    geminiModel: config.geminiModel,
    geminiBaseUrl: config.gemini?.baseUrl,
  });
  const jobs = createJobQueue(db, config.jobs);
  const deps = { config, db, summarizer, jobs };
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
