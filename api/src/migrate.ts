import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateDown, migrateToLatest } from './db/migrator';
import { createLogger } from './lib/logger';

/*
 * `pnpm --filter api migrate` applies every pending migration;
 * `pnpm --filter api migrate down` reverts the latest one.
 */

async function main(): Promise<void> {
  const direction = process.argv[2] ?? 'latest';
  if (direction !== 'latest' && direction !== 'down') {
    console.error('Usage: migrate [latest|down]');
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const db = await createDatabase(
    config,
    createLogger({ level: 'warn', format: config.logFormat }),
  );
  try {
    if (direction === 'down') await migrateDown(db, { log: console.info });
    else await migrateToLatest(db, { log: console.info });
    console.info('Migrations are up to date');
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
