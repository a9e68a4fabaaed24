// What the shell's port answers while `npm start` builds, before the stack can take the port: a
// page saying what is built, building and waiting, or why the build failed, which follows the
// progress and opens the product by itself once the port serves it. Without it the address
// answered nothing for the first start's build, which a person took for a broken product.
const crypto = require('node:crypto');
const http = require('node:http');
const { listen } = require('@toolkit/local-services');
const { closeServer, NO_STORE } = require('./static-server');

/**
 * @typedef {import('./build').BuildState | 'waiting'} ItemState
 * @typedef {{
 *   port: number,
 *   progress: (item: string, state: ItemState) => void,
 *   fail: (message: string) => void,
 *   close: () => Promise<void>,
 * }} HoldingPage
 */

/** How often the page asks again, in seconds; also its Retry-After. */
const RETRY_SECONDS = 2;

const STATE_LABELS = /** @type {Record<ItemState, string>} */ ({
  waiting: 'waiting',
  'up to date': 'up to date',
  building: 'building…',
  built: 'built',
  failed: 'failed',
});

// Asks for the page again instead of reloading it, so a screen reader hears only what changed
// (the status line is a live region) rather than the whole page every two seconds; any answer but
// this page's 503 is the product, so the browser reloads onto it. A request that fails (the moment
// between this server closing and the stack listening) is simply asked again.
const SCRIPT = `
(function () {
  var ids = ['summary', 'items', 'failure'];
  function poll() {
    fetch(location.href, { cache: 'no-store' })
      .then(function (response) {
        if (response.status !== 503) return location.reload();
        return response.text().then(function (html) {
          var next = new DOMParser().parseFromString(html, 'text/html');
          ids.forEach(function (id) {
            var now = document.getElementById(id);
            var then = next.getElementById(id);
            if (now && then && now.innerHTML !== then.innerHTML) now.innerHTML = then.innerHTML;
          });
          setTimeout(poll, ${RETRY_SECONDS * 1000});
        });
      })
      .catch(function () {
        setTimeout(poll, ${RETRY_SECONDS * 1000});
      });
  }
  setTimeout(poll, ${RETRY_SECONDS * 1000});
})();
`;

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 1.5rem 1rem; }
main { max-width: 40rem; margin: 0 auto; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
ul { padding-left: 1.25rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0.75rem; border: 1px solid; border-radius: 0.25rem; font-size: 0.875rem; }
pre:empty { display: none; }
`;

/** @param {string} text */
const sha256 = (text) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

// The page loads nothing from anywhere: its one script and style are allowed by their hashes, and
// it may only ask its own origin for itself.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src ${sha256(SCRIPT)}`,
  `style-src ${sha256(STYLE)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * For element content only (nothing the page is told goes into an attribute).
 * @param {string} text
 */
function escapeHtml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** @param {string[]} names */
function listed(names) {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Serves the holding page on every path and method until closed.
 * @param {{ port: number, host: string, items: string[] }} options `items` in the order shown
 *   (the app folders, then anything else the start builds); each starts as waiting
 * @returns {Promise<HoldingPage>}
 */
async function startHoldingPage({ port, host, items }) {
  const states = new Map(items.map((item) => [item, /** @type {ItemState} */ ('waiting')]));
  /** @type {string | undefined} */
  let failure;

  function summary() {
    if (failure !== undefined)
      return 'The build failed, so the product did not start. Once it is fixed and started again, this page follows by itself.';
    const entries = [...states];
    const building = entries.filter(([, state]) => state === 'building').map(([item]) => item);
    const ready = entries.filter(([, state]) => state === 'built' || state === 'up to date').length;
    if (building.length > 0) return `Building ${listed(building)}: ${ready} of ${states.size} ready.`;
    if (ready === states.size) return `All ${states.size} built; starting the services…`;
    return `Checking what needs building: ${ready} of ${states.size} ready.`;
  }

  function page() {
    const rows = [...states]
      .map(([item, state]) => `<li>${escapeHtml(item)}: ${STATE_LABELS[state]}</li>`)
      .join('');
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Starting the product</title>
<noscript><meta http-equiv="refresh" content="${RETRY_SECONDS}"></noscript>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Starting the product</h1>
<p id="summary" role="status">${escapeHtml(summary())}</p>
<pre id="failure">${escapeHtml(failure ?? '')}</pre>
<ul id="items">${rows}</ul>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
  }

  const server = http.createServer((req, res) => {
    const body = page();
    res.writeHead(503, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      // Never kept: the next answer from this address is the product.
      'Cache-Control': NO_STORE,
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      // Asking again does not help after a failure, only a new start does.
      ...(failure === undefined ? { 'Retry-After': String(RETRY_SECONDS) } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  const bound = await listen(server, port, host, 'the shell');

  return {
    port: bound,
    progress(item, state) {
      states.set(item, state);
    },
    fail(message) {
      failure = message;
    },
    close: () => closeServer(server),
  };
}

module.exports = { startHoldingPage };
