// A remote is delivered alone. A new release of the billing remote is built from a copy of
// its source with a visible change and put in place of the files the running stack serves, as
// `npm run deploy -- billing` replaces that hosting target's files; the next page load shows the
// change, while the shell's files and the shell's own scripts stay exactly as they were.
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { listApps, webpackBuild } from '@toolkit/dev-stack';
import { signInAs } from '../support/auth';
import { expect, root, test } from '../support/stack';

const RELEASE_NOTE = 'Release 2 of the billing remote';

/** Every file of a folder with its size and modification time. */
function fingerprint(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const { size, mtimeMs } = statSync(file);
      return `${path.relative(dir, file)} ${size} ${mtimeMs}`;
    })
    .sort();
}

test('a new release of one remote appears on the next page load, with the shell untouched', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const served = path.join(root, 'mfe-billing', 'dist');
  const probe = path.join(root, '.data', `release-probe-${Date.now()}`, 'mfe-billing');
  const previous = `${served}-previous-${Date.now()}`;
  const shellBefore = fingerprint(path.join(root, 'shell', 'dist'));

  // The release: the remote's source with one visible change, built as any release is.
  cpSync(path.join(root, 'mfe-billing'), probe, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist|@mf-types)([/\\]|$)/.test(path.relative(root, source)),
  });
  const screen = path.join(probe, 'src', 'features', 'plans', 'plans-screen.tsx');
  const source = readFileSync(screen, 'utf8');
  const changed = source.replace(
    '<PageTitle>Plans</PageTitle>\n',
    `<PageTitle>Plans</PageTitle>\n      <p>${RELEASE_NOTE}</p>\n`,
  );
  expect(changed, 'the probe found the Plans heading to change').not.toBe(source);
  writeFileSync(screen, changed);
  const billing = listApps().find((app) => app.name === 'billing')!;
  await webpackBuild({ name: 'billing', dir: probe, root, app: { ...billing, dir: probe } });

  await signInAs(page, 'owner');
  await page.goto('/dashboard/plans');
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  await expect(page.getByText(RELEASE_NOTE)).toHaveCount(0);
  const shellScripts = await page.evaluate(() =>
    [...document.scripts].map((script) => script.src).filter(Boolean),
  );

  try {
    // The deploy: the hosting target's files are replaced, nothing else.
    renameSync(served, previous);
    cpSync(path.join(probe, 'dist'), served, { recursive: true });

    await page.reload();
    await expect(page.getByText(RELEASE_NOTE)).toBeVisible();
    expect(
      await page.evaluate(() => [...document.scripts].map((script) => script.src).filter(Boolean)),
    ).toEqual(
      expect.arrayContaining(shellScripts.filter((src) => new URL(src).port === new URL(page.url()).port)),
    );
    expect(fingerprint(path.join(root, 'shell', 'dist'))).toEqual(shellBefore);
  } finally {
    if (existsSync(previous)) {
      rmSync(served, { recursive: true, force: true });
      renameSync(previous, served);
    }
    rmSync(path.dirname(probe), { recursive: true, force: true });
  }
});
