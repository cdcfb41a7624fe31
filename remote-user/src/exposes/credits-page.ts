// Federation boundary: the shell renders this module's default export with React.lazy.
export { CreditsPage as default } from '../features/credits/credits-page';
