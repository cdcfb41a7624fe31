import { useEffect, useEffectEvent, useId } from 'react';
import type { ReactNode } from 'react';
import type { LoadStatus } from 'common/load-status';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { RefreshIcon } from 'common/ui/icons';
import { Skeleton } from 'common/ui/skeleton';
import './list-panel.css';

export interface ListPanelProps {
  /** The panel's heading (an h2). */
  title: string;
  description?: ReactNode;
  status: LoadStatus;
  /** The last load's failure, shown in a red alert while the status is failed. */
  error: string | null;
  /** True when there is nothing to list: skeletons on the first load, then the empty state. */
  isEmpty: boolean;
  /** What an empty, loaded list shows. */
  empty: ReactNode;
  /** Loads the list: when the panel is shown and it was never asked for, and on Refresh. */
  onLoad: () => void;
  /**
   * False when the list loads itself (a paged list follows its URL): the panel then only calls
   * onLoad on Refresh.
   */
  loadOnShow?: boolean;
  /** Above the list: a search box and filters. */
  controls?: ReactNode;
  /** How many placeholder rows show during the first load. */
  skeletonRows?: number;
  children: ReactNode;
}

/**
 * A staff tab's list with its heading and Refresh button: skeletons on the first load, a red
 * alert when loading failed, the empty state when there is nothing to show. Once the first load
 * is over the children stay mounted, even empty (they render nothing then), so a dialog they
 * hold, such as "Deleted!" after the last item went, survives. Busy while loading.
 */
export function ListPanel({
  title,
  description,
  status,
  error,
  isEmpty,
  empty,
  onLoad,
  loadOnShow = true,
  controls,
  skeletonRows = 3,
  children,
}: ListPanelProps) {
  const headingId = `panel${useId()}`;
  const load = useEffectEvent(onLoad);
  // A tab's list loads the first time the tab is shown.
  useEffect(() => {
    if (loadOnShow && status === 'idle') load();
  }, [status, loadOnShow]);
  const loading = status === 'loading';
  const firstLoad = isEmpty && (loading || status === 'idle');
  return (
    <section aria-labelledby={headingId} aria-busy={loading} className="ui-list-panel">
      <div className="ui-list-panel__header">
        <div>
          <h2 id={headingId} className="ui-list-panel__title">
            {title}
          </h2>
          {description ? <p className="ui-list-panel__description">{description}</p> : null}
        </div>
        <Button variant="outline" size="sm" loading={loading} onClick={onLoad}>
          {loading ? null : <RefreshIcon />}
          Refresh
        </Button>
      </div>
      {controls}
      {status === 'failed' ? <ErrorAlert message={error} /> : null}
      {firstLoad ? (
        <div className="ui-list-panel__skeletons">
          {Array.from({ length: skeletonRows }, (_, index) => (
            <Skeleton key={index} className="ui-list-panel__skeleton" />
          ))}
        </div>
      ) : (
        <>
          {isEmpty && status !== 'failed' ? empty : null}
          {children}
        </>
      )}
    </section>
  );
}
