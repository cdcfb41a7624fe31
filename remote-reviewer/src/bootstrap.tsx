import { mountDevHarness } from 'common/components/dev-harness';
import 'common/styles.css';
import { ReviewerPage } from './features/reviewer/reviewer-page';

mountDevHarness([{ path: '/reviewer', element: <ReviewerPage /> }]);
