// After `webpack --mode production`: renders the landing page, /login, /register and the shared
// summary page (/s/<token>, its loading state) into their
// own HTML documents (hydrated in the browser), writes the plain app shell for signed-in routes,
// and a pages.json the server reads to answer each path with its document. Then compresses them.
//
// Each document gets a small inline script in its head (its CSP hash is in pages.json) that
// hides the prerendered markup before the first paint when the visitor is signed in, so a
// signed-in user never sees the landing page flash before being sent to /dashboard.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { compressFiles } from 'common/build/compress.mjs';
import {
  SHARED_COMMON_MODULES_ID,
  sharedCommonModulesSource,
} from 'common/build/shared-modules.mjs';

const shellDir = path.resolve(import.meta.dirname, '..');
const distDir = path.join(shellDir, 'dist');

/** `virtual:shared-common-modules` for esbuild, as webpack builds it for the shell. */
const sharedCommonModules = {
  name: 'shared-common-modules',
  setup(builder) {
    builder.onResolve({ filter: new RegExp(`^${SHARED_COMMON_MODULES_ID}$`) }, () => ({
      path: SHARED_COMMON_MODULES_ID,
      namespace: 'shared-common-modules',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'shared-common-modules' }, () => ({
      contents: sharedCommonModulesSource(),
      // Its imports resolve as the shell's own do.
      resolveDir: path.join(shellDir, 'src', 'app'),
      loader: 'js',
    }));
  },
};

async function loadRenderer() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'brevity-prerender-'));
  const outfile = path.join(outDir, 'prerender.cjs');
  try {
    await build({
      entryPoints: [path.join(shellDir, 'src', 'prerender.tsx')],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      jsx: 'automatic',
      loader: { '.css': 'empty' },
      plugins: [sharedCommonModules],
      define: {
        'process.env.NODE_ENV': '"production"',
        'process.env.API_URL': JSON.stringify(process.env.API_URL ?? ''),
      },
      logLevel: 'warning',
    });
    return createRequire(import.meta.url)(outfile);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function cspHash(script) {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

/**
 * The URL of the page's own lazy chunk (router.tsx names them `login`, `register`, and `app` for
 * the signed-in layout with the remote loader). The document's inline script preloads it when the
 * visit will run it, so it arrives with the first scripts rather than after them: the form
 * hydrates, and a remote starts loading, sooner.
 */
function preloadFor(page) {
  if (page === 'landing') return undefined;
  const chunk = readdirSync(distDir).find((file) =>
    new RegExp(`^${page}\\.[0-9a-f]+\\.js$`).test(file),
  );
  if (!chunk) throw new Error(`No ${page} chunk in ${distDir}`);
  return `${process.env.PUBLIC_PATH ?? '/'}${chunk}`;
}

/** The webpack-built index.html, with the page's markup and its inline script put in. */
function documentFor(template, { page, markup, script, style }) {
  // html-webpack-plugin minifies the template: attribute quotes may be gone.
  const root = /<div id="?root"?><\/div>/;
  // Right after the charset declaration, before anything that could paint.
  const charset = /<meta charset="?utf-8"?>/i;
  if (!root.test(template) || !charset.test(template)) {
    throw new Error('index.html has no <meta charset> or no empty #root');
  }
  const head = `<script>${script}</script><style>${style}</style>`;
  return template
    .replace(charset, (meta) => `${meta}${head}`)
    .replace(root, () => `<div id="root" data-page="${page}">${markup}</div>`);
}

const renderer = await loadRenderer();
const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const scriptHashes = new Set();
const written = [];

for (const page of ['landing', 'login', 'register', 'shared', 'app']) {
  const markup = page === 'app' ? '' : await renderer.renderPage(page);
  const script = renderer.renderModeScript(page, preloadFor(page), process.env.API_URL ?? '');
  scriptHashes.add(cspHash(script));
  const html = documentFor(template, {
    page,
    markup,
    script,
    style: renderer.FRESH_RENDER_STYLE,
  });
  const file = path.join(distDir, renderer.PRERENDERED_FILES[page]);
  writeFileSync(file, html);
  written.push(file);
}

const pages = {
  // Paths the server answers with a document other than index.html (the landing page).
  pages: Object.fromEntries(
    Object.entries(renderer.PAGE_BY_PATH).map(([route, page]) => [
      route,
      renderer.PRERENDERED_FILES[page],
    ]),
  ),
  // Prefixes whose one-segment paths a document answers: /s/<token>, a shared summary.
  prefixes: Object.fromEntries(
    Object.entries(renderer.PAGE_BY_PREFIX).map(([prefix, page]) => [
      prefix,
      renderer.PRERENDERED_FILES[page],
    ]),
  ),
  fallback: renderer.PRERENDERED_FILES.landing,
  // The inline scripts' hashes, for the server's Content-Security-Policy.
  scriptHashes: [...scriptHashes],
};
const pagesFile = path.join(distDir, 'pages.json');
writeFileSync(pagesFile, `${JSON.stringify(pages, null, 2)}\n`);
written.push(pagesFile);

await compressFiles(written);
console.info(
  `Prerendered ${written.length - 1} documents into ${path.relative(process.cwd(), distDir)}`,
);
