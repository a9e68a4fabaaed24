import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt } from '@toolkit/dev-stack';

const root = path.resolve(__dirname, '../..');

/** Installs Chromium when missing and builds whatever app is missing or stale (reusing earlier builds). */
export default async function globalSetup() {
  execFileSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  await ensureBuilt({ root, log: (line: string) => console.log(line) });
}
