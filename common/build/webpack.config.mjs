// The one webpack + Module Federation configuration of the five front ends.
// Each app's webpack.config.mjs calls createWebpackConfig with its own name and exposes,
// so shared singletons, loaders and output rules cannot drift apart between teams.
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const require = createRequire(import.meta.url);
const commonPackage = require('../package.json');

/**
 * One version of each shared library for the whole workspace (ARCHITECTURE.md). The router is
 * shared through common/router and Redux Toolkit not at all: a shared package ships whole, and
 * only the store instance (in common/store) and React's contexts need to be single.
 * See docs/decisions/0002-share-small-facades.md.
 */
const sharedVersions = {
  react: commonPackage.dependencies.react,
  'react-dom': commonPackage.dependencies['react-dom'],
  'react-redux': commonPackage.dependencies['react-redux'],
};

function sharedSingletons() {
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion, eager: false });
  const shared = {};
  for (const [name, version] of Object.entries(sharedVersions)) {
    shared[name] = singleton(version);
  }
  // React 19 is consumed through subpaths (react/jsx-runtime, react-dom/client).
  shared['react/'] = singleton(sharedVersions.react);
  shared['react-dom/'] = singleton(sharedVersions['react-dom']);
  // common is imported only by subpath (common/session, common/ui/button, ...).
  shared['common/'] = { ...singleton(`^${commonPackage.version}`), version: commonPackage.version };
  return shared;
}

/** Federation names must be identifiers: remote-admin -> remote_admin. */
export function federationName(packageName) {
  return packageName.replace(/-/g, '_');
}

/**
 * @param {object} options
 * @param {string} options.name       package name (shell, remote-user, ...)
 * @param {string} options.dirname    the app's folder
 * @param {number} options.devPort    webpack-dev-server port
 * @param {string} options.title      document title of the app's page (the shell, or a remote's harness)
 * @param {Record<string, string>} [options.exposes] modules a remote exposes
 */
export function createWebpackConfig({ name, dirname, devPort, title, exposes }) {
  const isShell = exposes === undefined;
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const hashed = production ? '[name].[contenthash:10]' : '[name]';
    return {
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      context: dirname,
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dirname, 'dist'),
        // The shell lives at the site root (deep links such as /history/ must still find
        // its chunks); a remote works from wherever it is deployed.
        publicPath: isShell ? (process.env.PUBLIC_PATH ?? '/') : 'auto',
        filename: `${hashed}.js`,
        chunkFilename: `${hashed}.js`,
        assetModuleFilename: `${hashed}[ext]`,
        uniqueName: federationName(name),
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
          },
          {
            test: /\.css$/,
            use: [MiniCssExtractPlugin.loader, 'css-loader'],
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: federationName(name),
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          // The shell lists no remotes: it registers each at run time, only for a role
          // that may open it, so a user's session never fetches a staff remote's entry.
          remotes: {},
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
        }),
        new MiniCssExtractPlugin({ filename: `${hashed}.css`, chunkFilename: `${hashed}.css` }),
        new HtmlWebpackPlugin({
          template: path.join(path.dirname(new URL(import.meta.url).pathname), 'index.html'),
          title,
          chunks: ['main'],
          scriptLoading: 'defer',
        }),
        new webpack.DefinePlugin({
          'process.env.API_URL': JSON.stringify(process.env.API_URL ?? ''),
        }),
      ],
      optimization: {
        // Keep the federation runtime in the entry chunk; shared modules split on their own.
        runtimeChunk: false,
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        hot: false,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: process.env.API_URL || 'http://127.0.0.1:3000' }],
      },
    };
  };
}
