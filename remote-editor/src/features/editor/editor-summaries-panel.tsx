import { ListControls, ReviewStatusFilter, SummarySearch } from 'common/components/list-controls';
import { PagedListPanel, summaryListPanelProps } from 'common/components/paged-list-panel';
import { StaffSummaryList } from 'common/components/staff-summary-list';
import { usePagedListLoader } from 'common/list-params';
import { useAppDispatch, useAppSelector } from 'common/store';
import { NoSummariesFound } from 'common/ui/empty-state';
import { EDITOR_LIST_LIMIT } from '../../lib/editor-api';
import {
  fetchAllSummaries,
  fetchMySummaries,
  removeSummary,
  saveSummary,
  selectEditor,
} from './editor-slice';
import type { EditorView } from './editor-slice';
import { useEditorView } from './editor-view';

const panels = {
  all: {
    title: 'All Summaries',
    description: `Everyone's summaries, newest first, ${EDITOR_LIST_LIMIT} a page: edit or delete any of them.`,
    fetch: fetchAllSummaries,
  },
  mine: {
    title: 'My Summaries',
    description: 'Your own summaries: read or delete them.',
    fetch: fetchMySummaries,
  },
} as const;

/**
 * One tab of /editor: everyone's summaries (edit and delete; searched and filtered by review
 * status) or one's own (delete only; searched), a page at a time, as the URL says.
 */
export function EditorSummariesPanel({ view }: { view: EditorView }) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectEditor)[view];
  const listView = useEditorView();
  const { title, description, fetch } = panels[view];
  const reload = usePagedListLoader({
    view: listView,
    query: listView.query(EDITOR_LIST_LIMIT, view === 'all' ? ['status'] : []),
    load: (query) => dispatch(fetch(query)),
    totalPages: list.pagination?.totalPages,
    loaded: list.status === 'succeeded',
  });
  const filtered = Boolean(listView.q || (view === 'all' && listView.filters.status));
  return (
    <PagedListPanel
      {...summaryListPanelProps(title, list, listView)}
      description={description}
      empty={
        <NoSummariesFound description={filtered ? 'No summary matches this search.' : undefined} />
      }
      onLoad={reload}
      controls={
        <ListControls>
          <SummarySearch
            label={view === 'all' ? 'Search summaries' : 'Search my summaries'}
            value={listView.q}
            onSearch={listView.setQuery}
          />
          {view === 'all' ? (
            <ReviewStatusFilter
              value={listView.filters.status}
              onChange={(next) => listView.setFilter('status', next)}
            />
          ) : null}
        </ListControls>
      }
    >
      <StaffSummaryList
        label={title}
        summaries={list.summaries}
        onSave={
          view === 'all'
            ? (summary, summarizedContent) =>
                dispatch(saveSummary({ id: summary.id, summarizedContent })).unwrap()
            : undefined
        }
        onDelete={(summary) => dispatch(removeSummary({ id: summary.id, view })).unwrap()}
      />
    </PagedListPanel>
  );
}
