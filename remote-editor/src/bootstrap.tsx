import { mountDevHarness } from 'common/components/dev-harness';
import 'common/styles.css';
import { EditorPage } from './features/editor/editor-page';

mountDevHarness([{ path: '/editor', element: <EditorPage /> }]);
