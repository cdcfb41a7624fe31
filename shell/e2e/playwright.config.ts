import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from 'common/build/chromium.mjs';
import { WEB_PAGE_HOST } from './support/web-page-server';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: path.join(repoRoot, 'test-results'),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium where it is installed (see common/build/chromium.mjs); elsewhere
      // Playwright's own browser, for a developer whose machine can download it.
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The production build, served by the API exactly as `pnpm start` serves it, on a
    // fresh embedded database of its own.
    command: 'node --enable-source-maps api/dist/server.js',
    cwd: repoRoot,
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brevity-e2e-')),
      AUTH_RATE_LIMIT_REGISTER: '1000',
      AUTH_RATE_LIMIT_LOGIN: '1000',
      // The specs share the demo accounts, whose summaries would meet the fair-use limits.
      SUMMARIZER_RATE_LIMIT: '1000',
      SUMMARIZER_CONCURRENCY: '1000',
      // The one internal address the server may fetch: the page any-source.spec.ts serves.
      FETCH_ALLOWED_HOSTS: WEB_PAGE_HOST,
    },
  },
});
