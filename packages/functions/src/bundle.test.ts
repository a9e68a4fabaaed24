// What Cloud Functions deploys: the bundle of ./index.ts, built as `npm run build` builds it, holds
// none of the local-only code (PGlite, the mail relay, the local host and backend).
import path from 'node:path';
import { build } from 'esbuild';

it('leaves the local-only modules out of the production bundle', async () => {
  const { metafile } = await build({
    entryPoints: [path.join(__dirname, 'index.ts')],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external: ['firebase-admin', 'firebase-functions'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: path.resolve(__dirname, '../../..'),
  });
  const inputs = Object.keys(metafile.inputs);
  expect(inputs).toContain('packages/server/src/store/firestore.ts');
  const localOnly = /@electric-sql\/pglite|nodemailer|express|store\/pglite|mail\/relay|local-(host|backend)/;
  expect(inputs.filter((input) => localOnly.test(input))).toEqual([]);
});
