// First, so every page orders the summary's shared styles before its components' own.
import '../../components/summary.css';
import { Suspense, lazy, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useServerChanges } from 'common/live-updates';
import { SummarySearch } from 'common/components/list-controls';
import { pageFromSearch } from 'common/list-params';
import { useSearchParams } from 'common/router';
import { useAppDispatch, useAppSelector } from 'common/store';
import { Alert, AlertDescription } from 'common/ui/alert';
import { Button, ButtonLink } from 'common/ui/button';
import { Card, CardContent } from 'common/ui/card';
import { ConfirmDialog } from 'common/ui/confirm-dialog';
import { HistoryIcon, SparklesIcon, RefreshIcon, SearchIcon, XIcon } from 'common/ui/icons';
import { Page } from 'common/ui/page-header';
import { Pager } from 'common/ui/pager';
import { Skeleton } from 'common/ui/skeleton';
import { showToast } from 'common/ui/toast';
import { setCredits } from 'common/session';
import { deleteSummary, fetchSummaries, selectHistoryState } from './history-slice';
import { HISTORY_PAGE_SIZE, formatCount } from '../../lib/summaries/summary';
import type { Summary } from '../../lib/summaries/summary';
import { HistorySummaryCard } from './history-summary-card';
import { OpenedSummary } from './opened-summary';
import { CollectionBar } from './collection-bar';
import { SelectSummary, useSummarySelection } from './summary-selection';
import type { CombinedSummary } from '../../lib/summaries/collections-api';
import './history-page.css';
import './collections.css';

// Combine's dialog and Compare's panel load when they are about to be used (the bar's buttons
// hovered, focused or pressed), not with the list.
const loadCombineDialog = () => import('./combine-dialog');
const loadComparePanel = () => import('./compare-panel');
const CombineDialog = lazy(() =>
  loadCombineDialog().then((module) => ({ default: module.CombineDialog })),
);
const ComparePanel = lazy(() =>
  loadComparePanel().then((module) => ({ default: module.ComparePanel })),
);
function prepareCollectionViews(): void {
  void loadCombineDialog();
  void loadComparePanel();
}

/** SPEC.md §8: the history's delete failure. */
export const DELETE_FAILED_MESSAGE = 'Failed to delete the summary. Please try again.';

function HistorySkeleton() {
  return (
    <div className="ui-summary-list" aria-busy="true">
      <span role="status" className="ui-sr-only">
        Loading your summaries
      </span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="ru-history-card" aria-hidden="true">
          <div className="ru-history-card__top">
            <Skeleton style={{ width: '6.5rem', height: '1.375rem', borderRadius: '999px' }} />
            <Skeleton style={{ width: '4.5rem' }} />
          </div>
          <Skeleton style={{ width: '100%' }} />
          <Skeleton style={{ width: '85%' }} />
          <Skeleton style={{ width: '12rem' }} />
        </div>
      ))}
    </div>
  );
}

function EmptyHistory() {
  return (
    <Card className="ru-history-empty">
      <CardContent className="ru-history-empty__content">
        <HistoryIcon size={36} className="ru-history-empty__icon" />
        <h2 className="ru-history-empty__title">No summaries yet</h2>
        <p className="ui-muted">Your summaries will appear here once you create one.</p>
        <ButtonLink to="/summarize">
          <SparklesIcon />
          Create Summary
        </ButtonLink>
      </CardContent>
    </Card>
  );
}

function NoMatches({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <Card className="ru-history-empty">
      <CardContent className="ru-history-empty__content">
        <SearchIcon size={36} className="ru-history-empty__icon" />
        <h2 className="ru-history-empty__title">No summaries match “{query}”</h2>
        <p className="ui-muted">Try other words, or clear the search to see every summary.</p>
        <Button variant="outline" onClick={onClear}>
          <XIcon />
          Clear search
        </Button>
      </CardContent>
    </Card>
  );
}

/** How many cards the first render of the list draws, at once; the rest follow in a transition. */
const CARDS_AT_ONCE = 3;

/**
 * The list's items, drawn in two steps on the list's first showing: a page of cards arrives
 * through the store, which React renders in one task, and ten cards in one task kept a phone's
 * main thread busy for long (Lighthouse's Total Blocking Time). The first few cards show at once;
 * the rest follow in a transition, which React renders in slices of a few milliseconds with the
 * main thread free between them, and commits once. Later lists (another page, a search) draw whole.
 */
