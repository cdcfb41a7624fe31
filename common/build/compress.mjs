// Build-time compression of the front ends' text files, so the server sends .br / .gz siblings
// chosen by Accept-Encoding and spends no CPU per request (api/src/features/static/).
import { readFile, writeFile, unlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The text files worth compressing: scripts, styles, pages, manifests, icons and source maps. */
export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|json|svg|map|txt)$/i;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to `file`, each
 * only when it is smaller than the file itself; a stale sibling from an earlier build is removed.
 */
export async function compressFile(file) {
  const content = await readFile(file);
  const isText = /\.(?:html|json|svg|map|txt)$/i.test(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: isText
          ? zlib.constants.BROTLI_MODE_TEXT
          : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  for (const [suffix, compressed] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (compressed.length < content.length) await writeFile(`${file}${suffix}`, compressed);
    else await unlink(`${file}${suffix}`).catch(() => undefined);
  }
}

/** Compresses `files`, a few at a time (zlib works on the libuv thread pool). */
export async function compressFiles(files, concurrency = 4) {
  const queue = [...files];
  const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      await compressFile(file);
    }
  });
  await Promise.all(workers);
}

/**
 * A webpack plugin: after each production build has written its files, compresses every emitted
 * text file (see COMPRESSIBLE_FILE) at maximum level.
 */
export class CompressAssetsPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('CompressAssetsPlugin', async (compilation) => {
      const outputPath = compilation.getPath(compiler.outputPath);
      const files = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => COMPRESSIBLE_FILE.test(name))
        .map((name) => `${outputPath}/${name}`);
      await compressFiles(files);
    });
  }
}
