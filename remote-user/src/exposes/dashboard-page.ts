// Federation boundary: the shell renders this module's default export with React.lazy.
export { DashboardPage as default } from '../features/dashboard/dashboard-page';
