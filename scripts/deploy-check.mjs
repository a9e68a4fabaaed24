// npm run deploy:check — what `firebase deploy` would ship, built and checked offline: every
// artifact built; firebase.json's functions, hosting targets, rules, indexes and extensions present
// and consistent; the functions artifact installed in a folder of its own as Cloud Build installs it
// (so a workspace package missing from the bundle fails here, not in Cloud Build); its bundle loaded
// there and each function listed with its region, runtime and memory; then loaded by the Firebase
// CLI's own Functions emulator, where every function must initialise, a call be answered with its
// CORS grant, and the CLI print no warning.
// Exits 1 on any mismatch.
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const REGION = 'australia-southeast1';
const MEMORY_MB = 256;
const problems = [];
const check = (ok, problem) => {
  if (!ok) problems.push(problem);
};
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const npm = (args, cwd = root) =>
  execFileSync('npm', args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] }).toString();

/**
 * The Google Cloud CLI's Pub/Sub emulator, laid out as the Firebase CLI's emulator cache expects it
 * (FIREBASE_EMULATORS_PATH, PUBSUB_EMULATOR_VERSION): the CLI then starts it for the scheduled
 * function instead of downloading its own. Null when the Google Cloud CLI or the emulator is missing.
 */
function pubsubEmulatorCache(dir) {
  let gcloud;
  try {
    gcloud = realpathSync(execFileSync('which', ['gcloud']).toString().trim());
  } catch {
    return null;
  }
  const home = path.join(path.dirname(path.dirname(gcloud)), 'platform/pubsub-emulator');
  const jar = existsSync(path.join(home, 'lib'))
    ? readdirSync(path.join(home, 'lib')).find((file) => /^cloud-pubsub-emulator-.+-all\.jar$/.test(file))
    : undefined;
  if (!jar) return null;
  const version = /^cloud-pubsub-emulator-(.+)-all\.jar$/.exec(jar)[1];
  const bin = path.join(dir, `pubsub-emulator-${version}/pubsub-emulator/bin`);
  mkdirSync(bin, { recursive: true });
  symlinkSync(path.join(home, 'bin/cloud-pubsub-emulator'), path.join(bin, 'cloud-pubsub-emulator'));
  return { FIREBASE_EMULATORS_PATH: dir, PUBSUB_EMULATOR_VERSION: version };
}

/**
 * The script emulators:exec runs once the functions are loaded: one call without a session from an
 * allowed origin, which resolves the parameters at run time (the refusal comes after them) and gets
 * CORS from the list parameter. It prints its status and the origin granted.
 */
const callScript = (url) =>
  `node -e "fetch('${url}', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' }, body: JSON.stringify({ data: null }) }).then((r) => console.log('deploy-check call: ' + r.status + ' ' + r.headers.get('access-control-allow-origin')))"`;

/**
 * Loads the installed artifact in `dir` in the Firebase CLI's Functions emulator, with the local
 * parameters written for it, and makes one call: answers the functions it initialised, the call's
 * outcome, and the warnings printed while loading them and answering (the functions' own included).
 */
