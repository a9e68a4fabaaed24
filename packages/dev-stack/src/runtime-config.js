// The runtime configuration the local shell fetches: the same JSON that @toolkit/platform uses
// as its local default, with ports rewritten for the ports this stack was started with. Its
// functionsBaseUrl is the functions' own address, which tools call; the page is told the shell's
// `/api` instead, which forwards there (stack.js).
const fs = require('node:fs');
const path = require('node:path');

const LOCAL_CONFIG_PATH = path.join('packages', 'platform', 'src', 'runtime-config.local.json');

/**
 * @typedef {{
 *   remotes: Record<string, string>,
 *   functionsBaseUrl: string,
 *   functionsStreamUrl?: string,
 *   authEmulatorUrl?: string,
 *   firebase: { apiKey: string, authDomain: string, projectId: string },
 *   contentUrl: string,
 *   contentKey: string,
 *   appName?: string,
 * }} RuntimeConfig
 * @typedef {Partial<Record<'shell' | 'survey' | 'dashboard' | 'journey' | 'billing' | 'auth' | 'functions' | 'content', number>>} Ports
 */

/**
 * @param {string} root
 * @returns {RuntimeConfig}
 */
function readLocalRuntimeConfig(root) {
  const file = path.join(root, LOCAL_CONFIG_PATH);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new Error(`Could not read the local runtime configuration ${file}.`, { cause });
  }
}

/**
 * Replaces the port and keeps everything else as written (no trailing slash added).
 * @param {string} url
 * @param {number | undefined} port
 */
function withPort(url, port) {
  if (port === undefined) return url;
  const parsed = new URL(url);
  parsed.port = String(port);
  const text = parsed.toString();
  return parsed.pathname === '/' && !url.endsWith('/') ? text.slice(0, -1) : text;
}

/**
 * @param {RuntimeConfig} base
 * @param {Ports} ports
 * @returns {RuntimeConfig}
 */
function runtimeConfigFor(base, ports) {
  const remotes = Object.fromEntries(
    Object.entries(base.remotes).map(([name, url]) => [
      name,
      withPort(url, ports[/** @type {keyof Ports} */ (name)]),
    ]),
  );
  return {
    ...base,
    remotes,
    functionsBaseUrl: withPort(base.functionsBaseUrl, ports.functions),
    contentUrl: withPort(base.contentUrl, ports.content),
    ...(base.authEmulatorUrl === undefined
      ? {}
      : { authEmulatorUrl: withPort(base.authEmulatorUrl, ports.auth) }),
  };
}

module.exports = { readLocalRuntimeConfig, runtimeConfigFor, withPort, LOCAL_CONFIG_PATH };
