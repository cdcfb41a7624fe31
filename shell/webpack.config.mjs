import { createWebpackConfig } from 'common/webpack';

export default createWebpackConfig({
  name: 'shell',
  dirname: import.meta.dirname,
  devPort: 3001,
  title: 'Brevity — AI summaries of long text and documents',
});
