import type { ComponentType } from 'react';
import { getPortalConfig } from 'common/portal-config';
import type { RemoteName } from 'common/remote-name';
import { federation, sharedModules } from './federation';
import {
  RemoteIncompatibleError,
  handOverManifest,
  parseRemoteManifest,
  unmetNeeds,
} from './remote-manifest';
import type { RemoteManifest } from './remote-manifest';
import { USER_REMOTE_PAGES, routeKey } from './prerendered-pages';

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
/** A manifest request the shell's document started before the bundles ran, used once. */
const early = new Map<RemoteName, Promise<{ url: string; text: string }>>();
/** Page loads started at start-up, before the page renders, each taken once by the page. */
const started = new Map<string, Promise<{ default: ComponentType }>>();
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

async function fetchManifest(url: string): Promise<string> {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** The text of the early manifest request for `url`, if one was started and succeeded. */
async function earlyManifest(remote: RemoteName, url: string): Promise<string | undefined> {
  const pending = early.get(remote);
  if (!pending) return undefined;
  early.delete(remote);
  const fetched = await pending.catch(() => undefined);
  return fetched?.url === url ? fetched.text : undefined;
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
      const text = (await earlyManifest(remote, url)) ?? (await fetchManifest(url));
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

/**
 * Starts loading the remote page a signed-in visit opens (the user remote's pages, the ones every
 * signed-in user may open) while the shell's layout is still rendering, so the remote's manifest,
 * entry and chunks are on their way sooner. `manifest` is the request the shell's document started
 * for the user remote's manifest, if any. The page takes the load with takeStartedLoad.
 */
export function startLoadingPage(
  pathname: string,
  manifest?: Promise<{ url: string; text: string }>,
): void {
  if (manifest) early.set('user', manifest);
  const module = USER_REMOTE_PAGES[routeKey(pathname)];
  if (!module) return;
  const key = `user/${module}`;
  if (started.has(key)) return;
  const loading = loadRemotePage('user', module);
  // The page handles a failure when it takes the load.
  loading.catch(() => undefined);
  started.set(key, loading);
}

/** The load startLoadingPage started for this page, once: a retry or a later visit loads afresh. */
export function takeStartedLoad(
  remote: RemoteName,
  module: string,
): Promise<{ default: ComponentType }> | undefined {
  const key = `${remote}/${module}`;
  const loading = started.get(key);
  started.delete(key);
  if (loading) justChecked.add(remote);
  return loading;
}

/** Remotes whose release a page's started load has just read; see releaseJustChecked. */
const justChecked = new Set<RemoteName>();

/**
 * True once after a page took a load started at start-up: that load has just read the remote's
 * manifest, so the page need not ask for it again to see whether a new release is out.
 */
export function releaseJustChecked(remote: RemoteName): boolean {
  return justChecked.delete(remote);
}
