import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startCdnServer } from '../support/cdn-server';
import type { CdnServer } from '../support/cdn-server';
import {
  apiOrigin,
  buildDir,
  cdnDir,
  cdnRemotes,
  deploy,
  repoRoot,
  userReleases,
  workDir,
} from './teams-env';
import type { CdnRemote } from './teams-env';

interface Build {
  name: string;
  app: string;
  release?: string;
}

/** One remote's production build, alone, as its team's pipeline would run it. */
function build({ name, app, release }: Build): Promise<void> {
  const out = buildDir(name);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['exec', 'webpack', '--mode', 'production'], {
      cwd: path.join(repoRoot, app),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        API_URL: apiOrigin,
        OUTPUT_DIR: out,
        ...(release ? { MF_BUILD_VERSION: release } : {}),
      },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) {
        console.info(`[teams] built ${app} ${release ?? ''} in ${Date.now() - started} ms`);
        resolve();
      } else reject(new Error(`${app} build failed (${code}):\n${errors}`));
    });
  });
}

/**
 * Builds remote-admin, remote-reviewer and two releases of remote-user into a scratch folder
 * (the apps' own dist/ folders are not touched), deploys admin, reviewer and the first user
 * release to their CDN folders and serves each from a static server on its own port. Set
 * E2E_TEAMS_REUSE_BUILDS=1 to keep the builds of an earlier run on this port.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const builds: Build[] = [
    { name: 'admin', app: 'remote-admin' },
    { name: 'reviewer', app: 'remote-reviewer' },
    ...userReleases.map((release) => ({ name: `user-${release}`, app: 'remote-user', release })),
  ];
  const reuse = process.env.E2E_TEAMS_REUSE_BUILDS === '1';
  if (!reuse) rmSync(workDir, { recursive: true, force: true });
  rmSync(path.join(workDir, 'cdn'), { recursive: true, force: true });
  const missing = builds.filter(
    (one) => !existsSync(path.join(buildDir(one.name), 'mf-manifest.json')),
  );
  // Two at a time: the machines this runs on have few cores.
  for (let index = 0; index < missing.length; index += 2) {
    await Promise.all(missing.slice(index, index + 2).map(build));
  }
  deploy('admin', buildDir('admin'));
  deploy('reviewer', buildDir('reviewer'));
  deploy('user', buildDir(`user-${userReleases[0]}`));

  const servers: CdnServer[] = [];
  for (const remote of Object.keys(cdnRemotes) as CdnRemote[]) {
    servers.push(await startCdnServer(cdnDir(remote), cdnRemotes[remote].port));
  }
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
}
