// Builds what Cloud Functions deploys, in deploy/: index.js, the bundle of src/index.ts with every
// workspace package inside it, split in ES modules (chunks/: each callable's handler and what only it
// imports, loaded on the function's first call), and a package.json that lists only the public
// packages left out of the bundle. Cloud Build runs `npm install` there; no @toolkit/* name reaches
// the registry.
//
// A run whose folder holds a build of the same inputs reuses it: the CLI, deploy:check, the e2e
// firebase run, start:firebase and the benches all ask for the artifact, often in one `npm test`.
// The stamp (STAMP_FILE, written last) holds a hash of every file the build read and of every file it
// wrote; the next run keeps the folder only when all of them match. `--force` always builds.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build } from 'esbuild';

const script = fileURLToPath(import.meta.url);
const packageDir = path.resolve(path.dirname(script), '..');
// `--out <folder>` builds elsewhere (a test's temporary folder), leaving deploy/ to the CLI.
const outAt = process.argv.indexOf('--out');
const deployDir = outAt === -1 ? path.join(packageDir, 'deploy') : path.resolve(process.argv[outAt + 1]);
const force = process.argv.includes('--force');
/** Loaded by Cloud Functions itself or too large to bundle well: installed from the registry. */
export const EXTERNAL = ['firebase-admin', 'firebase-functions'];
/** The Node.js major version of firebase.json's runtime (nodejs22). */
export const NODE_MAJOR = '22';

const workspaceSources = path.resolve(packageDir, '..');
const workspaceRoot = path.dirname(workspaceSources);
const STAMP_FILE = '.build-stamp.json';
const ENV_FILE = /^\.env(\.[\w-]+)?$/;

/**
 * The workspace packages' modules do nothing when imported but define things (handlers call
 * defineHandler, which is not known to be pure): marked so, a barrel's unused exports, and the
 * handlers behind them, stay out of index.js and of the chunks that do not use them.
 */
const workspaceWithoutSideEffects = {
  name: 'workspace-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      const inWorkspace =
        resolved.path.startsWith(workspaceSources + path.sep) &&
        !resolved.path.includes(`${path.sep}node_modules${path.sep}`);
      return inWorkspace && resolved.errors.length === 0 ? { ...resolved, sideEffects: false } : resolved;
    });
  },
};

/** A path as the stamp and the printed reason name it: from the workspace root, with forward slashes. */
const named = (file) => path.relative(workspaceRoot, file).split(path.sep).join('/');

/** The file's content hash, or null when there is no such file (then its coming back is a change). */
async function hashOf(file) {
  try {
    return createHash('sha256')
      .update(await readFile(file))
      .digest('base64url');
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  }
}

/** Each file's hash, by its name. */
async function hashes(files) {
  const entries = await Promise.all(files.map(async (file) => [named(file), await hashOf(file)]));
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The entries of a folder, none when it does not exist. */
async function entriesOf(dir) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  }
}

/**
 * What the build reads besides the modules it bundles: how esbuild resolves and compiles them (every
 * package.json and tsconfig*.json in their folders and those above, within the workspace), esbuild's
 * own version, this script, the package's package.json and the .env files copied beside the bundle.
 */
async function filesReadBesides(bundled) {
  const dirs = new Set();
  for (const file of bundled) {
    for (let dir = path.dirname(file); !path.relative(workspaceRoot, dir).startsWith('..');) {
      if (dirs.has(dir)) break;
      dirs.add(dir);
      if (dir === workspaceRoot) break;
      dir = path.dirname(dir);
    }
  }
  const configs = await Promise.all(
    [...dirs].map(async (dir) =>
      (await entriesOf(dir))
        .filter((entry) => entry.isFile() && /^(package|tsconfig[\w.-]*)\.json$/.test(entry.name))
        .map((entry) => path.join(dir, entry.name)),
    ),
  );
  const envFiles = (await entriesOf(packageDir))
    .filter((entry) => ENV_FILE.test(entry.name))
    .map((entry) => path.join(packageDir, entry.name));
  const esbuildManifest = createRequire(import.meta.url).resolve('esbuild/package.json');
  return [
    ...new Set([
      ...configs.flat(),
      ...envFiles,
      esbuildManifest,
      script,
      path.join(packageDir, 'package.json'),
    ]),
  ];
}

