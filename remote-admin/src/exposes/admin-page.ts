// Federation boundary: the shell renders this module's default export with React.lazy.
export { AdminPage as default } from '../features/admin/admin-page';
