import { Component, Suspense, lazy, useEffect, useState } from 'react';
import type { ComponentType, ErrorInfo, LazyExoticComponent, ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Spinner } from 'common/ui/spinner';
import { RemoteIncompatibleError } from './remote-manifest';
import {
  deployedRelease,
  loadRemotePage,
  registeredRelease,
  releaseJustChecked,
  takeStartedLoad,
} from './remotes';
import type { RemoteName } from 'common/remote-name';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** The remote's deployed release needs shared modules the portal cannot lend. */
  incompatible: boolean;
}

/** Keeps a remote that failed to load inside the layout, with a way to try again. */
class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, incompatible: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, incompatible: error instanceof RemoteIncompatibleError };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('A part of the portal failed to load', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ failed: false, incompatible: false });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="ui-page">
        <Alert variant="destructive">
          <AlertTitle>This part of Brevity could not be loaded</AlertTitle>
          <AlertDescription>
            {this.state.incompatible
              ? 'This part was built for another version of the portal. Try again in a moment. The rest of the portal keeps working.'
              : 'Check your connection and try again. The rest of the portal keeps working.'}
          </AlertDescription>
        </Alert>
        <div style={{ marginTop: '1rem' }}>
          <Button onClick={this.retry}>Retry</Button>
        </div>
      </div>
    );
  }
}

function PageSpinner() {
  return (
    <div className="ui-page-loading">
      <Spinner label="Loading page" />
    </div>
  );
}

interface RemotePageProps {
  remote: RemoteName;
  module: string;
}

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per remote module, release and load attempt: a retry or a new release gets
 * a fresh one, which loads the remote's deployed release, while re-renders keep the loaded page.
 */
function remotePageComponent(
  remote: RemoteName,
  module: string,
  release: string | undefined,
  attempt: number,
) {
  const key = `${remote}/${module}@${release ?? ''}#${attempt}`;
  let page = pages.get(key);
  if (!page) {
    const loading: LazyExoticComponent<ComponentType> = lazy(async () => {
      // The first visit may find its load already started at start-up (index.ts).
      const loaded = await (takeStartedLoad(remote, module) ?? loadRemotePage(remote, module));
      // The next visit, which knows the release, finds the loaded page under it.
      pages.set(`${remote}/${module}@${registeredRelease(remote) ?? ''}#${attempt}`, loading);
      return loaded;
    });
    page = loading;
    pages.set(key, page);
  }
  return page;
}

/**
 * Renders a page exposed by a remote inside the shell's own tree, so the store, the router
 * and the session reach it, and keeps a failed load inside the layout with a Retry button.
 * Each navigation to the page asks the remote's deployment for its release (its manifest, a
 * cheap revalidation): a page of the release this tab already runs shows at once, and when the
 * team has deployed a new release since, the page is loaded again from it, without reloading the
 * shell (docs/decisions/0014).
 */
export function RemotePage({ remote, module }: RemotePageProps) {
  // The routes render this at one place of the tree: a key per page makes each navigation to
  // another page a mount of its own (its release check, its attempts).
  return <RemotePageOf key={`${remote}/${module}`} remote={remote} module={module} />;
}

function RemotePageOf({ remote, module }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const [release, setRelease] = useState(() => registeredRelease(remote));
  useEffect(() => {
    if (releaseJustChecked(remote)) return;
    let current = true;
    deployedRelease(remote).then(
      (deployed) => {
        // Before the first load the loader registers the deployed release itself.
        const shown = release ?? registeredRelease(remote);
        if (current && shown !== undefined && deployed !== shown) setRelease(deployed);
      },
      () => {
        // Unreachable for now: the page keeps the release it has.
      },
    );
    return () => {
      current = false;
    };
    // Once per mount: a new release found here changes `release`, which must not check again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote]);
  const Page = remotePageComponent(remote, module, release, attempt);
  return (
    <RemoteBoundary key={attempt} onRetry={() => setAttempt((value) => value + 1)}>
      <Suspense fallback={<PageSpinner />}>
        {/* Page comes from a module-level cache, so its identity is stable across renders. */}
        {/* eslint-disable-next-line react-hooks/static-components */}
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
