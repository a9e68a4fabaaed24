const { createWebpackConfig, SHELL } = require('@toolkit/federation');
const { buildEarlySlide } = require('./early-slide.build');

module.exports = createWebpackConfig({
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
