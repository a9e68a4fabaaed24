// The Functions emulator asks for any parameter without a value (and stops when it cannot ask): the
// generated files give one to each parameter the artifact declares, so a new parameter without a
// local value fails here rather than at `npm run start:firebase`.
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { writeLocalFunctionParams } from './function-params';

// The CLI's own dotenv parser, required: imported, its JavaScript would be type-checked here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse } = require('firebase-tools/lib/functions/env') as {
  parse: (data: string) => { envs: Record<string, string> };
};
const root = path.resolve(__dirname, '../../..');
let dir: string;

beforeAll(async () => {
  // The artifact as packages/functions/bin/build-artifact.mjs bundles it, beside the installed packages.
  dir = mkdtempSync(path.join(os.tmpdir(), 'function-params-'));
  await build({
    entryPoints: [path.join(root, 'packages/functions/src/index.ts')],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    outfile: path.join(dir, 'index.js'),
    external: ['firebase-admin', 'firebase-functions'],
    logLevel: 'silent',
  });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ main: 'index.js' }));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const values = {
  contentUrl: 'http://127.0.0.1:3003/graphql',
  contentKey: 'local-content-key',
  appUrl: 'http://localhost:3000',
  allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
  credentialKeyJson: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', d: 'x"y\\z', kid: 'local' }),
};
const readEnv = (file: string) => parse(readFileSync(path.join(dir, file), 'utf8')).envs;

it('writes a value the Firebase CLI reads back for every parameter and secret the artifact declares', () => {
  const declared = writeLocalFunctionParams(dir, values);
  const params = readEnv('.env.local');
  const secrets = readEnv('.secret.local');
  expect(declared.map(({ name }) => name)).toEqual(
    expect.arrayContaining([
      'CONTENT_URL',
      'CONTENT_KEY',
      'ALLOWED_ORIGINS',
      'ENFORCE_APP_CHECK',
      'BILLING_PROVIDER',
      'TRUSTED_PROXY_HOPS',
    ]),
  );
  for (const { name, type } of declared) {
    expect(Object.keys(type === 'secret' ? secrets : params)).toContain(name);
  }
  expect(Object.keys({ ...params, ...secrets }).sort()).toEqual(declared.map(({ name }) => name).sort());
  expect(params).toMatchObject({
    CONTENT_URL: values.contentUrl,
    ALLOWED_ORIGINS: JSON.stringify(values.allowedOrigins),
    ENFORCE_APP_CHECK: 'false',
    BILLING_PROVIDER: 'sandbox',
    TRUSTED_PROXY_HOPS: '0',
  });
  expect(secrets.CREDENTIAL_SIGNING_KEY).toBe(values.credentialKeyJson);
  expect(statSync(path.join(dir, '.secret.local')).mode & 0o077).toBe(0);
});

it('refuses, naming it, a parameter the artifact declares without a local value', () => {
  writeFileSync(
    path.join(dir, 'extra.js'),
    "require('./index.js'); require('firebase-functions/params').defineString('NEW_SETTING');",
  );
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ main: 'extra.js' }));
  try {
    expect(() => writeLocalFunctionParams(dir, values)).toThrow(/NEW_SETTING/);
  } finally {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ main: 'index.js' }));
  }
});
