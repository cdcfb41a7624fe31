import type { ComponentType } from 'react';

/**
 * The release this build of the remote is (the manifest's buildVersion, set by the build:
 * `MF_BUILD_VERSION`, or the version and a hash of the sources).
 */
export const RELEASE = process.env.BREVITY_RELEASE ?? '';

/**
 * A page as the shell receives it: the page itself and a hidden marker naming the remote's release,
 * so a deployment (and the browser tests of one) can see which release a tab is running.
 */
export function withRelease(Page: ComponentType): ComponentType {
  function PageOfRelease() {
    return (
      <>
        <Page />
        <div hidden data-remote="user" data-release={RELEASE} />
      </>
    );
  }
  PageOfRelease.displayName = `WithRelease(${Page.displayName ?? Page.name})`;
  return PageOfRelease;
}
