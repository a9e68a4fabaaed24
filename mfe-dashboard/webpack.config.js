const { createWebpackConfig, REMOTES } = require('@toolkit/federation');

module.exports = createWebpackConfig({ ...REMOTES.dashboard, dir: __dirname, kind: 'remote' });
