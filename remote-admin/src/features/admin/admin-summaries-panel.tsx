import { ListControls, ReviewStatusFilter, SummarySearch } from 'common/components/list-controls';
import { PagedListPanel } from 'common/components/paged-list-panel';
import { StaffSummaryList } from 'common/components/staff-summary-list';
import { usePagedListLoader } from 'common/list-params';
import { useAppDispatch, useAppSelector } from 'common/store';
import { NoSummariesFound } from 'common/ui/empty-state';
import { Button } from 'common/ui/button';
import { XIcon } from 'common/ui/icons';
import { ADMIN_SUMMARIES_LIMIT } from '../../lib/admin-api';
import { editSummary, fetchAdminSummaries, removeSummary, selectAdmin } from './admin-slice';
import { useAdminView } from './admin-view';

/**
 * The All Summaries tab: everyone's summaries, 50 a page, newest first, searched and filtered
 * by review status and author on the server; to read, edit and delete.
 */
export function AdminSummariesPanel() {
  const dispatch = useAppDispatch();
  const { summaries, summariesPagination, summariesStatus, summariesError } =
    useAppSelector(selectAdmin);
  const view = useAdminView();
  const reload = usePagedListLoader({
    view,
    query: view.query(ADMIN_SUMMARIES_LIMIT, ['status', 'userId']),
    load: (query) => dispatch(fetchAdminSummaries(query)),
    totalPages: summariesPagination?.totalPages,
    loaded: summariesStatus === 'succeeded',
  });
  const filtered = Boolean(view.q || view.filters.status || view.filters.userId);
  const author = view.filters.userId
    ? summaries.find((summary) => summary.user?.id === view.filters.userId)?.user
    : undefined;
  return (
    <PagedListPanel
      title="All Summaries"
      description={`Every user's summaries, newest first, ${ADMIN_SUMMARIES_LIMIT} a page.`}
      status={summariesStatus}
      error={summariesError}
      count={summaries.length}
      pagination={summariesPagination}
      view={view}
      noun={['summary', 'summaries']}
      pagesLabel="Summaries pages"
      empty={
        <NoSummariesFound
          description={filtered ? 'No summary matches this search and these filters.' : undefined}
        />
      }
      onLoad={reload}
      controls={
        <ListControls>
          <SummarySearch label="Search summaries" value={view.q} onSearch={view.setQuery} />
          <ReviewStatusFilter
            value={view.filters.status}
            onChange={(status) => view.setFilter('status', status)}
          />
          {view.filters.userId ? (
            <Button variant="outline" size="sm" onClick={() => view.setFilter('userId', '')}>
              <XIcon />
              {author ? `Author: ${author.name}` : 'One author'}
              <span className="ui-sr-only">, show every author</span>
            </Button>
          ) : null}
        </ListControls>
      }
    >
      <StaffSummaryList
        label="All summaries"
        summaries={summaries}
        onSave={(summary, summarizedContent) =>
          dispatch(editSummary({ id: summary.id, summarizedContent })).unwrap()
        }
        onDelete={(summary) => dispatch(removeSummary(summary.id)).unwrap()}
      />
    </PagedListPanel>
  );
}
