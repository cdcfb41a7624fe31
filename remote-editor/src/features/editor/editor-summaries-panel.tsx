import { ListPanel } from 'common/components/list-panel';
import { StaffSummaryList } from 'common/components/staff-summary-list';
import { useAppDispatch, useAppSelector } from 'common/store';
import { EmptyState } from 'common/ui/empty-state';
import { FileTextIcon } from 'common/ui/icons';
import { EDITOR_LIST_LIMIT } from '../../lib/editor-api';
import {
  fetchAllSummaries,
  fetchMySummaries,
  removeSummary,
  saveSummary,
  selectEditor,
} from './editor-slice';
import type { EditorView } from './editor-slice';

const panels = {
  all: {
    title: 'All Summaries',
    description: `Everyone's ${EDITOR_LIST_LIMIT} most recent summaries: edit or delete any of them.`,
    fetch: fetchAllSummaries,
  },
  mine: {
    title: 'My Summaries',
    description: 'Your own summaries: read or delete them.',
    fetch: fetchMySummaries,
  },
} as const;

/** One tab of /editor: everyone's summaries (edit and delete) or one's own (delete only). */
export function EditorSummariesPanel({ view }: { view: EditorView }) {
  const dispatch = useAppDispatch();
  const { summaries, status, error } = useAppSelector(selectEditor)[view];
  const { title, description, fetch } = panels[view];

  return (
    <ListPanel
      title={title}
      description={description}
      status={status}
      error={error}
      isEmpty={summaries.length === 0}
      empty={<EmptyState icon={<FileTextIcon size={22} />} title="No summaries found" />}
      onLoad={() => void dispatch(fetch())}
    >
      <StaffSummaryList
        label={title}
        summaries={summaries}
        onSave={
          view === 'all'
            ? (summary, summarizedContent) =>
                dispatch(saveSummary({ id: summary.id, summarizedContent })).unwrap()
            : undefined
        }
        onDelete={(summary) => dispatch(removeSummary({ id: summary.id, view })).unwrap()}
      />
    </ListPanel>
  );
}
