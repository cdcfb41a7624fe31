import { mountDevHarness } from 'common/components/dev-harness';
import 'common/styles.css';
import { AdminPage } from './features/admin/admin-page';

mountDevHarness([{ path: '/admin', element: <AdminPage /> }]);
