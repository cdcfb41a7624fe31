import { Component, Suspense, lazy, useMemo, useState } from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
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

/**
 * Renders a page exposed by a remote inside the shell's own tree, so the store, the router
 * and the session reach it. Each retry builds a fresh lazy component that refetches the remote.
 */
export function RemotePage({ remote, module }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo<ComponentType>(
    () => lazy(() => loadRemotePage(remote, module)),
    // attempt is the retry counter: a new value must build a new lazy component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, module, attempt],
  );
  return (
    <RemoteBoundary key={attempt} onRetry={() => setAttempt((value) => value + 1)}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
