import type { RouteOwner } from '@toolkit/domain';
import { isSignedInArea, mountFiles } from './signed-in-start';

const MANIFEST_URL = 'https://dashboard.example.org/app/mf-manifest.json';

const manifest = (publicPath: string, path = '') => ({
  metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path } },
  exposes: [
    { name: 'other', assets: { js: { sync: ['9.other.js'] } } },
    { name: 'mount', assets: { js: { sync: ['226.a.js', '__federation_expose_mount.b.js'] } } },
  ],
});

describe('the files preloaded for a signed-in area’s remote', () => {
  it('are its entry and its mount entry’s start-up chunks, beside its manifest', () => {
    expect(mountFiles(manifest('auto'), MANIFEST_URL)).toEqual([
      'https://dashboard.example.org/app/remoteEntry.js',
      'https://dashboard.example.org/app/226.a.js',
      'https://dashboard.example.org/app/__federation_expose_mount.b.js',
    ]);
  });

  it('take the entry from the folder the manifest names for it', () => {
    expect(mountFiles(manifest('auto', 'entry/'), MANIFEST_URL)[0]).toBe(
      'https://dashboard.example.org/app/entry/remoteEntry.js',
    );
  });

  it('are none when the files do not sit beside the manifest, or it names no entry', () => {
    expect(mountFiles(manifest('https://cdn.example.org/'), MANIFEST_URL)).toEqual([]);
    expect(mountFiles({ metaData: { publicPath: 'auto' } }, MANIFEST_URL)).toEqual([]);
    expect(mountFiles({}, MANIFEST_URL)).toEqual([]);
  });
});

it('counts the dashboard, the journey and plans as signed-in areas, not the shell’s pages or a survey', () => {
  const owners: (RouteOwner | undefined)[] = [
    'dashboard',
    'journey',
    'billing',
    'shell',
    'survey',
    undefined,
  ];
  expect(owners.filter(isSignedInArea)).toEqual(['dashboard', 'journey', 'billing']);
});
