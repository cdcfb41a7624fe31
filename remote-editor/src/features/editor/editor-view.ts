import { useListView } from 'common/list-params';
import type { ListViewOptions } from 'common/list-params';
import { REVIEW_STATUS_VALUES } from 'common/review-status-filter';
import type { EditorView } from './editor-slice';

export const EDITOR_VIEWS = ['all', 'mine'] as const satisfies readonly EditorView[];

const editorViewOptions: ListViewOptions<EditorView, 'status'> = {
  tabs: EDITOR_VIEWS,
  filters: { status: REVIEW_STATUS_VALUES },
};

/** /editor's view in its URL: ?tab=mine&q=words&page=2, ?status=pending and the like. */
export function useEditorView() {
  return useListView(editorViewOptions);
}
