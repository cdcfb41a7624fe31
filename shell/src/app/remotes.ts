import type { ComponentType } from 'react';
import { getPortalConfig } from 'common/portal-config';
import { federation } from './federation';

/** The remotes the shell composes, with the modules each one exposes. */
export const remotes = {
  user: { federationName: 'remote_user' },
  admin: { federationName: 'remote_admin' },
  editor: { federationName: 'remote_editor' },
  reviewer: { federationName: 'remote_reviewer' },
} as const;

export type RemoteName = keyof typeof remotes;

const registered = new Set<RemoteName>();
/** Remotes whose last load failed: their cached entry must be dropped before the next try. */
const stale = new Set<RemoteName>();

/**
 * Registers a remote with the federation runtime the first time its route is opened.
 * Where it lives is decided at run time by the server's remote map, so a remote can be
 * redeployed without rebuilding the shell. `force` drops a failed entry so a retry refetches it.
 */
async function registerRemote(remote: RemoteName, force: boolean): Promise<void> {
  if (registered.has(remote) && !force) return;
  const { remotes: locations } = await getPortalConfig();
  const base = new URL(locations[remote], window.location.href);
  federation().registerRemotes(
    [{ name: remotes[remote].federationName, entry: new URL('remoteEntry.js', base).href }],
    { force },
  );
  registered.add(remote);
}

const ATTEMPTS = 3;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Loads `<remote>/<module>` and returns its default export, retrying a failed load twice
 * with a short backoff before the error reaches the boundary.
 */
export async function loadRemotePage(
  remote: RemoteName,
  module: string,
): Promise<{ default: ComponentType }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    try {
      await registerRemote(remote, attempt > 0 || stale.has(remote));
      const loaded = await federation().loadRemote<{ default: ComponentType }>(
        `${remotes[remote].federationName}/${module}`,
      );
      if (loaded?.default) {
        stale.delete(remote);
        return loaded;
      }
      lastError = new Error(`${remote}/${module} has no default export`);
    } catch (error) {
      lastError = error;
    }
    if (attempt < ATTEMPTS - 1) await wait(300 * 2 ** attempt);
  }
  stale.add(remote);
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
