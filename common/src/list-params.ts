import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'common/router';

/** `?page=N` as a page number: a positive integer, else 1. */
export function pageFromSearch(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The values a filter accepts: a list of them, or a pattern (an id). */
export type FilterValues = readonly string[] | RegExp;

/** One value of a staff list's filter, read from the URL: an allowed value, else ''. */
function allowed(value: string | null, values: FilterValues): string {
  if (value === null) return '';
  const ok = values instanceof RegExp ? values.test(value) : values.includes(value);
  return ok ? value : '';
}

/**
 * The view of a staff page held in its URL (issue 13): the tab, the page, the search words and
 * the filters, so that a reload or a shared link shows the same view and back/forward move
 * between views. A parameter at its default is left out of the URL.
 */
export interface ListView<Tab extends string, Filter extends string> {
  tab: Tab;
  page: number;
  /** The search words, trimmed; '' for none. */
  q: string;
  /** Each filter's value; '' for "any". */
  filters: Record<Filter, string>;
}

export interface ListViewOptions<Tab extends string, Filter extends string = never> {
  /** The page's tabs; the first is the default, left out of the URL. */
  tabs: readonly Tab[];
  /**
   * Each filter with its allowed values; anything else in the URL reads as "any". Keep the
   * options object outside the component, so the view is only read again when the URL changes.
   */
  filters?: Partial<Record<Filter, FilterValues>>;
}

/** Turns a view into URL search parameters, defaults left out. */
export function listViewParams<Tab extends string, Filter extends string>(
  view: ListView<Tab, Filter>,
  defaultTab: Tab,
): Record<string, string> {
  const params: Record<string, string> = {};
  if (view.tab !== defaultTab) params.tab = view.tab;
  for (const [key, value] of Object.entries<string>(view.filters)) {
    if (value) params[key] = value;
  }
  if (view.q) params.q = view.q;
  if (view.page > 1) params.page = String(view.page);
  return params;
}

/**
 * Reads and changes a staff page's view in the URL. A new tab starts with no search or filter;
 * a new search or filter starts at page 1. Changing the page, tab or a filter adds a history
 * entry (back returns to the previous view); typing a search replaces the current one.
 */
export function useListView<Tab extends string, Filter extends string = never>(
  options: ListViewOptions<Tab, Filter>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { tabs } = options;
  const filterOptions = options.filters;
  const defaultTab = tabs[0] as Tab;

  const view = useMemo((): ListView<Tab, Filter> => {
    const tab = allowed(searchParams.get('tab'), tabs) as Tab | '';
    const filters = {} as Record<Filter, string>;
    for (const [key, values] of Object.entries(filterOptions ?? {}) as [Filter, FilterValues][]) {
      filters[key] = allowed(searchParams.get(key), values);
    }
    return {
      tab: tab || defaultTab,
      page: pageFromSearch(searchParams.get('page')),
      q: (searchParams.get('q') ?? '').trim(),
      filters,
    };
  }, [searchParams, tabs, filterOptions, defaultTab]);

  const show = useCallback(
    (next: ListView<Tab, Filter>, replace = false) => {
      setSearchParams(listViewParams(next, defaultTab), { replace });
    },
    [setSearchParams, defaultTab],
  );

  const emptyFilters = useMemo(() => {
    const filters = {} as Record<Filter, string>;
    for (const key of Object.keys(filterOptions ?? {}) as Filter[]) filters[key] = '';
    return filters;
  }, [filterOptions]);

  return {
    ...view,
    setTab: (tab: Tab) => show({ tab, page: 1, q: '', filters: emptyFilters }),
    setPage: (page: number, replace = false) => show({ ...view, page }, replace),
    setQuery: (q: string) => show({ ...view, q: q.trim(), page: 1 }, true),
    setFilter: (key: Filter, value: string) =>
      show({ ...view, filters: { ...view.filters, [key]: value }, page: 1 }),
    /**
     * The server's query for this view's list: page, limit, the search and the set filters of
     * `filterKeys` (those of this tab).
     */
    query: (limit: number, filterKeys: readonly Filter[] = []): Record<string, string> => {
      const query: Record<string, string> = { page: String(view.page), limit: String(limit) };
      if (view.q) query.q = view.q;
      for (const key of filterKeys) {
        if (view.filters[key]) query[key] = view.filters[key];
      }
      return query;
    },
  };
}

/**
 * Loads a list whenever `key` (its query) changes, and again on the returned `reload`. The
 * request in flight is aborted when a newer one starts, so a slow old page never replaces a
 * newer one. `load` returns what dispatching a thunk returns (anything with `abort`).
 */
export function useListLoader(load: () => { abort: () => void }, key: string): () => void {
  const [reloads, setReloads] = useState(0);
  const run = useEffectEvent(load);
  useEffect(() => {
    const request = run();
    return () => request.abort();
  }, [key, reloads]);
  return useCallback(() => setReloads((count) => count + 1), []);
}

/**
 * A page past the end (an old link, the last row of a page deleted elsewhere) shows the last
 * page that exists instead of an empty list.
 */
export function useLastPageClamp(
  page: number,
  totalPages: number | undefined,
  loaded: boolean,
  setPage: (page: number, replace: boolean) => void,
): void {
  const clamp = useEffectEvent(setPage);
  useEffect(() => {
    if (loaded && totalPages !== undefined && totalPages >= 1 && page > totalPages) {
      clamp(totalPages, true);
    }
  }, [loaded, page, totalPages]);
}

/** What a paged staff list needs of its URL view (see useListView). */
export interface PagedView {
  page: number;
  /** The search words, named in the page count. */
  q: string;
  setPage: (page: number, replace?: boolean) => void;
}

export interface PagedListLoaderOptions {
  view: PagedView;
  /** The server's query for the page shown (useListView's `query`). */
  query: Record<string, string>;
  /** Asks for one page: what dispatching a thunk returns (anything with `abort`). */
  load: (query: Record<string, string>) => { abort: () => void };
  /** The last page's count of pages, once loaded. */
  totalPages: number | undefined;
  /** True once the list has loaded. */
  loaded: boolean;
}

/**
 * A paged staff list's loading: the page its URL names loads whenever the query changes (and on
 * the returned reload), and a page past the end shows the last one instead.
 */
export function usePagedListLoader({
  view,
  query,
  load,
  totalPages,
  loaded,
}: PagedListLoaderOptions): () => void {
  const reload = useListLoader(() => load(query), new URLSearchParams(query).toString());
  useLastPageClamp(view.page, totalPages, loaded, view.setPage);
  return reload;
}
