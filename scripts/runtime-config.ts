// Writes the shell's /runtime-config.json for one Firebase project from deploy/<project>.env,
// checked with the same parser the shell runs at start-up, so a bad value fails the deploy naming
// its field instead of failing in every browser.
// It also writes the deployment's Content-Security-Policy into the shell's index.html as a meta tag
// (origins from the same values; packages/federation security-headers).
//   npm run runtime-config -- --project <id> [--env deploy/<id>.env] [--out shell/dist/runtime-config.json]
//     [--index shell/dist/index.html]   (written only by default when --out is not given)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FUNCTIONS_REGION } from '@toolkit/domain';
import { API_PATH, contentSecurityPolicy, inlineScriptHashes } from '@toolkit/federation';
import { parseRuntimeConfig, RuntimeConfigError } from '@toolkit/platform/runtime-config';

const root = path.resolve(__dirname, '..');

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** KEY=VALUE lines; blank lines and # comments are skipped. */
export function readEnvFile(file: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const [number, line] of readFileSync(file, 'utf8').split(/\r?\n/).entries()) {
    if (/^\s*(#|$)/.test(line)) continue;
    const match = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) throw new Error(`${file}:${number + 1}: expected KEY=value`);
    values.set(match[1]!, match[2]!);
  }
  return values;
}

const project = option('project') ?? process.env.GCLOUD_PROJECT;
if (!project) {
  console.error('Name the Firebase project: npm run runtime-config -- --project <id>');
  process.exit(1);
}
const envFile = path.resolve(root, option('env') ?? `deploy/${project}.env`);
const out = path.resolve(root, option('out') ?? 'shell/dist/runtime-config.json');
const indexOption = option('index') ?? (option('out') ? undefined : 'shell/dist/index.html');
const index = indexOption ? path.resolve(root, indexOption) : null;

/** The policy as the page's first tag, replacing one written before. */
function withPolicy(html: string, policy: string): string {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`;
  const cleaned = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/i, '');
  if (!/<head>/i.test(cleaned))
    throw new Error(`${index} has no <head> to hold the Content-Security-Policy.`);
  return cleaned.replace(/<head>/i, (head) => `${head}${tag}`);
}

try {
  const env = readEnvFile(envFile);
  const value = (key: string) => env.get(key);
  const config = parseRuntimeConfig({
    remotes: {
      survey: value('REMOTE_SURVEY'),
      dashboard: value('REMOTE_DASHBOARD'),
      journey: value('REMOTE_JOURNEY'),
      billing: value('REMOTE_BILLING'),
    },
    // The shell's site forwards /api/<name> to each function (firebase.json's rewrites), so the
    // page calls them on its own origin, whichever of its domains it was opened on, with no preflight.
    functionsBaseUrl: API_PATH,
    // Hosting holds a rewritten answer back until it ends, so a streamed one comes from the functions.
    functionsStreamUrl: `https://${FUNCTIONS_REGION}-${project}.cloudfunctions.net`,
    firebase: {
      apiKey: value('FIREBASE_API_KEY'),
      authDomain: value('FIREBASE_AUTH_DOMAIN'),
      projectId: project,
    },
    contentUrl: value('CONTENT_URL'),
    contentKey: value('CONTENT_PUBLIC_KEY'),
    ...(env.has('APP_NAME') ? { appName: value('APP_NAME') } : {}),
    ...(env.has('APP_CHECK_SITE_KEY') ? { appCheckSiteKey: value('APP_CHECK_SITE_KEY') } : {}),
  });
  writeFileSync(out, `${JSON.stringify(config, null, 2)}\n`);
  console.log(`runtime configuration for ${project}: ${path.relative(root, out)}`);
  if (index) {
    const assetOrigins = (value('CONTENT_ASSET_ORIGINS') ?? '').split(',').filter(Boolean);
    const html = readFileSync(index, 'utf8');
    const scriptHashes = inlineScriptHashes(html);
    writeFileSync(index, withPolicy(html, contentSecurityPolicy(config, { assetOrigins, scriptHashes })));
    console.log(`Content-Security-Policy for ${project}: ${path.relative(root, index)}`);
  }
} catch (error) {
  const fields =
    error instanceof RuntimeConfigError && error.fields.length > 0
      ? ` (fields: ${error.fields.join(', ')})`
      : '';
  console.error(
    `${path.relative(root, envFile)}: ${error instanceof Error ? error.message : String(error)}${fields}`,
  );
  process.exit(1);
}
