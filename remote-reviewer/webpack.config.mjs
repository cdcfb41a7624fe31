import { createWebpackConfig } from 'common/webpack';

export default createWebpackConfig({
  name: 'remote-reviewer',
  dirname: import.meta.dirname,
  devPort: 3005,
  title: 'Brevity · reviewer remote (dev harness)',
  exposes: {
    './ReviewerPage': './src/exposes/reviewer-page.ts',
  },
});
