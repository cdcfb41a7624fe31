import type { ComponentType } from 'react';
import { getPortalConfig } from 'common/portal-config';
import type { RemoteName } from 'common/portal-config';
import { federation, sharedModules } from './federation';
import {
  RemoteIncompatibleError,
  handOverManifest,
  parseRemoteManifest,
  unmetNeeds,
} from './remote-manifest';
import type { RemoteManifest } from './remote-manifest';

/** The remotes the shell composes, with the modules each one exposes. */
export const remotes = {
  user: { federationName: 'remote_user' },
  admin: { federationName: 'remote_admin' },
  editor: { federationName: 'remote_editor' },
  reviewer: { federationName: 'remote_reviewer' },
} as const;

/** The release (manifest buildVersion) each remote is registered with. */
const registered = new Map<RemoteName, string>();
/** Remotes whose last load failed: their cached entry must be dropped before the next try. */
const stale = new Set<RemoteName>();
/** One manifest request at a time per remote: concurrent readers share it. */
const reading = new Map<RemoteName, Promise<FetchedManifest>>();

/** A manifest as fetched: what it says, where it is, and its text. */
type FetchedManifest = RemoteManifest & { url: string; text: string };

/** The versions the shell lends, by shared-module name. */
function lentVersions(): Map<string, string> {
  const lent = new Map<string, string>();
  for (const [name, entry] of Object.entries(sharedModules())) {
    const single = Array.isArray(entry) ? entry[0] : entry;
    if (single?.version) lent.set(name, single.version);
  }
  return lent;
}

/**
 * The remote's current `mf-manifest.json`, revalidated with its server on every call (deployments
 * replace it in place and serve it with `no-cache`, so this is usually a 304).
 */
function readManifest(remote: RemoteName): Promise<FetchedManifest> {
  let pending = reading.get(remote);
  if (!pending) {
    pending = (async () => {
      const { remotes: locations } = await getPortalConfig();
      const base = new URL(locations[remote], window.location.href);
      const url = new URL('mf-manifest.json', base).href;
      const response = await fetch(url, { cache: 'no-cache', credentials: 'omit' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const text = await response.text();
      const body: unknown = JSON.parse(text);
      return { ...parseRemoteManifest(body, remotes[remote].federationName), url, text };
    })().finally(() => reading.delete(remote));
    reading.set(remote, pending);
  }
  return pending;
}

/** The release the remote is registered with in this tab, if it has been loaded. */
export function registeredRelease(remote: RemoteName): string | undefined {
  return registered.get(remote);
}

/** The release the remote's deployment serves now. */
export async function deployedRelease(remote: RemoteName): Promise<string> {
  return (await readManifest(remote)).buildVersion;
}

/**
 * Registers the remote's deployed release with the federation runtime, from its manifest, the
 * first time its route is opened and again whenever the deployment has a new release. Where it
 * lives is decided at run time by the server's remote map, so a remote is redeployed without
 * rebuilding the shell. A release that needs shared modules the shell cannot lend is refused
 * before any of its code is fetched. `force` drops a failed entry so a retry refetches it.
 */
async function registerRemote(remote: RemoteName, force: boolean): Promise<void> {
  const manifest = await readManifest(remote);
  const unmet = unmetNeeds(manifest, lentVersions());
  if (unmet.length > 0) throw new RemoteIncompatibleError(remote, manifest.buildVersion, unmet);
  const current = registered.get(remote);
  if (current === manifest.buildVersion && !force) return;
  handOverManifest(manifest.url, manifest.text);
  federation().registerRemotes([{ name: remotes[remote].federationName, entry: manifest.url }], {
    force: force || current !== undefined,
  });
  registered.set(remote, manifest.buildVersion);
}

const ATTEMPTS = 3;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Loads `<remote>/<module>` from the remote's deployed release and returns its default export,
 * retrying a failed load twice with a short backoff before the error reaches the boundary. An
 * incompatible release is not retried: it stays incompatible until its team deploys another.
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
      if (error instanceof RemoteIncompatibleError) break;
    }
    if (attempt < ATTEMPTS - 1) await wait(300 * 2 ** attempt);
  }
  stale.add(remote);
  if (lastError instanceof RemoteIncompatibleError) console.warn(lastError.message);
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