function ProgressiveItems({ children }: { children: ReactNode[] }) {
  const [shown, setShown] = useState(CARDS_AT_ONCE);
  const total = children.length;
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown(total)));
    return () => clearTimeout(timer);
  }, [shown, total]);
  return <>{shown >= total ? children : children.slice(0, shown)}</>;
}

/** The URL's search parameters for a page, a search and an opened summary. */
function historyParams(page: number, q: string, opened = ''): Record<string, string> {
  return {
    ...(opened ? { summary: opened } : {}),
    ...(q ? { q } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  };
}

/**
 * /history: the person's own summaries, 10 a page, filtered by the search box; the page and
 * the search are kept in the URL (?page=N&q=words). A link to one summary (?summary=<id>, from
 * the credit history or a notification) shows it expanded above the list.
 */
export function HistoryPage() {
  const dispatch = useAppDispatch();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const q = (searchParams.get('q') ?? '').trim();
  const opened = (searchParams.get('summary') ?? '').trim();
  const { summaries, pagination, listStatus, listError } = useAppSelector(selectHistoryState);
  const [reloads, setReloads] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<Summary | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // A notification (a review) or the tab coming back loads the list again: review states move.
  const serverChanges = useServerChanges();
  // Summaries chosen to combine or compare (issue 29), kept across pages and searches.
  const selection = useSummarySelection();
  const [combining, setCombining] = useState(false);
  const [comparing, setComparing] = useState<Summary[] | null>(null);

  const combined = (created: CombinedSummary) => {
    setCombining(false);
    dispatch(setCredits(created.updatedCredits));
    selection.clear();
    showToast('Your combined summary is ready: it is shown above the list.', {
      variant: 'success',
      title: 'Combined!',
    });
    // The new summary, expanded above the list; the list's first page holds it too.
    setSearchParams(historyParams(1, '', created.summary.id));
    setReloads((count) => count + 1);
    window.scrollTo?.({ top: 0 });
  };

  useEffect(() => {
    const request = dispatch(fetchSummaries({ page, limit: HISTORY_PAGE_SIZE, q }));
    return () => request.abort();
  }, [dispatch, page, q, reloads, serverChanges]);

  // The search box asks once typing pauses (common's ListSearch); a new search starts at page 1.
  const search = useCallback(
    (wanted: string) => setSearchParams(historyParams(1, wanted, opened), { replace: true }),
    [opened, setSearchParams],
  );
  const clearSearch = () => search('');

  const goToPage = (next: number, replace = false) => {
    setSearchParams(historyParams(next, q, opened), { replace });
  };

  const closeOpened = () => {
    setSearchParams(historyParams(page, q), { replace: true });
    heading.current?.focus();
  };

  // A page past the end (an old link, the last summary of a page deleted elsewhere) shows the
  // last page that exists instead of an empty list.
  const totalPages = pagination?.totalPages ?? 0;
  const loaded = listStatus === 'succeeded' && pagination !== null;
  useEffect(() => {
    if (loaded && page > 1 && page > totalPages) {
      setSearchParams(historyParams(totalPages, q, opened), { replace: true });
    }
  }, [loaded, page, totalPages, q, opened, setSearchParams]);

  const confirmDelete = async () => {
    const target = pendingDelete;
    if (!target) return;
    setDeleteFailed(false);
    setDeletingId(target.id);
    const result = await dispatch(deleteSummary(target.id));
    setDeletingId(null);
    if (deleteSummary.rejected.match(result)) {
      setDeleteFailed(true);
      return;
    }
    showToast('The summary was deleted.', { variant: 'success', title: 'Deleted!' });
    if (selection.isSelected(target.id)) selection.toggle(target);
    // The deleted card's buttons are gone: focus goes back to the top of the list.
    heading.current?.focus();
    if (target.id === opened) {
      setSearchParams(historyParams(page, q), { replace: true });
    }
    const remaining = summaries.filter((summary) => summary.id !== target.id).length;
    if (remaining === 0 && page > 1) goToPage(page - 1, true);
    // Refetch so the page is full again and the page count is right.
    else setReloads((count) => count + 1);
  };

  const firstLoad = pagination === null && listStatus !== 'failed';
  const refreshing = listStatus === 'loading' && pagination !== null;
  const total = pagination?.totalSummaries ?? 0;
  const shownPage = Math.min(page, Math.max(totalPages, 1));

  return (
    <Page
      id="history-heading"
      title="Your Summaries"
      description="Every summary you have made, newest first. Expand one to read it in full."
      headingRef={heading}
      className="ru-history"
      actions={
        <ButtonLink to="/summarize" variant="outline">
          <SparklesIcon />
          Create Summary
        </ButtonLink>
      }
    >
      {deleteFailed ? (
        <Alert variant="destructive" className="ru-history-alert">
          <AlertDescription>
            <strong>Error!</strong> {DELETE_FAILED_MESSAGE}
          </AlertDescription>
          <Button
            variant="ghost"
            size="icon"
            className="ru-history-alert__close"
            aria-label="Dismiss"
            onClick={() => setDeleteFailed(false)}
          >
            <XIcon />
          </Button>
        </Alert>
      ) : null}

      {listStatus === 'failed' ? (
        <Alert variant="destructive" className="ru-history-alert">
          <AlertDescription>{listError}</AlertDescription>
          <Button variant="outline" size="sm" onClick={() => setReloads((count) => count + 1)}>
            <RefreshIcon />
            Try again
          </Button>
        </Alert>
      ) : null}

      {opened ? (
        <OpenedSummary
          id={opened}
          reloads={reloads}
          deletingId={deletingId}
          onDelete={setPendingDelete}
          onClose={closeOpened}
        />
      ) : null}

      {comparing ? (
        <Suspense fallback={null}>
          <ComparePanel summaries={comparing} onClose={() => setComparing(null)} />
        </Suspense>
      ) : null}

      <div className="ru-history-search">
        <SummarySearch label="Search summaries" value={q} onSearch={search} />
      </div>

      {summaries.length > 0 || selection.selected.length > 0 ? (
        <CollectionBar
          count={selection.selected.length}
          onCombine={() => setCombining(true)}
          onCompare={() => {
            setComparing(selection.selected);
            window.scrollTo?.({ top: 0 });
          }}
          onClear={selection.clear}
          onPrepare={prepareCollectionViews}
        />
      ) : null}

      {firstLoad ? (
        <HistorySkeleton />
      ) : pagination && total === 0 && summaries.length === 0 ? (
        q ? (
          <NoMatches query={q} onClear={clearSearch} />
        ) : (
          <EmptyHistory />
        )
      ) : summaries.length > 0 ? (
        <>
          <ol
            className={refreshing ? 'ui-summary-list ru-dimmed' : 'ui-summary-list'}
            aria-busy={refreshing || undefined}
            aria-label={`Summaries, page ${shownPage}`}
          >
            <ProgressiveItems>
              {summaries.map((summary) => (
                <li key={summary.id}>
                  <HistorySummaryCard
                    summary={summary}
                    deleting={deletingId === summary.id}
                    onDelete={setPendingDelete}
                    selection={<SelectSummary summary={summary} selection={selection} />}
                  />
                </li>
              ))}
            </ProgressiveItems>
          </ol>
          <footer className="ru-history-footer">
            <p className="ru-history-footer__status" aria-live="polite">
              Showing page {shownPage} of {Math.max(totalPages, 1)}
              <span className="ru-history-footer__total">
                {' '}
                · {formatCount(total)} {total === 1 ? 'summary' : 'summaries'}{' '}
                {q ? `matching “${q}”` : 'in total'}
              </span>
            </p>
            <Pager
              page={shownPage}
              totalPages={totalPages}
              onPageChange={(next) => goToPage(next)}
              label="History pages"
              disabled={listStatus === 'loading'}
            />
          </footer>
        </>
      ) : null}

      {combining ? (
        <Suspense fallback={null}>
          <CombineDialog
            open
            summaries={selection.selected}
            onClose={() => setCombining(false)}
            onCombined={combined}
          />
        </Suspense>
      ) : null}

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this summary?"
        onConfirm={() => void confirmDelete()}
      />
    </Page>
  );
}
