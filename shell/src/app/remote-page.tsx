import { Component, Suspense, lazy, useState } from 'react';
import type { ComponentType, ErrorInfo, LazyExoticComponent, ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Spinner } from 'common/ui/spinner';
import { loadRemotePage } from './remotes';
import type { RemoteName } from './remotes';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
}

/** Keeps a remote that failed to load inside the layout, with a way to try again. */
class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('A part of the portal failed to load', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="ui-page">
        <Alert variant="destructive">
          <AlertTitle>This part of Brevity could not be loaded</AlertTitle>
          <AlertDescription>
            Check your connection and try again. The rest of the portal keeps working.
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
 * One lazy component per remote module and load attempt: a retry gets a fresh one, which
 * refetches the remote, while re-renders keep the loaded page.
 */
function remotePageComponent(remote: RemoteName, module: string, attempt: number) {
  const key = `${remote}/${module}#${attempt}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => loadRemotePage(remote, module));
    pages.set(key, page);
  }
  return page;
}

/**
 * Renders a page exposed by a remote inside the shell's own tree, so the store, the router
 * and the session reach it, and keeps a failed load inside the layout with a Retry button.
 */
export function RemotePage({ remote, module }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const Page = remotePageComponent(remote, module, attempt);
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
