const { createWebpackConfig, REMOTES } = require('@toolkit/federation');

module.exports = createWebpackConfig({ ...REMOTES.billing, dir: __dirname, kind: 'remote' });
