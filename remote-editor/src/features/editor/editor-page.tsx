import { useEffect } from 'react';
import { AreaGuard } from 'common/components/area-guard';
import { roleLabel } from 'common/roles';
import { selectRole } from 'common/session';
import { rootReducer, useAppDispatch, useAppSelector } from 'common/store';
import { FileTextIcon, LayoutIcon, ShieldIcon } from 'common/ui/icons';
import { PageHeader } from 'common/ui/page-header';
import { StatCard } from 'common/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'common/ui/tabs';
import { editorSlice, fetchViewTotal, selectEditor } from './editor-slice';
import type { EditorView } from './editor-slice';
import { EDITOR_VIEWS, useEditorView } from './editor-view';
import { EditorSummariesPanel } from './editor-summaries-panel';
import './editor-page.css';

// The editor state joins the shell's one store when this remote's page module loads.
rootReducer.inject(editorSlice);

const viewLabels: Record<EditorView, string> = { all: 'All Summaries', mine: 'My Summaries' };

const editorViews: readonly EditorView[] = EDITOR_VIEWS;

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
    <section className="ui-page editor-page" aria-labelledby="editor-heading">
      <PageHeader
        id="editor-heading"
        title="Content Management"
        description="Review, correct and remove summaries."
      />
      <div className="ui-stat-grid">
        <StatCard
          label="Total Summaries"
          icon={<FileTextIcon />}
          value={total}
          description={viewLabels[view]}
        />
        <StatCard label="Your Role" icon={<ShieldIcon />} value={roleLabel(role ?? '')} />
        <StatCard
          label="View Mode"
          icon={<LayoutIcon />}
          value={viewLabels[view]}
          description={view === 'all' ? 'Edit and delete any summary' : 'Read and delete your own'}
        />
      </div>
      <Tabs
        value={view}
        onValueChange={(next) => {
          const tab = editorViews.find((candidate) => candidate === next);
          if (tab) listView.setTab(tab);
        }}
        className="editor-page__tabs"
      >
        <TabsList aria-label="Summaries to manage">
          {editorViews.map((option) => (
            <TabsTrigger key={option} value={option}>
              {viewLabels[option]}
            </TabsTrigger>
          ))}
        </TabsList>
        {editorViews.map((option) => (
          <TabsContent key={option} value={option}>
            <EditorSummariesPanel view={option} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
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
