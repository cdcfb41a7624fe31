// Where the tests, the dev-harness smoke test and Lighthouse find a Chromium to drive.
//
// CHROMIUM_PATH (or CHROME_PATH) wins. Otherwise Debian's `chromium-headless-shell` is preferred
// to its full `chromium`: run headless, the full browser still starts its omnibox WebUI
// renderer, which kept 20-30 % of a core busy on a 2-core machine and slowed every page load it
// measured (Lighthouse on `/`: TBT 558 ms with `chromium`, 291 ms with the headless shell, same
// build). Where neither is installed it returns undefined, and Playwright uses its own browser.
import { execFileSync } from 'node:child_process';

const CANDIDATES = ['chromium-headless-shell', 'chromium'];

function onPath(command) {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

export function findChromium() {
  const configured = process.env.CHROMIUM_PATH || process.env.CHROME_PATH;
  if (configured) return configured;
  for (const command of CANDIDATES) {
    const found = onPath(command);
    if (found) return found;
  }
  return undefined;
}
