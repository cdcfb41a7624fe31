import { createWebpackConfig } from 'common/webpack';

export default createWebpackConfig({
  name: 'remote-editor',
  dirname: import.meta.dirname,
  devPort: 3004,
  title: 'Brevity · editor remote (dev harness)',
  exposes: {
    './EditorPage': './src/exposes/editor-page.ts',
  },
});
