// Federation boundary: the shell renders this module's default export with React.lazy.
export { EditorPage as default } from '../features/editor/editor-page';
