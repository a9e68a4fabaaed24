// The security headers of every app, written once. The origin-free ones are the same everywhere:
// firebase.json's hosting targets carry them (deploy:check compares) and the local static servers
// apply the same rules. The Content-Security-Policy names the origins of one deployment, so it is built from
// that deployment's runtime configuration: the local stack sends it as a header; a Firebase deploy
// writes it into the shell's index.html (scripts/runtime-config.ts), where only frame-ancestors
// cannot go, and that one stays a header.

const { createHash } = require('node:crypto');

/**
 * @typedef {{
 *   remotes: Record<string, string>,
 *   functionsBaseUrl: string,
 *   functionsStreamUrl?: string,
 *   authEmulatorUrl?: string,
 *   firebase: { authDomain: string },
 *   contentUrl: string,
 *   appCheckSiteKey?: string,
 * }} Origins the fields of a runtime configuration that name other origins (functionsBaseUrl may be
 *   a path on the app's own origin instead)
 */

/** Sent with every response of every app. */
const STATIC_SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
];

// Publishers embed their surveys in their own sites (the survey's embed URL), so /survey/ pages may
// be framed by any https site; every other page (sign-in, the dashboard) by none. Firebase Hosting's
// regexes are RE2, without lookahead: "not /survey/" is spelt out one character at a time.
const SURVEY_PAGES = '^/survey/';
const OTHER_PAGES =
  '^/(?:$|[^s]|s(?:$|[^u])|su(?:$|[^r])|sur(?:$|[^v])|surv(?:$|[^e])|surve(?:$|[^y])|survey(?:$|[^/]))';

/**
 * The header rules of one app, in firebase.json's shape: firebase.json's hosting targets hold them
 * (deploy:check compares) and the local static servers apply them.
 * @param {'host' | 'remote'} kind
 * @returns {(({ source: string } | { regex: string }) & { headers: { key: string, value: string }[] })[]}
 */
function securityHeaderRules(kind) {
  if (kind === 'remote') {
    return [
      {
        source: '**',
        headers: [
          ...STATIC_SECURITY_HEADERS,
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
        ],
      },
    ];
  }
  return [
    { source: '**', headers: STATIC_SECURITY_HEADERS },
    { regex: OTHER_PAGES, headers: [{ key: 'Content-Security-Policy', value: "frame-ancestors 'none'" }] },
    {
      regex: SURVEY_PAGES,
      headers: [{ key: 'Content-Security-Policy', value: "frame-ancestors 'self' https:" }],
    },
  ];
}

/**
 * Where the shell's own site answers the callables, `/api/<callable name>`: the browser calls them
 * on the app's origin, so no call waits for a CORS preflight. Firebase Hosting forwards each to its
 * function (apiRewrites); the local static server forwards them to the API host.
 */
const API_PATH = '/api';

/**
 * The shell's Hosting rewrites that send `/api/<name>` to the function `name` in `region`, one per
 * callable: firebase.json holds them before the `**` page rewrite (a test and deploy:check compare).
 * @param {readonly string[]} names the callables' names, e.g. `account-getProfile`
 * @param {string} region
 */
function apiRewrites(names, region) {
  return [...names]
    .sort()
    .map((name) => ({ source: `${API_PATH}/${name}`, function: { functionId: name, region } }));
}

/** @param {string} url */
const originOf = (url) => new URL(url).origin;

/**
 * The functions' origins: none for a functionsBaseUrl that is a path on the app's own origin, which
 * 'self' allows, and their own for streamed answers where those go elsewhere.
 * @param {Origins} config
 */
const functionsOrigins = ({ functionsBaseUrl, functionsStreamUrl }) => [
  ...(functionsBaseUrl.startsWith('/') ? [] : [originOf(functionsBaseUrl)]),
  ...(functionsStreamUrl ? [originOf(functionsStreamUrl)] : []),
];

/**
 * The hashes of the inline scripts in an HTML page (the shell's early slide), as script-src
 * sources: the policy allows exactly those, never inline script in general.
 * @param {string} html
 * @returns {string[]}
 */
function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The shell's policy: scripts only from itself, the remotes and its own inline scripts by hash (no
 * other inline script, no eval); data
 * only from the functions, Auth, the CMS and the remotes' manifests; styles may be inline because
 * styled-components writes them at run time.
 * @param {Origins} config
 * @param {{ assetOrigins?: string[], scriptHashes?: string[] }} [options] where the CMS serves images
 *   and videos, if not from its own origin; the hashes of the page's inline scripts
 */
function contentSecurityPolicy(config, { assetOrigins = [], scriptHashes = [] } = {}) {
  const remotes = [...new Set(Object.values(config.remotes).map(originOf))];
  const content = [...new Set([originOf(config.contentUrl), ...assetOrigins.map(originOf)])];
  const auth = config.authEmulatorUrl
    ? [originOf(config.authEmulatorUrl)]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const authFrames = config.authEmulatorUrl ? [] : [`https://${config.firebase.authDomain}`];
  // App Check's reCAPTCHA Enterprise: its script and frame, and the token exchange.
  const recaptcha = config.appCheckSiteKey ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  const appCheck = config.appCheckSiteKey ? ['https://content-firebaseappcheck.googleapis.com'] : [];
  /** @type {[string, string[]][]} */
  const directives = [
    ['default-src', ["'self'"]],
    // 'self' also lets the app run its offline worker (/sw.js): without a worker-src, workers fall
    // back to script-src, and each byte here is sent with every response. The worker's own fetches
    // (the remotes' files, the content queries) are held to connect-src, sent with /sw.js too.
    ['script-src', ["'self'", ...scriptHashes, ...remotes, ...recaptcha]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...content]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...functionsOrigins(config), ...auth, ...appCheck, ...content, ...remotes]],
    ['frame-src', [...content, ...authFrames, ...recaptcha]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

module.exports = { securityHeaderRules, contentSecurityPolicy, inlineScriptHashes, API_PATH, apiRewrites };
