import { useEffect } from 'react';
import { AreaGuard } from 'common/components/area-guard';
import { StaffPage } from 'common/components/staff-page';
import { roleLabel } from 'common/roles';
import { selectRole } from 'common/session';
import { rootReducer, useAppDispatch, useAppSelector } from 'common/store';
import { FileTextIcon, LayoutIcon, ShieldIcon } from 'common/ui/icons';
import { StatCard } from 'common/ui/stat-card';
import { editorSlice, fetchViewTotal, selectEditor } from './editor-slice';
import type { EditorView } from './editor-slice';
import { EDITOR_VIEWS, useEditorView } from './editor-view';
import { EditorSummariesPanel } from './editor-summaries-panel';

// The editor state joins the shell's one store when this remote's page module loads.
rootReducer.inject(editorSlice);

const viewLabels: Record<EditorView, string> = { all: 'All Summaries', mine: 'My Summaries' };

function ContentManagement() {
  const dispatch = useAppDispatch();
  const listView = useEditorView();
  const view = listView.tab;
  const role = useAppSelector(selectRole);
  const { total } = useAppSelector(selectEditor)[view];
  // The card counts every summary of the view on the server, whatever the search.
  useEffect(() => {
    void dispatch(fetchViewTotal(view));
  }, [dispatch, view]);
  return (
    <StaffPage
      id="editor-heading"
      title="Content management"
      description="Review, correct and remove summaries."
      className="editor-page"
      stats={
        <>
          <StatCard
            label="Total Summaries"
            icon={<FileTextIcon />}
            value={total}
            description={viewLabels[view]}
          />
          <StatCard label="Your role" icon={<ShieldIcon />} value={roleLabel(role ?? '')} />
          <StatCard
            label="View mode"
            icon={<LayoutIcon />}
            value={viewLabels[view]}
            description={
              view === 'all' ? 'Edit and delete any summary' : 'Read and delete your own'
            }
          />
        </>
      }
      tabsLabel="Summaries to manage"
      tab={view}
      onTabChange={listView.setTab}
      tabs={EDITOR_VIEWS.map((option) => ({
        value: option,
        label: viewLabels[option],
        content: <EditorSummariesPanel view={option} />,
      }))}
    />
  );
}

/** /editor (SPEC.md §2): editors and admins; anyone else goes to /dashboard. */
export function EditorPage() {
  return (
    <AreaGuard area="editor">
      <ContentManagement />
    </AreaGuard>
  );
}
