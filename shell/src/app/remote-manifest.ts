import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { satisfy } from '@module-federation/runtime-core';

/** What the shell reads of a remote's `mf-manifest.json` (written by the remote's build). */
export interface RemoteManifest {
  /** The container's global name, e.g. `remote_user`. */
  name: string;
  /** The release (`metaData.buildInfo.buildVersion`): a new one means a new deployment. */
  buildVersion: string;
  /** The shared modules the remote was built to consume, with the versions it accepts. */
  shared: { name: string; version?: string; requiredVersion?: string }[];
}

/** A remote whose manifest asks for shared modules the shell cannot lend. */
export class RemoteIncompatibleError extends Error {
  override name = 'RemoteIncompatibleError';

  constructor(
    readonly remote: string,
    readonly buildVersion: string,
    /** Each refused need, e.g. `react ^18.3.1 (the portal has 19.3.1)`. */
    readonly needs: readonly string[],
  ) {
    super(`${remote} ${buildVersion} needs ${needs.join(', ')}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Reads the parts of a manifest the shell relies on, or throws naming what is missing: a
 * manifest comes over the network from another team's deployment.
 */
export function parseRemoteManifest(body: unknown, expectedName: string): RemoteManifest {
  if (!isRecord(body) || !isRecord(body.metaData) || !Array.isArray(body.shared)) {
    throw new Error(`The manifest of ${expectedName} is not a Module Federation manifest`);
  }
  const buildInfo = body.metaData.buildInfo;
  const name = body.metaData.name ?? body.name;
  if (name !== expectedName) {
    throw new Error(`The manifest of ${expectedName} names ${String(name)}`);
  }
  if (!isRecord(buildInfo) || typeof buildInfo.buildVersion !== 'string') {
    throw new Error(`The manifest of ${expectedName} has no buildVersion`);
  }
  const shared = body.shared.flatMap((entry) => {
    if (!isRecord(entry) || typeof entry.name !== 'string') return [];
    return [
      {
        name: entry.name,
        version: optionalString(entry.version),
        requiredVersion: optionalString(entry.requiredVersion),
      },
    ];
  });
  return { name, buildVersion: buildInfo.buildVersion, shared };
}

/**
 * The remote's shared-module needs the shell cannot meet: each module the shell lends (by name,
 * with the version it lends) whose version is outside the range the remote was built for. A
 * module the shell does not lend is the remote's own business.
 */
export function unmetNeeds(manifest: RemoteManifest, lent: ReadonlyMap<string, string>): string[] {
  const unmet: string[] = [];
  for (const { name, requiredVersion } of manifest.shared) {
    const version = lent.get(name);
    if (version === undefined || requiredVersion === undefined) continue;
    if (!satisfy(version, requiredVersion)) {
      unmet.push(`${name} ${requiredVersion} (the portal has ${version})`);
    }
  }
  return unmet;
}

/** Manifests the shell has checked and is registering, by URL, until the runtime asks for them. */
const checkedManifests = new Map<string, string>();

/** Hands the runtime this manifest (the text the shell checked) the next time it asks for `url`. */
export function handOverManifest(url: string, text: string): void {
  checkedManifests.set(url, text);
}

/**
 * Gives the federation runtime the very manifest the shell checked instead of letting it fetch
 * the URL again: one request fewer, and no deployment can slip another manifest in between the
 * check and the load.
 */
export function checkedManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'brevity-checked-manifests',
    fetch(url) {
      const text = checkedManifests.get(url);
      if (text === undefined) return undefined;
      checkedManifests.delete(url);
      return Promise.resolve(
        new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    },
  };
}
