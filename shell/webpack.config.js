const { createWebpackConfig, SHELL } = require('@toolkit/federation');

module.exports = createWebpackConfig({
  ...SHELL,
  dir: __dirname,
  kind: 'host',
  title: 'Sustainability Toolkit',
});
