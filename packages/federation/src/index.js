const { sharedSingletons } = require('./shared');
const { REMOTES, SHELL, CONTRACT_PACKAGES } = require('./apps');
const { createWebpackConfig } = require('./webpack-config');

module.exports = { sharedSingletons, CONTRACT_PACKAGES, REMOTES, SHELL, createWebpackConfig };
