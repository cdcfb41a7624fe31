import { createWebpackConfig } from 'common/webpack';

export default createWebpackConfig({
  name: 'remote-admin',
  dirname: import.meta.dirname,
  devPort: 3003,
  title: 'Brevity · admin remote (dev harness)',
  exposes: {
    './AdminPage': './src/exposes/admin-page.ts',
  },
});
