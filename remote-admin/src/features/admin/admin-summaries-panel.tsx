import { ListPanel } from 'common/components/list-panel';
import { StaffSummaryList } from 'common/components/staff-summary-list';
import { useAppDispatch, useAppSelector } from 'common/store';
import { EmptyState } from 'common/ui/empty-state';
import { FileTextIcon } from 'common/ui/icons';
import { ADMIN_SUMMARIES_LIMIT } from '../../lib/admin-api';
import { editSummary, fetchAdminSummaries, removeSummary, selectAdmin } from './admin-slice';

/** The All Summaries tab: everyone's latest summaries, to read, edit and delete. */
export function AdminSummariesPanel() {
  const dispatch = useAppDispatch();
  const { summaries, summariesStatus, summariesError } = useAppSelector(selectAdmin);
  return (
    <ListPanel
      title="All Summaries"
      description={`The ${ADMIN_SUMMARIES_LIMIT} most recent summaries of every user.`}
      status={summariesStatus}
      error={summariesError}
      isEmpty={summaries.length === 0}
      empty={<EmptyState icon={<FileTextIcon size={22} />} title="No summaries found" />}
      onLoad={() => void dispatch(fetchAdminSummaries())}
    >
      <StaffSummaryList
        label="All summaries"
        summaries={summaries}
        onSave={(summary, summarizedContent) =>
          dispatch(editSummary({ id: summary.id, summarizedContent })).unwrap()
        }
        onDelete={(summary) => dispatch(removeSummary(summary.id)).unwrap()}
      />
    </ListPanel>
  );
}
