const { createWebpackConfig, REMOTES } = require('@toolkit/federation');

module.exports = createWebpackConfig({ ...REMOTES.survey, dir: __dirname, kind: 'remote' });
