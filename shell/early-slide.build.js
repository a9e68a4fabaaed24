// Bundles the early slide (src/early-slide/index.ts) into the script that index.html carries
// inline: one small file with no imports, run before any of the app's chunks. A signed-in area's
// first reads (src/early-slide/first-reads-start.ts) are a file of their own, which the inline
// script asks for only on such a page: every page, a survey's first among them, carries the inline
// script, and only signed-in pages need these.
const crypto = require('node:crypto');
const path = require('node:path');
const esbuild = require('esbuild');
const { emitBuiltAsset } = require('./emit-built-asset');

/** @param {string} entry @returns {string} the minified script */
function bundle(entry) {
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [path.join(__dirname, entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
  });
  return outputFiles[0].text.trim();
}

/** @returns {string} the minified script */
function buildEarlySlide() {
  const code = bundle('src/early-slide/index.ts');
  // Inside a <script> element these would end it or open a comment.
  if (/<\/script|<!--/i.test(code)) throw new Error('The early slide holds markup that cannot be inlined.');
  return code;
}

/** Each compilation's first reads' script: index.html names it and the plugin emits it, built once. */
const firstReadsStarts = new WeakMap();

/**
 * @param {object} compilation
 * @returns {{ file: string, code: string }} the signed-in first reads' script and its file name
 */
function buildFirstReadsStart(compilation) {
  const built = firstReadsStarts.get(compilation);
  if (built) return built;
  const code = bundle('src/early-slide/first-reads-start.ts');
  const hash = crypto.createHash('sha256').update(code).digest('hex').slice(0, 8);
  const start = { file: `first-reads-start.${hash}.js`, code };
  firstReadsStarts.set(compilation, start);
  return start;
}

/** Emits each compilation's first reads' script. */
const firstReadsStartPlugin = () =>
  emitBuiltAsset('FirstReadsStartPlugin', async (compilation) => buildFirstReadsStart(compilation));

module.exports = { buildEarlySlide, buildFirstReadsStart, firstReadsStartPlugin };
