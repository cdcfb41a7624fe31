// The one webpack + Module Federation configuration of the five front ends.
// Each app's webpack.config.mjs calls createWebpackConfig with its own name and exposes,
// so shared singletons, loaders and output rules cannot drift apart between teams.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { CompileHintsPlugin } from './compile-hints.mjs';
import { CompressAssetsPlugin } from './compress.mjs';
import {
  SHARED_COMMON_MODULES,
  SHARED_COMMON_MODULES_ID,
  sharedCommonModulesSource,
} from './shared-modules.mjs';

const require = createRequire(import.meta.url);
const commonPackage = require('../package.json');

/**
 * One version of each shared library for the whole workspace (ARCHITECTURE.md). The router is
 * shared through common/router; Redux Toolkit as the few functions the apps call, which the
 * shell lends from the copy it already runs (a shared package would ship whole). Only the store
 * instance (in common/store) and React's contexts need to be single.
 * See docs/decisions/0002-share-small-facades.md.
 */
const sharedVersions = {
  react: commonPackage.dependencies.react,
  'react-dom': commonPackage.dependencies['react-dom'],
  'react-redux': commonPackage.dependencies['react-redux'],
  '@reduxjs/toolkit': commonPackage.dependencies['@reduxjs/toolkit'],
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
  // common is imported only by subpath (common/session, common/ui/button, ...); only the modules
  // the shell lends are shared, the rest is bundled by the remote that uses it.
  for (const module of SHARED_COMMON_MODULES) {
    shared[module] = { ...singleton(`^${commonPackage.version}`), version: commonPackage.version };
  }
  return shared;
}

/** The installed version of a package, as the federation runtime compares them. */
function installedVersion(packageName, fromDir) {
  return require(require.resolve(`${packageName}/package.json`, { paths: [fromDir] })).version;
}

/**
 * What the shell lends the remotes through the federation runtime (shell/src/app/federation.ts),
 * with the installed versions the remotes' `shared` entries will compare against.
 */
function shellSharedVersions(dirname) {
  return {
    react: installedVersion('react', dirname),
    'react-dom': installedVersion('react-dom', dirname),
    'react-redux': installedVersion('react-redux', dirname),
    '@reduxjs/toolkit': installedVersion('@reduxjs/toolkit', dirname),
    common: commonPackage.version,
    // Pinned exactly in shell/package.json (the package exports no package.json to read).
    federation: require(path.join(dirname, 'package.json')).dependencies[
      '@module-federation/runtime-core'
    ],
  };
}

/**
 * The shell's first load is small and in few files: React in a chunk of its own (it changes
 * least, so it stays cached across releases), the app in `main`, and every stylesheet in one
 * file the prerendered pages link, so no page paints unstyled. Each lazy chunk (login, register,
 * app) holds all it needs beyond `main`, so the one file its document preloads is enough.
 */
function shellChunks() {
  return {
    cacheGroups: {
      default: false,
      defaultVendors: false,
      react: {
        test: /[\\/]node_modules[\\/](?:\.pnpm[\\/])?(?:react|react-dom|scheduler)[@\\/]/,
        name: 'react',
        chunks: 'all',
        priority: 20,
        enforce: true,
      },
      styles: {
        type: 'css/mini-extract',
        name: 'styles',
        chunks: 'all',
        priority: 30,
        enforce: true,
      },
    },
  };
}

/** Every file under `dir` (sorted, so the walk is the same on every machine). */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    });
}

/**
 * The release a production build of an app is: `MF_BUILD_VERSION` when the pipeline names it,
 * otherwise the package version and a hash of what goes into the build (the app's and common's
 * sources, their package.json files and the lockfile), so two builds of the same sources are the
 * same release and any change makes a new one. It is the manifest's `buildVersion` (the shell
 * compares it to notice a new release) and names the remote's chunk-loading global, so two
 * releases loaded in one tab never mix their chunks (docs/decisions/0014).
 */
