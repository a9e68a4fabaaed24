// npm run deploy -- <part…> [--project <id>]: deploys only the named parts with the Firebase CLI,
// whose predeploy hooks (firebase.json) build each part first. A remote deploys alone: the shell
// reads the remotes' manifests at run time, so nothing else is rebuilt.
//   parts: shell, survey, dashboard, journey, billing (hosting targets), functions, firestore,
//          extensions, or all
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HOSTING = ['shell', 'survey', 'dashboard', 'journey', 'billing'];
const OTHER = { functions: 'functions', firestore: 'firestore', extensions: 'extensions' };
const root = fileURLToPath(new URL('..', import.meta.url));

const args = process.argv.slice(2);
const projectAt = args.indexOf('--project');
const project = projectAt === -1 ? null : args[projectAt + 1];
const parts = args.filter(
  (arg, index) => !arg.startsWith('--') && (projectAt === -1 || index !== projectAt + 1),
);
const unknown = parts.filter((part) => part !== 'all' && !HOSTING.includes(part) && !(part in OTHER));
if (parts.length === 0 || unknown.length > 0) {
  console.error(
    `${unknown.length > 0 ? `Unknown part ${unknown.join(', ')}. ` : ''}Name what to deploy: ` +
      `npm run deploy -- <${[...HOSTING, ...Object.keys(OTHER), 'all'].join('|')}> [--project <id>]`,
  );
  process.exit(1);
}
const only = parts.includes('all')
  ? []
  : ['--only', parts.map((part) => (HOSTING.includes(part) ? `hosting:${part}` : OTHER[part])).join(',')];
const command = ['deploy', ...only, ...(project ? ['--project', project] : [])];
console.log(`firebase ${command.join(' ')}`);
const { status } = spawnSync('npx', ['--no-install', 'firebase', ...command], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(status ?? 1);
