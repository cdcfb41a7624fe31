// Federation boundary: the shell renders this module's default export with React.lazy.
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { withRelease } from '../lib/release/with-release';

export default withRelease(DashboardPage);