/** Every file in the folder but the stamp, by its path. */
async function filesIn(dir) {
  const found = [];
  for (const entry of await entriesOf(dir)) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesIn(file)));
    else if (file !== path.join(deployDir, STAMP_FILE)) found.push(file);
  }
  return found;
}

/** The stamp of the folder as it is now, for the bundled modules a build listed. */
async function currentStamp(bundled) {
  return {
    bundled: await hashes(bundled),
    read: await hashes(await filesReadBesides(bundled)),
    written: await hashes(await filesIn(deployDir)),
  };
}

/** Why the folder's stamp does not hold for it now, or null when it does. */
async function staleness() {
  if (force) return '--force';
  let stamp;
  try {
    stamp = JSON.parse(await readFile(path.join(deployDir, STAMP_FILE), 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return 'no earlier build';
    throw error;
  }
  const now = await currentStamp(
    Object.keys(stamp.bundled ?? {}).map((file) => path.join(workspaceRoot, file)),
  );
  const changes = Object.keys(now).flatMap((part) => {
    const [before, after] = [stamp[part] ?? {}, now[part]];
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((file) => before[file] !== after[file])
      .map((file) => {
        if (!(file in before)) return `${file} is new`;
        return after[file] === null || !(file in after) ? `${file} is gone` : `${file} changed`;
      });
  });
  if (changes.length === 0) return null;
  return changes.length === 1 ? changes[0] : `${changes[0]} (and ${changes.length - 1} more)`;
}

/** The artifact, built afresh into the folder, with its stamp. */
async function buildArtifact() {
  const own = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8'));
  await rm(deployDir, { recursive: true, force: true });
  await mkdir(deployDir, { recursive: true });
  const { metafile } = await build({
    entryPoints: { index: path.join(packageDir, 'src/index.ts') },
    absWorkingDir: workspaceRoot,
    metafile: true,
    bundle: true,
    platform: 'node',
    target: `node${NODE_MAJOR}`,
    // Code splitting needs ES modules; the runtime imports a "type": "module" package's main file.
    format: 'esm',
    splitting: true,
    outdir: deployDir,
    chunkNames: 'chunks/[name]-[hash]',
    // The bundled CommonJS packages call require() (for Node's own modules): each module gets one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [workspaceWithoutSideEffects],
    external: EXTERNAL,
    logLevel: 'warning',
  });
  const manifest = {
    name: 'toolkit-functions',
    private: true,
    description: 'Generated by packages/functions/bin/build-artifact.mjs: the deployed Cloud Functions.',
    type: 'module',
    main: 'index.js',
    engines: { node: NODE_MAJOR },
    dependencies: Object.fromEntries(
      EXTERNAL.map((name) => {
        const range = own.dependencies?.[name];
        if (!range) throw new Error(`packages/functions/package.json lists no version of ${name}.`);
        return [name, range];
      }),
    ),
  };
  await writeFile(path.join(deployDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // Parameter values per project (.env, .env.<project>) are read by the CLI from the source folder.
  for (const file of await readdir(packageDir)) {
    if (ENV_FILE.test(file)) await copyFile(path.join(packageDir, file), path.join(deployDir, file));
  }
  const bundled = Object.keys(metafile.inputs).map((file) => path.join(workspaceRoot, file));
  await writeFile(
    path.join(deployDir, STAMP_FILE),
    `${JSON.stringify(await currentStamp(bundled), null, 1)}\n`,
  );
}

const shown = path.relative(process.cwd(), deployDir) || '.';
const reason = await staleness();
if (reason === null) {
  console.log(`functions artifact: ${shown} up to date, reused`);
} else {
  await buildArtifact();
  console.log(`functions artifact: ${shown} rebuilt, ${reason} (index.js, chunks/, package.json)`);
}
