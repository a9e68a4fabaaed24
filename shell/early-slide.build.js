// Bundles the early slide (src/early-slide/index.ts) into the script that index.html carries
// inline: one small file with no imports, run before any of the app's chunks.
const path = require('node:path');
const esbuild = require('esbuild');

/** @returns {string} the minified script */
function buildEarlySlide() {
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [path.join(__dirname, 'src/early-slide/index.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
  });
  const code = outputFiles[0].text.trim();
  // Inside a <script> element these would end it or open a comment.
  if (/<\/script|<!--/i.test(code)) throw new Error('The early slide holds markup that cannot be inlined.');
  return code;
}

module.exports = { buildEarlySlide };
