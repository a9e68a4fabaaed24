// npm run reset: forget all local state (database, auth users, logs) kept in .data/.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { root } from './cli.mjs';

const dataDir = path.join(root, '.data');
const force = process.argv.includes('--force');

/** @param {number} port */
function isListening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

if (!existsSync(dataDir)) {
  console.log(`Nothing to reset: ${dataDir} does not exist.`);
  process.exit(0);
}
// A running emulator would write its users back into .data when it stops.
if (!force && (await isListening(9099))) {
  console.error(
    'Something is listening on 127.0.0.1:9099 (the Auth emulator of npm start?). Stop npm start first, or run `npm run reset -- --force`.',
  );
  process.exit(1);
}
/** @param {string} entry */
function describe(entry) {
  if (entry === 'auth') return 'Auth emulator users and tenants';
  if (entry.endsWith('.log')) return 'log';
  if (/^firebase\..*\.json$/.test(entry)) return 'generated emulator config';
  if (/^tmp-/.test(entry)) return 'emulator scratch folder';
  return '';
}
const entries = readdirSync(dataDir);
console.log(`Removing ${dataDir}${entries.length ? ':' : ' (empty)'}`);
for (const entry of entries) console.log(`  ${entry}${describe(entry) ? `  (${describe(entry)})` : ''}`);
rmSync(dataDir, { recursive: true, force: true });
console.log('Done: the next npm start begins with no data and no auth users.');
