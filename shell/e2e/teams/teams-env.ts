import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the "teams ship alone" journeys run: the API (serving the shell and the editor remote,
 * as `pnpm start` does) on E2E_PORT + 1, and three remotes each on a static server of its own,
 * i.e. another origin: admin on + 2, reviewer on + 3, user on + 4. All on 127.0.0.1.
 */
const basePort = Number(process.env.E2E_PORT ?? 4173);

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const apiPort = basePort + 1;
export const apiOrigin = `http://127.0.0.1:${apiPort}`;

export const cdnRemotes = {
  admin: { port: basePort + 2, app: 'remote-admin', staff: true },
  reviewer: { port: basePort + 3, app: 'remote-reviewer', staff: true },
  user: { port: basePort + 4, app: 'remote-user', staff: false },
} as const;

export type CdnRemote = keyof typeof cdnRemotes;

export function cdnOrigin(remote: CdnRemote): string {
  return `http://127.0.0.1:${cdnRemotes[remote].port}`;
}

/** The two releases of remote-user the release journey deploys, by their build version. */
export const userReleases = ['1.0.0-e2e.1', '1.0.0-e2e.2'] as const;

/** Scratch space of this port's run: the builds, and each remote's "CDN" folder. */
export const workDir = path.join(tmpdir(), `brevity-teams-${basePort}`);

/** The folder a build goes to: `admin`, `reviewer`, `user-1.0.0-e2e.1`, ... */
export function buildDir(name: string): string {
  return path.join(workDir, 'builds', name);
}

export function cdnDir(remote: CdnRemote): string {
  return path.join(workDir, 'cdn', remote);
}

/**
 * Deploys a remote's build to its CDN folder as the README says: the content-hashed files first,
 * then `remoteEntry.js` and `mf-manifest.json` (which shells read to find the rest), and files of
 * earlier releases are left in place for tabs that still run them. A staff remote's source maps
 * are not uploaded; the build-time `.br`/`.gz` siblings neither (this CDN sends the files as they
 * are).
 */
export function deploy(remote: CdnRemote, from: string): void {
  const target = cdnDir(remote);
  mkdirSync(target, { recursive: true });
  const files = readdirSync(from).filter(
    (name) => !/\.(br|gz)$/.test(name) && !(cdnRemotes[remote].staff && name.endsWith('.map')),
  );
  const entries = new Set(['remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']);
  for (const name of files.filter((file) => !entries.has(file))) {
    copyFileSync(path.join(from, name), path.join(target, name));
  }
  for (const name of files.filter((file) => entries.has(file))) {
    copyFileSync(path.join(from, name), path.join(target, name));
  }
}
