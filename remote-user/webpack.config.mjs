import { createWebpackConfig } from 'common/webpack';

export default createWebpackConfig({
  name: 'remote-user',
  dirname: import.meta.dirname,
  devPort: 3002,
  title: 'Brevity · user remote (dev harness)',
  exposes: {
    './DashboardPage': './src/exposes/dashboard-page.ts',
    './SummarizePage': './src/exposes/summarize-page.ts',
    './HistoryPage': './src/exposes/history-page.ts',
    './CreditsPage': './src/exposes/credits-page.ts',
  },
});