async function loadInFunctionsEmulator(dir) {
  const { writeLocalFunctionParams } = require('@toolkit/dev-stack');
  const { freePort } = require('@toolkit/local-services');
  writeLocalFunctionParams(dir, {
    // Loading reads none of them (that is checked) and the one call is refused before it uses them.
    contentUrl: 'http://127.0.0.1:9/graphql',
    contentKey: 'deploy-check',
    appUrl: 'http://localhost:3000',
    allowedOrigins: ['http://localhost:3000'],
    credentialKeyJson: '{}',
  });
  const project = mkdtempSync(path.join(os.tmpdir(), 'functions-emulator-'));
  try {
    const pubsub = pubsubEmulatorCache(path.join(project, 'emulators'));
    if (!pubsub) {
      return {
        missing:
          "the Google Cloud CLI's Pub/Sub emulator, which runs the scheduled purge (install the Google Cloud CLI, then: gcloud components install pubsub-emulator)",
      };
    }
    const emulators = { ui: { enabled: false }, singleProjectMode: true };
    for (const name of ['functions', 'auth', 'pubsub', 'hub', 'logging', 'eventarc', 'tasks']) {
      emulators[name] = { host: '127.0.0.1', port: await freePort() };
    }
    const config = path.join(project, 'firebase.json');
    writeFileSync(
      config,
      JSON.stringify({
        functions: [{ source: path.relative(project, dir), codebase: 'default', runtime: functions.runtime }],
        emulators,
      }),
    );
    // emulators:exec starts the emulators (every function loaded), runs the script, then stops them;
    // unlike emulators:start it does not warn that the disabled UI is not starting. Two lookups that
    // only warn offline are skipped: the CLI's message of the day (not fetched when CI=true) and the
    // Google Cloud metadata server its Pub/Sub client probes (METADATA_SERVER_DETECTION=none).
    const cli = path.join(
      path.dirname(require.resolve('firebase-tools/package.json')),
      'lib/bin/firebase.js',
    );
    const child = spawn(
      process.execPath,
      [
        cli,
        'emulators:exec',
        '--only',
        'functions,auth,pubsub',
        '--project',
        'demo-toolkit',
        '--config',
        config,
        callScript(
          `http://127.0.0.1:${emulators.functions.port}/demo-toolkit/${REGION}/admin-getAvailableRoles`,
        ),
      ],
      {
        cwd: project,
        detached: true,
        env: { ...process.env, ...pubsub, CI: 'true', METADATA_SERVER_DETECTION: 'none' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const stopGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group has ended already.
      }
    };
    const timeout = setTimeout(() => {
      output += '\n(deploy:check: the emulators did not finish loading in 240 s and were stopped)';
      stopGroup('SIGTERM');
      setTimeout(() => stopGroup('SIGKILL'), 5_000).unref();
    }, 240_000);
    const code = await new Promise((resolve) => child.on('close', resolve));
    clearTimeout(timeout);
    stopGroup('SIGKILL');
    const plain = stripVTControlCharacters(output);
    const [loading, afterLoad = ''] = plain.split('Running script:').map((part) => part.split('\n'));
    const called = afterLoad.map((line) => /^deploy-check call: (.*)$/.exec(line)?.[1]).find(Boolean);
    const initialised = loading
      .map((line) => new RegExp(`functions\\[${REGION}-([\\w-]+)\\]: .*function initialized`).exec(line))
      .filter(Boolean)
      .map((match) => match[1]);
    // The CLI's own (⚠), the functions' logger's ("severity":"WARNING") and Node.js's (…Warning:).
    const warnings = [
      ...loading,
      ...afterLoad.slice(
        0,
        afterLoad.findIndex((line) => /Script exited/.test(line)),
      ),
    ].filter((line) => /^\s*⚠/.test(line) || /warn/i.test(line));
    return { code, initialised, called, warnings, output: plain };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

console.log('building the functions artifact…');
npm(['run', '-s', 'build', '-w', '@toolkit/functions']);
console.log('building the hosting apps (those that changed)…');
const { ensureBuilt, listApps } = require('@toolkit/dev-stack');
await ensureBuilt({ root, log: (line) => console.log(`  ${line}`) });

const firebase = readJson('firebase.json');

// Functions: one codebase, the generated artifact, on the runtime its package.json names.
const [functions, ...otherCodebases] = firebase.functions ?? [];
check(functions && otherCodebases.length === 0, 'firebase.json must declare exactly one functions codebase');
const source = path.join(root, functions?.source ?? '');
const artifact = existsSync(path.join(source, 'package.json'))
  ? JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'))
  : null;
check(artifact, `functions source ${functions?.source} has no package.json: is it the generated artifact?`);
check(
  artifact && functions.runtime === `nodejs${artifact.engines?.node}`,
  `functions runtime ${functions?.runtime} does not match the artifact's engines.node ${artifact?.engines?.node}`,
);
check(functions?.runtime === 'nodejs22', `functions runtime is ${functions?.runtime}, not nodejs22`);
for (const name of Object.keys(artifact?.dependencies ?? {})) {
  check(!name.startsWith('@toolkit/'), `the artifact depends on workspace package ${name}`);
}

// Hosting: one target per app, each serving its build.
const apps = listApps();
const targets = new Map((firebase.hosting ?? []).map((site) => [site.target, site]));
check(
  JSON.stringify([...targets.keys()].sort()) === JSON.stringify(apps.map((app) => app.name).sort()),
  `hosting targets ${[...targets.keys()].join(', ')} are not the apps ${apps.map((app) => app.name).join(', ')}`,
);
for (const app of apps) {
  const site = targets.get(app.name);
  if (!site) continue;
  check(
    site.public === `${app.dir}/dist`,
    `hosting target ${app.name} serves ${site.public}, not ${app.dir}/dist`,
  );
  const entry = app.kind === 'host' ? 'index.html' : 'mf-manifest.json';
  check(
    existsSync(path.join(root, site.public, entry)),
    `${site.public}/${entry} is missing after the build`,
  );
  // Deploying one target builds that app and nothing else.
  const builds = (site.predeploy ?? []).filter((step) => /run build -w /.test(step));
  check(
    builds.length === 1 && builds[0].endsWith(`run build -w ${app.dir}`),
    `hosting target ${app.name} must build ${app.dir}, and only it, before deploying`,
  );
}
// The security headers are the ones the local servers send (packages/federation security-headers).
const { API_PATH, apiRewrites, securityHeaderRules } = require('@toolkit/federation');
for (const app of apps) {
  const rules = (targets.get(app.name)?.headers ?? []).map((rule) => JSON.stringify(rule));
  for (const rule of securityHeaderRules(app.kind)) {
    check(
      rules.includes(JSON.stringify(rule)),
      `hosting target ${app.name} lacks the header rule ${JSON.stringify(rule)}`,
    );
  }
}
const shell = targets.get('shell');
const rewriteAt = (source) => (shell?.rewrites ?? []).findIndex((rule) => rule.source === source);
check(
  rewriteAt('/runtime-config.json') !== -1 && rewriteAt('/runtime-config.json') < rewriteAt('**'),
  'the shell must not answer /runtime-config.json with index.html: rewrite it to itself before the ** rewrite',
);
check(
  (shell?.predeploy ?? []).some((step) => step.includes('run runtime-config')),
  'the shell target must write /runtime-config.json for the project before deploying',
);

// The runtime configuration generator, on the documented example environment file.
const exampleConfig = path.join(os.tmpdir(), `runtime-config-${process.pid}.json`);
const exampleIndex = path.join(os.tmpdir(), `index-${process.pid}.html`);
try {
  cpSync(path.join(root, 'shell/dist/index.html'), exampleIndex);
  npm([
    'run',
    '-s',
    'runtime-config',
    '--',
    '--project',
    'example-toolkit',
    '--env',
    'deploy/example.env',
    '--out',
    exampleConfig,
    '--index',
    exampleIndex,
  ]);
  const written = JSON.parse(readFileSync(exampleConfig, 'utf8'));
  check(
    written.functionsBaseUrl === API_PATH &&
      written.functionsStreamUrl === `https://${REGION}-example-toolkit.cloudfunctions.net`,
    `the runtime configuration names functions at ${written.functionsBaseUrl} and ${written.functionsStreamUrl}, not ${API_PATH} and the functions' own address for streams`,
  );
} catch (error) {
  problems.push(
    `deploy/example.env does not make a valid runtime configuration: ${error instanceof Error ? error.message : error}`,
  );
  const policy =
    /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(
      readFileSync(exampleIndex, 'utf8'),
    )?.[1] ?? '';
  check(
    policy.includes('https://australia-southeast1-example-toolkit.cloudfunctions.net') &&
      !/script-src[^;]*unsafe-inline/.test(policy),
    `the shell's Content-Security-Policy for the example is wrong: ${policy || 'missing'}`,
  );
} finally {
  rmSync(exampleConfig, { force: true });
  rmSync(exampleIndex, { force: true });
}

// Firestore rules and indexes, and the extensions' parameter files.
const rules = firebase.firestore?.rules;
check(
  rules &&
    existsSync(path.join(root, rules)) &&
    /^rules_version\s*=/m.test(readFileSync(path.join(root, rules), 'utf8')),
  `firestore rules ${rules} are missing or name no rules_version`,
);
const indexes = firebase.firestore?.indexes ? readJson(firebase.firestore.indexes) : null;
check(
  indexes && Array.isArray(indexes.indexes) && Array.isArray(indexes.fieldOverrides ?? []),
  `firestore indexes ${firebase.firestore?.indexes} are missing or malformed`,
);
for (const instance of Object.keys(firebase.extensions ?? {})) {
  check(
    existsSync(path.join(root, 'extensions', `${instance}.env`)),
    `extension ${instance} has no extensions/${instance}.env`,
  );
}

// The artifact, installed and loaded where nothing of the monorepo can be found.
// Every callable's name, from the declarations (`name: 'area-name'`).
const expected = [
  ...readFileSync(path.join(root, 'packages/domain/src/callables.ts'), 'utf8').matchAll(
    /\bname:\s*'([a-z]+-[A-Za-z]+)'/g,
  ),
].map((match) => match[1]);
check(expected.length > 0, 'no callable declarations found in packages/domain/src/callables.ts');
// The page calls each callable on the shell's own origin: firebase.json forwards /api/<name> to it,
// before the page rewrite (packages/federation security-headers).
const shellRewrites = shell?.rewrites ?? [];
const forwarded = shellRewrites.filter((rule) => rule.source.startsWith(`${API_PATH}/`));
check(
  JSON.stringify(forwarded) === JSON.stringify(apiRewrites(expected, REGION)),
  `the shell's ${API_PATH}/<name> rewrites differ from the callables: missing ${expected.filter((name) => !forwarded.some((rule) => rule.function?.functionId === name)).join(', ') || 'none'}; others ${
    forwarded
      .filter((rule) => !expected.includes(rule.function?.functionId))
      .map((rule) => rule.source)
      .join(', ') || 'none'
  } (or not in order, or not to ${REGION})`,
);
check(
  shellRewrites.slice(rewriteAt('**')).every((rule) => !rule.source.startsWith(`${API_PATH}/`)),
  `the shell must forward ${API_PATH}/<name> before the ** rewrite answers it with index.html`,
);
// Beside the callables: the Stripe webhook, the sign-up guard and the daily purge of deleted organisations.
expected.push('stripeWebhook', 'refusePasswordSignUp', 'purgeOrganisations');
const sandbox = mkdtempSync(path.join(os.tmpdir(), 'functions-artifact-'));
let listed = [];
let emulated = null;
try {
  cpSync(source, sandbox, { recursive: true, filter: (file) => !file.includes('node_modules') });
  console.log(`installing the artifact as Cloud Build does (npm install --omit=dev in ${sandbox})…`);
  npm(['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], sandbox);
  const lister = `
    const exported = require('./${artifact?.main ?? 'index.js'}');
    const rows = [];
    for (const [name, value] of Object.entries(exported)) {
      const entries = typeof value === 'function' ? [[name, value]] : Object.entries(value).map(([n, f]) => [name + '-' + n, f]);
      for (const [id, fn] of entries) {
        const e = fn.__endpoint ?? {};
        rows.push({ id, region: (e.region ?? []).join(','), memory: e.availableMemoryMb, trigger: e.callableTrigger ? 'callable' : e.httpsTrigger ? 'https' : e.blockingTrigger ? 'blocking' : e.scheduleTrigger ? 'schedule' : 'other' });
      }
    }
    process.stdout.write(JSON.stringify(rows));`;
  listed = JSON.parse(
    execFileSync(process.execPath, ['-e', lister], {
      cwd: sandbox,
      env: { PATH: process.env.PATH },
    }).toString(),
  );
  console.log("loading the artifact in the Firebase CLI's Functions emulator…");
  emulated = await loadInFunctionsEmulator(sandbox);
} catch (error) {
  problems.push(
    `the functions artifact does not install or load on its own: ${error instanceof Error ? error.message : error}`,
  );
} finally {
  rmSync(sandbox, { recursive: true, force: true });
}

const ids = listed.map((row) => row.id).sort();
check(
  listed.length === 0 || JSON.stringify(ids) === JSON.stringify([...expected].sort()),
  `the deployed functions differ from the callables: missing ${expected.filter((id) => !ids.includes(id)).join(', ') || 'none'}; unexpected ${ids.filter((id) => !expected.includes(id)).join(', ') || 'none'}`,
);
for (const row of listed) {
  check(row.region === REGION, `${row.id} is in ${row.region}, not ${REGION}`);
  check(row.memory === MEMORY_MB, `${row.id} has ${row.memory} MB, not ${MEMORY_MB}`);
}
if (listed.length > 0) {
  console.log(`\n${listed.length} functions (${functions.runtime}):`);
  for (const row of listed) {
    console.log(
      `  ${row.id.padEnd(40)} ${row.region}  ${functions.runtime}  ${row.memory} MB  ${row.trigger}`,
    );
  }
}

if (emulated?.missing) {
  problems.push(`the artifact cannot be loaded in the Functions emulator without ${emulated.missing}`);
} else if (emulated) {
  // This machine's Node.js, not the artifact: the emulator runs the functions on the host's Node.js
  // and says so when its major differs from the runtime the artifact names (Cloud Functions uses that).
  const hostNode = process.versions.node.split('.')[0];
  const otherNode = `⚠  functions: Your requested "node" version "${artifact?.engines?.node}" doesn't match your global version "${hostNode}". Using node@${hostNode} from host.`;
  const warnings = emulated.warnings.filter((line) => line.trim() !== otherNode);
  check(
    warnings.length === 0,
    `the Firebase CLI warned while loading the artifact in the Functions emulator or answering a call:\n${warnings.map((line) => `      ${line.trim()}`).join('\n')}`,
  );
  const notLoaded = expected.filter((id) => !emulated.initialised.includes(id));
  check(
    emulated.called === '401 http://localhost:3000',
    `a call without a session from an allowed origin was answered ${emulated.called ?? 'not at all'}, not 401 with that origin granted`,
  );
  check(
    notLoaded.length === 0,
    `the Functions emulator did not initialise ${notLoaded.join(', ')} (exit ${emulated.code}):\n${emulated.output}`,
  );
  if (warnings.length === 0 && notLoaded.length === 0) {
    console.log(
      `the Functions emulator initialised all ${expected.length} functions, answered a call, and printed no warning.`,
    );
  }
}

if (problems.length > 0) {
  console.error(`\ndeploy:check failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(
  '\ndeploy:check passed: firebase.json, the hosting builds, rules, indexes and the functions artifact agree.',
);
