const { createWebpackConfig, REMOTES } = require('@toolkit/federation');

module.exports = createWebpackConfig({ ...REMOTES.journey, dir: __dirname, kind: 'remote' });
