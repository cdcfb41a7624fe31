// V8's explicit compile hint: a script that starts with `//# allFunctionsCalledOnLoad` has every
// function compiled eagerly, while it streams in, on a background thread
// (https://v8.dev/blog/explicit-compile-hints). Without it V8 compiles each function lazily, on
// the main thread, the first time it is called: for the scripts that run as the page starts
// (React, the router and store, the shell), that was a third of the start-up task on a phone.
import webpack from 'webpack';

const HINT = '//# allFunctionsCalledOnLoad\n';

export class CompileHintsPlugin {
  /** @param {(chunkName: string) => boolean} runsOnLoad the chunks whose functions run as a page starts */
  constructor(runsOnLoad) {
    this.runsOnLoad = runsOnLoad;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompileHintsPlugin',
          // After minification (which drops comments), before the source maps are written, so
          // the maps count the added line.
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1,
        },
        () => {
          for (const chunk of compilation.chunks) {
            if (!chunk.name || !this.runsOnLoad(chunk.name)) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(
                file,
                (source) => new webpack.sources.ConcatSource(HINT, source),
              );
            }
          }
        },
      );
    });
  }
}
