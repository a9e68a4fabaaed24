const { sharedSingletons } = require('./shared');
const { REMOTES, SHELL, CONTRACT_PACKAGES } = require('./apps');
const { createWebpackConfig } = require('./webpack-config');
const {
  securityHeaderRules,
  contentSecurityPolicy,
  inlineScriptHashes,
  API_PATH,
  apiRewrites,
} = require('./security-headers');

module.exports = {
  sharedSingletons,
  CONTRACT_PACKAGES,
  REMOTES,
  SHELL,
  createWebpackConfig,
  securityHeaderRules,
  contentSecurityPolicy,
  inlineScriptHashes,
  API_PATH,
  apiRewrites,
};
