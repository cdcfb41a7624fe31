import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';
import { apiOrigin, apiPort, cdnOrigin, repoRoot } from './teams/teams-env';

/**
 * The "teams ship alone" journeys (issue 15): remotes built alone, served from origins of their
 * own, redeployed under a running shell. One worker: the journeys deploy to shared CDN folders.
 */
const remoteOrigins = [cdnOrigin('admin'), cdnOrigin('reviewer'), cdnOrigin('user')];

export default defineConfig({
  ...base,
  testDir: './teams',
  testMatch: '**/*.journey.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  globalSetup: './teams/global-setup.ts',
  use: { ...base.use, baseURL: apiOrigin },
  projects: [{ name: 'teams', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The production API serving the shell (and the editor remote) as `pnpm start` does, told
    // where the other remotes live.
    command: 'node --enable-source-maps api/dist/server.js',
    cwd: repoRoot,
    url: `${apiOrigin}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brevity-teams-api-')),
      AUTH_RATE_LIMIT_REGISTER: '1000',
      AUTH_RATE_LIMIT_LOGIN: '1000',
      // The specs share the demo accounts, whose summaries would meet the fair-use limits.
      SUMMARIZER_RATE_LIMIT: '1000',
      SUMMARIZER_CONCURRENCY: '1000',
      REMOTE_ADMIN_URL: `${cdnOrigin('admin')}/`,
      REMOTE_REVIEWER_URL: `${cdnOrigin('reviewer')}/`,
      REMOTE_USER_URL: `${cdnOrigin('user')}/`,
      CORS_ORIGINS: remoteOrigins.join(','),
    },
  },
});

export { remoteOrigins };