export function releaseOf(name, dirname) {
  if (process.env.MF_BUILD_VERSION) return process.env.MF_BUILD_VERSION;
  const commonDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(dirname, 'src')),
    path.join(dirname, 'package.json'),
    ...filesUnder(path.join(commonDir, 'src')),
    ...filesUnder(path.join(commonDir, 'build')),
    path.join(commonDir, 'package.json'),
    path.join(dirname, '..', 'pnpm-lock.yaml'),
  ];
  for (const file of inputs) {
    if (!existsSync(file) || /\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(dirname, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const version = require(path.join(dirname, 'package.json')).version;
  return `${version}+${hash.digest('hex').slice(0, 10)}`;
}

/** How far `pnpm dev` moves its ports from the usual 3000–3005 (DEV_PORT_OFFSET). */
function devPortOffset() {
  return Number(process.env.DEV_PORT_OFFSET ?? 0);
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
/**
 * The manifest lists, for each exposed module, the chunks it needs besides its own, and not its
 * own chunk. The shell's app.html preloads a page's files from the manifest while its bundles
 * still run (shell/src/app/prerendered-pages.ts), so the manifest lists the exposed chunk too:
 * without it, the page's own code was the one file that waited for the remote's entry to run.
 * @param {{ stats: { exposes: { name: string; assets: { js: { sync: string[] } } }[] }; compilation: import('webpack').Compilation }} options
 */
function listExposedChunks({ stats, compilation }) {
  for (const expose of stats.exposes) {
    const chunk = compilation.namedChunks.get(`__federation_expose_${expose.name}`);
    const own = [...(chunk?.files ?? [])].filter((file) => file.endsWith('.js'));
    expose.assets.js.sync = [...new Set([...own, ...expose.assets.js.sync])];
  }
  return stats;
}

export function createWebpackConfig({ name, dirname, devPort, title, exposes }) {
  const isShell = exposes === undefined;
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // A remote's page of its own (the dev harness) exists only on its dev server: in production a
    // remote is its remoteEntry.js and chunks, loaded by the shell's runtime.
    const withHarness = isShell || !production;
    const hashed = production ? '[name].[contenthash:10]' : '[name]';
    const release = production ? releaseOf(name, dirname) : 'dev';
    // The manifest plugin reads its buildVersion from here.
    if (!isShell && production) process.env.MF_BUILD_VERSION = release;
    // OUTPUT_DIR builds somewhere else than dist/ (the cross-origin browser tests use it).
    const outputPath = process.env.OUTPUT_DIR
      ? path.resolve(process.env.OUTPUT_DIR)
      : path.join(dirname, 'dist');
    return {
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      context: dirname,
      entry: withHarness ? { main: './src/index.ts' } : {},
      output: {
        path: outputPath,
        // The shell lives at the site root (deep links such as /history/ must still find
        // its chunks); a remote works from wherever it is deployed.
        publicPath: isShell ? (process.env.PUBLIC_PATH ?? '/') : 'auto',
        filename: `${hashed}.js`,
        chunkFilename: `${hashed}.js`,
        assetModuleFilename: `${hashed}[ext]`,
        uniqueName: federationName(name),
        // One chunk-loading global per release: a tab holding the old release and the new one
        // must not hand one's chunks to the other's runtime.
        ...(isShell || !production
          ? {}
          : {
              chunkLoadingGlobal: `webpackChunk_${federationName(name)}_${release.replace(/\W/g, '_')}`,
            }),
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
        // The shell is a host built without the federation plugin: it bundles React and common
        // like any app and lends them to remotes from a runtime it loads only for signed-in
        // pages (shell/src/app/federation.ts). Remotes keep their shared singletons; in
        // production they use that runtime instead of bundling one (externalRuntime) and ship no
        // dev harness. See docs/decisions/0007-shell-prerender-and-lazy-federation.md.
        isShell &&
          new webpack.experiments.schemes.VirtualUrlPlugin({
            [SHARED_COMMON_MODULES_ID.replace(/^virtual:/, '')]: {
              type: '.js',
              source: sharedCommonModulesSource,
            },
          }),
        isShell
          ? new webpack.DefinePlugin({
              __SHARED_VERSIONS__: JSON.stringify(shellSharedVersions(dirname)),
            })
          : new ModuleFederationPlugin({
              name: federationName(name),
              filename: 'remoteEntry.js',
              exposes,
              remotes: {},
              shared: sharedSingletons(),
              shareStrategy: 'loaded-first',
              dts: false,
              manifest: { fileName: 'mf-manifest.json', additionalData: listExposedChunks },
              experiments: { externalRuntime: production },
            }),
        new MiniCssExtractPlugin({ filename: `${hashed}.css`, chunkFilename: `${hashed}.css` }),
        withHarness &&
          new HtmlWebpackPlugin({
            template: path.join(path.dirname(new URL(import.meta.url).pathname), 'index.html'),
            title,
            chunks: ['main'],
            scriptLoading: 'defer',
          }),
        new webpack.DefinePlugin({
          'process.env.API_URL': JSON.stringify(process.env.API_URL ?? ''),
          'process.env.BREVITY_RELEASE': JSON.stringify(release),
        }),
        // The shell's start-up scripts; a remote's entry and its exposed pages.
        production &&
          new CompileHintsPlugin((chunk) =>
            isShell
              ? ['react', 'main', 'app'].includes(chunk)
              : chunk === federationName(name) || chunk.startsWith('__federation_expose_'),
          ),
        production && new CompressAssetsPlugin(),
      ].filter(Boolean),
      optimization: {
        runtimeChunk: false,
        splitChunks: isShell ? shellChunks() : undefined,
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        // DEV_PORT_OFFSET moves every dev server and the API they proxy to by the same amount
        // (`pnpm dev` on other ports; its smoke test does that).
        port: devPort + devPortOffset(),
        host: '127.0.0.1',
        hot: false,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            context: ['/api'],
            target: process.env.API_URL || `http://127.0.0.1:${3000 + devPortOffset()}`,
          },
        ],
      },
    };
  };
}
