const { createWebpackConfig, SHELL } = require('@toolkit/federation');
const { buildEarlySlide, buildFirstReadsStart, firstReadsStartPlugin } = require('./early-slide.build');
const { serviceWorkerPlugin } = require('./sw.build');

/**
 * The script files a named dynamic import downloads (those the early slide preloads on a signed-in
 * area's page), as paths from the site's root.
 * @param {import('webpack').Compilation} compilation
 * @param {string} name
 */
function chunkGroupFiles(compilation, name) {
  const group = compilation.namedChunkGroups.get(name);
  if (!group) throw new Error(`No chunk named ${name}: its import lost its webpackChunkName.`);
  const publicPath = String(compilation.outputOptions.publicPath ?? '/');
  return group
    .getFiles()
    .filter((file) => file.endsWith('.js'))
    .map((file) => `${publicPath}${file}`);
}

const shellConfig = createWebpackConfig({
  ...SHELL,
  dir: __dirname,
  kind: 'host',
  title: 'Sustainability Toolkit',
  // index.html places the app's tags itself: inert in a template, started by the early slide.
  html: {
    inject: false,
    templateParameters: (compilation, assets, assetTags, options) => ({
      htmlWebpackPlugin: { tags: assetTags, files: assets, options },
      earlySlide: buildEarlySlide(),
      // A signed-in area's first reads, a file of its own (emitted by firstReadsStartPlugin).
      firstReadsStart: `${String(compilation.outputOptions.publicPath ?? '/')}${buildFirstReadsStart(compilation).file}`,
      // The reads the shell shares with the remotes, which the start-up awaits, and the sign-in SDK,
      // which a page started from a session kept on the device opens only later (sdk: true).
      signedInPreloads: (() => {
        const sharedReads = chunkGroupFiles(compilation, 'shared-reads');
        const sdk = chunkGroupFiles(compilation, 'firebase-session').filter(
          (href) => !sharedReads.includes(href),
        );
        return [
          ...sharedReads.map((href) => ({ href, sdk: false })),
          ...sdk.map((href) => ({ href, sdk: true })),
        ];
      })(),
    }),
  },
});

/** @type {typeof shellConfig} */
module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  return {
    ...config,
    plugins: [...(config.plugins ?? []), firstReadsStartPlugin(), serviceWorkerPlugin()],
  };
};
