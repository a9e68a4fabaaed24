// The shared singletons, declared once for the shell and every remote (docs/architecture.md).
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

/**
 * Shared packages provided through a module that re-exports only the names the apps use, so the
 * rest of the package is tree-shaken away. Each module imports its package under the alias in
 * `alias` (a request that is not itself a share key); webpack-config.js resolves it.
 */
const SLIM_SHARED = {
  'react-router': {
    import: path.join(__dirname, 'slim', 'react-router.mjs'),
    alias: 'react-router-package',
    /** @param {boolean} production */
    target: (production) =>
      packageFile('react-router', `dist/${production ? 'production' : 'development'}/index.mjs`),
    /** @returns {Record<string, string>} */
    dependencyAliases: () => ({}),
  },
  '@reduxjs/toolkit': {
    import: path.join(__dirname, 'slim', 'redux-toolkit.mjs'),
    alias: 'redux-toolkit-package',
    // Not the prebuilt browser.mjs: its development checks are gone, but so is what webpack needs to
    // tree-shake it (1.1 KB compressed more). In the ES module build, production mode compiles the
    // development checks (process.env.NODE_ENV) out.
    target: () => packageFile('@reduxjs/toolkit', 'dist/redux-toolkit.modern.mjs'),
    // immer is bundled into this module; its production build drops the error texts (0.2 KB).
    /** @param {boolean} production @returns {Record<string, string>} */
    dependencyAliases: (production) =>
      production ? { immer: packageFile('immer', 'dist/immer.production.mjs') } : {},
  },
};

/** @param {string} name @param {string} file @returns {string} */
function packageFile(name, file) {
  return path.join(path.dirname(require.resolve(`${name}/package.json`, { paths: [root] })), file);
}

/** @param {string} name @returns {string} */
function installedVersion(name) {
  return require(packageFile(name, 'package.json')).version;
}

/**
 * @typedef {{ singleton: true, requiredVersion: string, version: string, import?: string, eager?: true }} SharedEntry
 * @param {Record<string, string>} dependencies the app's own package.json dependencies
 * @param {{ eager?: boolean }} [options] `eager`: the shell's, whose copies every app uses. They are
 *   in its entry chunk, one file instead of one chunk per package, which every page loads at start
 *   anyway; remotes ask for them from the shell and never load their own.
 * @returns {Record<string, SharedEntry>}
 */
function sharedSingletons(dependencies, { eager = false } = {}) {
  /** @type {Record<string, SharedEntry>} */
  const shared = {};
  for (const name of THIRD_PARTY) {
    /** @type {SharedEntry} */
    const entry = {
      singleton: true,
      requiredVersion: dependencies[name] ?? installedVersion(name),
      version: installedVersion(name),
      ...(eager ? { eager: true } : {}),
      ...(name in SLIM_SHARED
        ? { import: SLIM_SHARED[/** @type {keyof typeof SLIM_SHARED} */ (name)].import }
        : {}),
    };
    shared[name] = entry;
    if (SUBPATH_SHARED.includes(name)) shared[`${name}/`] = entry;
  }
  for (const pkg of CONTRACT_PACKAGES) {
    const name = `@toolkit/${pkg}`;
    if (!(name in dependencies)) continue;
    const version = require(path.join(root, 'packages', pkg, 'package.json')).version;
    shared[name] = { singleton: true, requiredVersion: version, version, ...(eager ? { eager: true } : {}) };
  }
  return shared;
}

/**
 * The aliases the slim shared modules import their package through, and the production builds of
 * packages bundled into them.
 * @param {boolean} production
 * @returns {Record<string, string>}
 */
function slimSharedAliases(production) {
  return Object.fromEntries(
    Object.values(SLIM_SHARED).flatMap((slim) => [
      [`${slim.alias}$`, slim.target(production)],
      ...Object.entries(slim.dependencyAliases(production)).map(([name, target]) => [`${name}$`, target]),
    ]),
  );
}

module.exports = { sharedSingletons, slimSharedAliases, SLIM_SHARED };
