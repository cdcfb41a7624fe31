import { AreaGuard } from 'common/components/area-guard';

export function EditorPage() {
  return (
    <AreaGuard area="editor">
      <section className="ui-page" aria-labelledby="editor-heading">
        <h1 id="editor-heading" className="ui-page-title">
          Content Management
        </h1>
      </section>
    </AreaGuard>
  );
}
