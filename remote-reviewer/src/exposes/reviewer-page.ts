// Federation boundary: the shell renders this module's default export with React.lazy.
export { ReviewerPage as default } from '../features/reviewer/reviewer-page';
