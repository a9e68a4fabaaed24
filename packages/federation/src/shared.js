// The shared singletons, declared once for the shell and every remote (CONVENTIONS.md item 1).
// `react/` and `react-dom/` share subpaths such as react/jsx-runtime and react-dom/client,
// which a bare key misses; without them React would be downloaded twice.
const path = require('node:path');
const { CONTRACT_PACKAGES } = require('./apps');

const root = path.resolve(__dirname, '../../..');

const THIRD_PARTY = [
  'react',
  'react-dom',
  'react-router',
  'react-redux',
  '@reduxjs/toolkit',
  'styled-components',
];
const SUBPATH_SHARED = ['react', 'react-dom'];

/** @param {string} name @returns {string} */
function installedVersion(name) {
  return require(require.resolve(`${name}/package.json`, { paths: [root] })).version;
}

/**
 * @typedef {{ singleton: true, requiredVersion: string, version: string }} SharedEntry
 * @param {Record<string, string>} dependencies the app's own package.json dependencies
 * @returns {Record<string, SharedEntry>}
 */
function sharedSingletons(dependencies) {
  /** @type {Record<string, SharedEntry>} */
  const shared = {};
  for (const name of THIRD_PARTY) {
    /** @type {SharedEntry} */
    const entry = {
      singleton: true,
      requiredVersion: dependencies[name] ?? installedVersion(name),
      version: installedVersion(name),
    };
    shared[name] = entry;
    if (SUBPATH_SHARED.includes(name)) shared[`${name}/`] = entry;
  }
  for (const pkg of CONTRACT_PACKAGES) {
    const name = `@toolkit/${pkg}`;
    const version = require(path.join(root, 'packages', pkg, 'package.json')).version;
    shared[name] = { singleton: true, requiredVersion: version, version };
  }
  return shared;
}

module.exports = { sharedSingletons };
