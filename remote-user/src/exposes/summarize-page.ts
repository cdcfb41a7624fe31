// Federation boundary: the shell renders this module's default export with React.lazy.
export { SummarizePage as default } from '../features/summarize/summarize-page';
