// Build plugins for how an app starts in the browser: what it downloads early and how V8 compiles it.
const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The files of the chunk groups the entry opens: its own dynamic imports, and the shared packages it
 * provides where they are not in the entry itself (the host's are: see sharedSingletons' `eager`).
 * Screens loaded later (lazy imports, the sign-in SDK) are not among them.
 * @param {import('webpack').Compilation} compilation
 * @returns {string[]}
 */
function startupFiles(compilation) {
  const files = new Set();
  for (const entrypoint of compilation.entrypoints.values()) {
    for (const group of entrypoint.getChildren()) {
      for (const chunk of group.chunks)
        for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    }
  }
  return [...files].sort();
}

// Every page of the shell starts the same way: the entry evaluates the federation runtime and the
// shared packages it carries, then imports its start-up modules. Without hints those chunks
// are requested only once the entry has run; preload links let them download (and compile) while
// it runs.
const PRELOAD = 'PreloadStartupChunks';

class PreloadStartupChunksPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(PRELOAD, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PRELOAD, (data) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const links = startupFiles(compilation).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href: `${publicPath}${file}`,
          }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

// V8 compiles a function when it is first called, on the main thread, and on a phone that is where
// start-up time goes. Start-up code calls most of its functions at once: this magic comment has V8
// compile all of a file's functions eagerly, off the main thread while the script streams in
// (Chromium 136+; other browsers ignore it). Chunks loaded later keep lazy compilation.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const HINTS = 'CompileHints';

class CompileHintsPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(HINTS, (compilation) => {
      // After minification (which drops comments), before source maps (which then count the line).
      const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
      compilation.hooks.processAssets.tap({ name: HINTS, stage }, () => {
        const files = new Set(startupFiles(compilation));
        for (const entrypoint of compilation.entrypoints.values())
          for (const file of entrypoint.getFiles()) if (file.endsWith('.js')) files.add(file);
        for (const file of files)
          compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
      });
    });
  }
}

module.exports = { CompileHintsPlugin, PreloadStartupChunksPlugin, COMPILE_HINT };
