import { learnAreaFiles, learnedAreaFiles } from './learned-files';

const FOLDER = 'https://app.example/dashboard/';
const named = [`${FOLDER}remoteEntry.js`, `${FOLDER}226.aa.js`, `${FOLDER}__federation_expose_mount.bb.js`];
const shared = [`${FOLDER}7675.cc.js`, `${FOLDER}3086.dd.js`];

describe('the files an area mounted with', () => {
  beforeEach(() => window.localStorage.clear());

  it('are preloaded next time beside those the manifest names, while it names the same build', () => {
    learnAreaFiles(window.localStorage, 'dashboard', [...named, ...shared]);
    expect(learnedAreaFiles(window.localStorage, 'dashboard', named)).toEqual(shared);
  });

  it('are not preloaded once the manifest names another build, nor for another area', () => {
    learnAreaFiles(window.localStorage, 'dashboard', [...named, ...shared]);
    const rebuilt = [`${FOLDER}remoteEntry2.js`, `${FOLDER}__federation_expose_mount.ee.js`];
    expect(learnedAreaFiles(window.localStorage, 'dashboard', rebuilt)).toEqual([]);
    expect(learnedAreaFiles(window.localStorage, 'billing', named)).toEqual([]);
  });

  it('are nothing when what is kept is not a list of addresses', () => {
    window.localStorage.setItem('toolkit:area-files:dashboard', '{"x":1}');
    expect(learnedAreaFiles(window.localStorage, 'dashboard', named)).toEqual([]);
    window.localStorage.setItem('toolkit:area-files:dashboard', 'not json');
    expect(learnedAreaFiles(window.localStorage, 'dashboard', named)).toEqual([]);
    expect(learnedAreaFiles(null, 'dashboard', named)).toEqual([]);
  });
});
