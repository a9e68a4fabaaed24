// The local stack's credential key: made once and kept in its data folder, so that credentials
// issued before a restart still verify (and `npm run reset` starts over with a new one).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { JWK } from 'jose';
import { generateCredentialKey } from './issuer';

export async function loadOrCreateCredentialKey(file: string): Promise<JWK> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as JWK;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = await generateCredentialKey();
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written beside the data it signs for, readable by its owner only; `wx` keeps a racing writer's key.
  await fs
    .writeFile(file, JSON.stringify(key), { mode: 0o600, flag: 'wx' })
    .catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  return JSON.parse(await fs.readFile(file, 'utf8')) as JWK;
}
