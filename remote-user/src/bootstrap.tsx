import { mountDevHarness } from 'common/components/dev-harness';
import 'common/styles.css';
import { CreditsPage } from './features/credits/credits-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { HistoryPage } from './features/history/history-page';
import { SummarizePage } from './features/summarize/summarize-page';

mountDevHarness([
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/summarize', element: <SummarizePage /> },
  { path: '/history', element: <HistoryPage /> },
  { path: '/credits', element: <CreditsPage /> },
]);
