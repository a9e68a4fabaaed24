// Bundles the service worker (src/offline/sw.ts) into dist/sw.js: one script at a fixed address
// (a worker is registered by URL, so the name cannot carry a hash) with no Module Federation
// runtime in it, emitted by the shell's own webpack build so `npm start`, the e2e run and a
// deploy all serve it.
const path = require('node:path');
const esbuild = require('esbuild');
const { emitBuiltAsset } = require('./emit-built-asset');

const ENTRY = path.join(__dirname, 'src/offline/sw.ts');
const FILE = 'sw.js';

/**
 * The domain's modules only declare (rules, tables, schemas), so esbuild may drop what the worker
 * does not use: without this it keeps every callable's declaration for one path builder (72 KB to 32 KB).
 * @type {esbuild.Plugin}
 */
const domainWithoutSideEffects = {
  name: 'domain-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      const inDomain =
        args.path.startsWith('@toolkit/domain') ||
        args.importer.includes(`${path.sep}packages${path.sep}domain${path.sep}`);
      if (!inDomain || args.pluginData === domainWithoutSideEffects) return undefined;
      const { resolveDir, importer, kind } = args;
      const resolved = await build.resolve(args.path, {
        resolveDir,
        importer,
        kind,
        pluginData: domainWithoutSideEffects,
      });
      return resolved.errors.length > 0
        ? { errors: resolved.errors }
        : { path: resolved.path, sideEffects: false };
    });
  },
};

/** @returns {Promise<{ code: string, inputs: string[] }>} */
async function buildServiceWorker() {
  const { outputFiles, metafile } = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    metafile: true,
    legalComments: 'none',
    plugins: [domainWithoutSideEffects],
    // Workbox logs every step outside production builds.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return {
    code: outputFiles[0].text,
    inputs: Object.keys(metafile.inputs).map((input) => path.resolve(input)),
  };
}

/** Emits the service worker, rebuilt when any file it is built from changes. */
const serviceWorkerPlugin = () =>
  emitBuiltAsset('ServiceWorkerPlugin', async () => ({ file: FILE, ...(await buildServiceWorker()) }));

module.exports = { serviceWorkerPlugin };
