const { createWebpackConfig, SHELL } = require('@toolkit/federation');
const { buildEarlySlide } = require('./early-slide.build');
const { ServiceWorkerPlugin } = require('./sw.build');

const shellConfig = createWebpackConfig({
  ...SHELL,
  dir: __dirname,
  kind: 'host',
  title: 'Sustainability Toolkit',
  // index.html places the app's tags itself: inert in a template, started by the early slide.
  html: {
    inject: false,
    templateParameters: (_compilation, assets, assetTags, options) => ({
      htmlWebpackPlugin: { tags: assetTags, files: assets, options },
      earlySlide: buildEarlySlide(),
    }),
  },
});

/** @type {typeof shellConfig} */
module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  return { ...config, plugins: [...(config.plugins ?? []), new ServiceWorkerPlugin()] };
};
