const { createWebpackConfig, SHELL } = require('@toolkit/federation');
const { buildEarlySlide } = require('./early-slide.build');
const { ServiceWorkerPlugin } = require('./sw.build');

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
      // The sign-in SDK, and the reads the shell shares with the remotes, which the start-up awaits.
      signedInPreloads: [
        ...new Set([
          ...chunkGroupFiles(compilation, 'firebase-session'),
          ...chunkGroupFiles(compilation, 'shared-reads'),
        ]),
      ],
    }),
  },
});

/** @type {typeof shellConfig} */
module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  return { ...config, plugins: [...(config.plugins ?? []), new ServiceWorkerPlugin()] };
};
