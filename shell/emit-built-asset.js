// A webpack plugin for a file built outside webpack (by esbuild) and served beside the app's
// chunks: each compilation emits it under the name its build gives, watching the inputs it names.

/**
 * @param {string} name the plugin's name
 * @param {(compilation: import('webpack').Compilation) => Promise<{ file: string, code: string, inputs?: string[] }>} build
 * @returns {import('webpack').WebpackPluginInstance}
 */
function emitBuiltAsset(name, build) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.processAssets.tapPromise(
          { name, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          async () => {
            const { file, code, inputs = [] } = await build(compilation);
            for (const input of inputs) compilation.fileDependencies.add(input);
            compilation.emitAsset(file, new compiler.webpack.sources.RawSource(code));
          },
        );
      });
    },
  };
}

module.exports = { emitBuiltAsset };
