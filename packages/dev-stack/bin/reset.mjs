// npm run reset: forget all local state (database, auth users, inbox, logs) kept in .data/.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import localServices from '@toolkit/local-services';
import devStack from '../src/index.js';
import { root } from './cli.mjs';

const { canConnect } = localServices;
const { contractPorts, readLocalRuntimeConfig } = devStack;
const dataDir = path.join(root, '.data');
const force = process.argv.includes('--force');

if (!existsSync(dataDir)) {
  console.log(`Nothing to reset: ${dataDir} does not exist.`);
  process.exit(0);
}
// The services that write into .data: a running one would keep its files open (PGlite, MailDev)
// or write its users back when it stops (the Auth emulator).
const ports = contractPorts(readLocalRuntimeConfig(root));
const writers = /** @type {const} */ ([
  ['the Auth emulator', ports.auth],
  ['the API host and its database', ports.functions],
  ['the MailDev inbox', ports.mail],
  ["MailDev's SMTP server", ports.smtp],
]);
if (!force) {
  const running = [];
  for (const [label, port] of writers)
    if (await canConnect(port)) running.push(`${label} (127.0.0.1:${port})`);
  if (running.length > 0) {
    console.error(
      `npm start seems to be running: something listens for ${running.join(', ')}.\n` +
        'Stop it first (Ctrl-C in its terminal), then run npm run reset again; `npm run reset -- --force` skips this check.',
    );
    process.exit(1);
  }
}
/** @param {string} entry */
function describe(entry) {
  if (entry === 'auth') return 'Auth emulator users and tenants';
  if (entry === 'db') return 'the database: tenants, users, results, mail records';
  if (entry === 'mail') return 'the MailDev inbox';
  if (entry.endsWith('.log')) return 'log';
  if (/^firebase\..*\.json$/.test(entry)) return 'generated emulator config';
  if (/^tmp-/.test(entry)) return 'emulator scratch folder';
  return '';
}
const entries = readdirSync(dataDir);
console.log(`Removing ${dataDir}${entries.length ? ':' : ' (empty)'}`);
for (const entry of entries) console.log(`  ${entry}${describe(entry) ? `  (${describe(entry)})` : ''}`);
rmSync(dataDir, { recursive: true, force: true });
console.log(
  'Done: the next npm start begins with an empty database (the demo tenant is seeded again), no auth users and an empty inbox.',
);
