// Federation boundary: the shell renders this module's default export with React.lazy.
export { HistoryPage as default } from '../features/history/history-page';
