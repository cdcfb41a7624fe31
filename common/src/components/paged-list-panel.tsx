import { ListPages } from 'common/components/list-controls';
import { ListPanel } from 'common/components/list-panel';
import type { ListPanelProps } from 'common/components/list-panel';
import type { PagedView } from 'common/list-params';
import type { LoadStatus } from 'common/load-status';
import type { ListPagination } from 'common/staff-summaries-api';

export interface PagedListPanelProps extends Omit<ListPanelProps, 'isEmpty' | 'loadOnShow'> {
  /** How many items the page shows; none shows the empty state and no pager. */
  count: number;
  /** The server's count of pages and items, once loaded. */
  pagination: ListPagination | null;
  /** The page and search in the URL, and how to show another page. */
  view: PagedView;
  /** What is counted, singular and plural, e.g. ['user', 'users']. */
  noun: readonly [string, string];
  /** Names the pager's navigation landmark, e.g. "Users pages". */
  pagesLabel: string;
}

/**
 * A staff tab's list that follows its URL a page at a time (usePagedListLoader loads it): the
 * ListPanel with "Showing page X of Y" and the pager under the items.
 */
export function PagedListPanel({
  count,
  pagination,
  view,
  noun,
  pagesLabel,
  status,
  children,
  ...panel
}: PagedListPanelProps) {
  return (
    <ListPanel {...panel} status={status} isEmpty={count === 0} loadOnShow={false}>
      {children}
      {pagination && count > 0 ? (
        <ListPages
          page={view.page}
          totalPages={pagination.totalPages}
          total={pagination.total}
          noun={noun}
          q={view.q}
          label={pagesLabel}
          onPageChange={view.setPage}
          disabled={status === 'loading'}
        />
      ) : null}
    </ListPanel>
  );
}

/** A staff list of summaries as its slice holds it (the editor's and the reviewer's tabs). */
export interface SummaryListState {
  summaries: readonly unknown[];
  pagination: ListPagination | null;
  status: LoadStatus;
  error: string | null;
}

/**
 * The PagedListPanel props of a list of summaries titled `title`, its counts and pager named
 * after it ("Showing page 1 of 3", "All Summaries pages").
 */
export function summaryListPanelProps(title: string, list: SummaryListState, view: PagedView) {
  return {
    title,
    status: list.status,
    error: list.error,
    count: list.summaries.length,
    pagination: list.pagination,
    view,
    noun: ['summary', 'summaries'],
    pagesLabel: `${title} pages`,
  } satisfies Partial<PagedListPanelProps>;
}
