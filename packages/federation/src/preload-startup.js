// Every page of the shell starts the same way: the entry evaluates the federation runtime, then
// imports its start-up modules and the shared packages they consume. Without hints those chunks
// are requested only once the entry has run; preload links let them download (and compile) while
// it runs. Screens loaded later (lazy imports, the sign-in SDK) are left out.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'PreloadStartupChunks';

/**
 * The files of the chunk groups the entry opens: its own dynamic imports and the shared packages it
 * provides (the host's copy is the one every app uses, so fallbacks elsewhere are never loaded).
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

class PreloadStartupChunksPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
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

module.exports = { PreloadStartupChunksPlugin, startupFiles };
