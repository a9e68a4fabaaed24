// The parameter files the Firebase CLI's Functions emulator reads from a functions source folder
// (.env.local for parameters, .secret.local for secrets), so it never stops to ask for a value. The
// parameters are the ones the artifact declares: loading it fills firebase-functions' registry.
const { execFileSync } = require('node:child_process');
const { chmodSync, writeFileSync } = require('node:fs');
const path = require('node:path');

/**
 * Prints, as its last line, the name and kind of each parameter the folder's functions declare. The
 * registry is shared by firebase-functions' CommonJS and ES module builds, so either artifact fills it.
 */
const LISTER = `
  const path = require('node:path');
  const main = require(path.resolve('package.json')).main ?? 'index.js';
  import(require('node:url').pathToFileURL(path.resolve(main)).href).then(() => {
    const { declaredParams } = require(require.resolve('firebase-functions/params', { paths: [process.cwd()] }));
    process.stdout.write('\\n' + JSON.stringify(declaredParams.map((param) => ({ name: param.name, type: param.toSpec().type }))));
  });`;

/**
 * @typedef {{ name: string, type: string }} DeclaredParam
 * @typedef {{ contentUrl: string, contentKey: string, appUrl: string, allowedOrigins: readonly string[], credentialKeyJson: string }} LocalParamInputs
 */

/**
 * Each parameter and secret the functions in `dir` (a folder with their package.json) declare.
 * @param {string} dir
 * @returns {DeclaredParam[]}
 */
function declaredFunctionParams(dir) {
  const out = execFileSync(process.execPath, ['-e', LISTER], {
    cwd: dir,
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();
  return JSON.parse(out.trim().split('\n').pop() ?? '[]');
}

/**
 * The local value of every parameter: the billing sandbox, no App Check, Stripe never called.
 * @param {LocalParamInputs} inputs
 * @returns {Record<string, string>}
 */
function localParamValues({ contentUrl, contentKey, appUrl, allowedOrigins, credentialKeyJson }) {
  return {
    CONTENT_URL: contentUrl,
    CONTENT_KEY: contentKey,
    APP_URL: appUrl,
    // As JSON: the emulator hands .env.local's text to the functions unchanged, and a list parameter
    // reads JSON (a deploy turns the comma-separated .env.<project> value into it; the emulator does not).
    ALLOWED_ORIGINS: JSON.stringify(allowedOrigins),
    CREDENTIAL_SIGNING_KEY: credentialKeyJson,
    ENFORCE_APP_CHECK: 'false',
    BILLING_PROVIDER: 'sandbox',
    // The emulator's own proxy adds no X-Forwarded-For entry of the platform's front end.
    TRUSTED_PROXY_HOPS: '0',
    // Present so the emulator mounts the declared secrets; the sandbox billing never reads them.
    STRIPE_SECRET_KEY: 'sk_local_unused_by_the_billing_sandbox',
    STRIPE_WEBHOOK_SECRET: 'whsec_local_unused_by_the_billing_sandbox',
  };
}

/** @type {Record<string, string>} */
const ESCAPED = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', "'": "\\'", '"': '\\"' };
/**
 * A dotenv line as the Firebase CLI parses it: double-quoted, with its escape sequences.
 * @param {string} name
 * @param {string} value
 */
const envLine = (name, value) => `${name}="${value.replace(/[\n\r\t\v\\'"]/g, (c) => ESCAPED[c] ?? c)}"`;

/**
 * Writes `.env.local` and `.secret.local` into `dir` with a value for every parameter and secret the
 * functions there declare. Throws, naming it, for a declared parameter that has no local value.
 * @param {string} dir
 * @param {LocalParamInputs} values
 * @returns {DeclaredParam[]}
 */
function writeLocalFunctionParams(dir, values) {
  const local = localParamValues(values);
  const declared = declaredFunctionParams(dir);
  const missing = declared.filter(({ name }) => local[name] === undefined).map(({ name }) => name);
  if (missing.length > 0) {
    throw new Error(
      `No local value for the functions' parameter(s) ${missing.join(', ')}: add them to localParamValues in packages/dev-stack/src/function-params.js.`,
    );
  }
  /** @param {boolean} secret */
  const file = (secret) =>
    declared
      .filter((param) => (param.type === 'secret') === secret)
      .map(({ name }) => `${envLine(name, local[name] ?? '')}\n`)
      .join('');
  writeFileSync(path.join(dir, '.env.local'), file(false));
  writeFileSync(path.join(dir, '.secret.local'), file(true));
  chmodSync(path.join(dir, '.secret.local'), 0o600);
  return declared;
}

module.exports = { declaredFunctionParams, localParamValues, writeLocalFunctionParams };
