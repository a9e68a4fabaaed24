import {
  canonicalQuery,
  contentCacheKey,
  isUnderPath,
  manifestFiles,
  pageCacheKey,
  parseMessage,
  PIN_LIFETIME_MS,
  pinForPage,
  readWorkerConfig,
  remoteEntryUrl,
  routeRequest,
  type SurveyPin,
  type WorkerConfig,
} from './routes';

const APP = 'https://toolkit.example.com';
const CONFIG: WorkerConfig = {
  remotes: {
    survey: 'https://survey.example.com/mf-manifest.json',
    dashboard: 'https://cdn.example.com/dashboard/mf-manifest.json',
  },
  functionsBaseUrl: 'https://australia-southeast1-demo.cloudfunctions.net',
  contentUrl: 'https://cms.example.com/graphql',
  contentKey: 'public-read-key',
};

const get = (url: string, mode = 'no-cors') => ({ url, method: 'GET', mode });
const post = (url: string) => ({ url, method: 'POST', mode: 'cors' });
const route = (
  request: { url: string; method: string; mode: string },
  config: WorkerConfig | null = CONFIG,
) => routeRequest(request, APP, config)?.kind ?? null;

describe('routeRequest', () => {
  it.each([
    ['an app page', get(`${APP}/survey/t/s/section/1/slide/2`, 'navigate'), 'page'],
    ['the dashboard’s page too (one index.html)', get(`${APP}/dashboard`, 'navigate'), 'page'],
    ['the runtime configuration', get(`${APP}/runtime-config.json`, 'cors'), 'runtime-config'],
    ['a hashed shell script', get(`${APP}/main.325e0d83.js`), 'hashed-file'],
    ['a hashed survey script', get('https://survey.example.com/296.882cf345.js'), 'hashed-file'],
    [
      'a hashed script of a remote in a folder',
      get('https://cdn.example.com/dashboard/12.0123abcd.js'),
      'hashed-file',
    ],
    [
      'the survey remote’s manifest',
      get('https://survey.example.com/mf-manifest.json', 'cors'),
      'remote-entry',
    ],
    ['a remote’s entry', get('https://cdn.example.com/dashboard/remoteEntry.js'), 'remote-entry'],
    ['the content query (the survey’s definition)', post(CONFIG.contentUrl), 'content'],
  ])('keeps %s', (_what, request, kind) => {
    expect(route(request)).toBe(kind);
  });

  it.each([
    ['a callable', post(`${CONFIG.functionsBaseUrl}/survey-saveAnswer`)],
    ['a GET to the functions', get(`${CONFIG.functionsBaseUrl}/evidence/file.0123abcd.js`)],
    ['Firebase Auth', post('https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=k')],
    ['the token refresh', post('https://securetoken.googleapis.com/v1/token?key=k')],
    ['Google’s scripts', get('https://www.gstatic.com/recaptcha/releases/abc/recaptcha__en.0123abcd.js')],
    ['the auth domain’s helper', get(`${APP}/__/auth/iframe.0123abcd.js`)],
    ['an unhashed app file', get(`${APP}/favicon.ico`)],
    ['a source map', get(`${APP}/main.325e0d83.js.map`)],
    ['a remote’s unhashed file', get('https://survey.example.com/mf-stats.json')],
    ['another path of a remote’s host', get('https://cdn.example.com/other/1.0123abcd.js')],
    ['another site', get('https://example.org/app.0123abcd.js')],
    ['another POST to the content host', post('https://cms.example.com/upload')],
    ['a POST to the app', post(`${APP}/runtime-config.json`)],
    ['a PUT', { url: CONFIG.contentUrl, method: 'PUT', mode: 'cors' }],
  ])('leaves %s to the network', (_what, request) => {
    expect(route(request)).toBeNull();
  });

  it('leaves the callables on the app’s own origin to the network, and nothing else of the app', () => {
    const sameOrigin = { ...CONFIG, functionsBaseUrl: '/api' };
    expect(route(post(`${APP}/api/survey-saveAnswer`), sameOrigin)).toBeNull();
    expect(route(get(`${APP}/api/evidence.0123abcd.js`), sameOrigin)).toBeNull();
    expect(route(get(`${APP}/api/x`, 'navigate'), sameOrigin)).toBeNull();
    expect(route(get(`${APP}/apiary`, 'navigate'), sameOrigin)).toBe('page');
    expect(route(get(`${APP}/main.325e0d83.js`), sameOrigin)).toBe('hashed-file');
    expect(route(get(`${APP}/runtime-config.json`, 'cors'), sameOrigin)).toBe('runtime-config');
    expect(route(get('https://survey.example.com/remoteEntry.js'), sameOrigin)).toBe('remote-entry');
  });

  it('leaves streamed answers from the functions’ own address to the network', () => {
    const streamed = {
      ...CONFIG,
      functionsBaseUrl: '/api',
      functionsStreamUrl: 'https://australia-southeast1-demo.cloudfunctions.net',
    };
    expect(
      route(post('https://australia-southeast1-demo.cloudfunctions.net/account-watchProfile'), streamed),
    ).toBeNull();
    expect(readWorkerConfig({ ...streamed, firebase: {} })?.functionsStreamUrl).toBe(
      'https://australia-southeast1-demo.cloudfunctions.net',
    );
    expect(readWorkerConfig({ ...streamed, functionsStreamUrl: 'nope' })).toBeNull();
  });

  it('never keeps the Auth emulator’s answers', () => {
    const local = { ...CONFIG, authEmulatorUrl: 'http://127.0.0.1:9099' };
    expect(
      route(post('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signUp'), local),
    ).toBeNull();
  });

  it('decides the app’s own requests before the configuration is read, and waits for it for other origins', () => {
    expect(route(get(`${APP}/survey/t/s`, 'navigate'), null)).toBe('page');
    expect(route(get(`${APP}/main.325e0d83.js`), null)).toBe('hashed-file');
    expect(route(get('https://survey.example.com/remoteEntry.js'), null)).toBe('undecided');
    expect(route(post(CONFIG.contentUrl), null)).toBe('undecided');
    expect(route(post('https://securetoken.googleapis.com/v1/token'), null)).toBeNull();
  });

  it('names the remote whose manifest or entry is asked for', () => {
    expect(routeRequest(get('https://survey.example.com/remoteEntry.js?v=1'), APP, CONFIG)).toEqual({
      kind: 'remote-entry',
      remote: 'survey',
    });
  });
});

it('keeps survey pages apart from the others, since only they may be embedded', () => {
  expect(pageCacheKey(`${APP}/survey/t/s/section/1/slide/2?x=1`)).toBe(`${APP}/survey/`);
  expect(pageCacheKey(`${APP}/survey/t/s`)).toBe(`${APP}/survey/`);
  expect(pageCacheKey(`${APP}/dashboard/results`)).toBe(`${APP}/`);
  expect(pageCacheKey(`${APP}/surveys`)).toBe(`${APP}/`);
});

it('keys a content query by its URL and the digest of its body', () => {
  expect(contentCacheKey(CONFIG.contentUrl, 'ab12')).toBe(`${CONFIG.contentUrl}?offline-query=ab12`);
  expect(contentCacheKey(`${CONFIG.contentUrl}?tenant=t`, 'ab12')).toBe(
    `${CONFIG.contentUrl}?tenant=t&offline-query=ab12`,
  );
  expect(contentCacheKey(CONFIG.contentUrl, 'ab12')).not.toBe(contentCacheKey(CONFIG.contentUrl, 'cd34'));
});

describe('canonicalQuery', () => {
  const query = 'query SurveyDefinition($id: ID!) { survey(id: $id) { id } }';

  it('gives one key to one query and its variables, however the request spells them', () => {
    const early = JSON.stringify({ query, variables: { id: 'quickscan', locale: 'en' } });
    const app = JSON.stringify({
      variables: { locale: 'en', id: 'quickscan' },
      query,
      operationName: 'SurveyDefinition',
    });
    expect(canonicalQuery(app)).toBe(canonicalQuery(early));
  });

  it('tells other variables and other queries apart', () => {
    const of = (id: string, text = query) =>
      canonicalQuery(JSON.stringify({ query: text, variables: { id } }));
    expect(of('quickscan')).not.toBe(of('business-quickscan'));
    expect(of('quickscan')).not.toBe(of('quickscan', `${query} `));
  });

  it('takes a body that is no GraphQL request as it is', () => {
    expect(canonicalQuery('not json')).toBe('not json');
    expect(canonicalQuery('{"mutation":1}')).toBe('{"mutation":1}');
  });
});

describe('pins', () => {
  const pin = (surveyId: string, keptAt: number): SurveyPin => ({
    tenantId: 't',
    surveyId,
    keptAt,
    manifestUrl: 'https://survey.example.com/mf-manifest.json',
    manifest: '{}',
    entryUrl: 'https://survey.example.com/remoteEntry.js',
    entry: '',
  });
  const prefix = (kept: SurveyPin) => `/survey/${kept.tenantId}/${kept.surveyId}`;
  const now = Date.UTC(2026, 10, 29);

  it('applies to the survey’s own pages only', () => {
    const pins = [pin('quickscan', now)];
    expect(pinForPage(pins, '/survey/t/quickscan', prefix, now)?.surveyId).toBe('quickscan');
    expect(pinForPage(pins, '/survey/t/quickscan/section/2/slide/1', prefix, now)?.surveyId).toBe(
      'quickscan',
    );
    expect(pinForPage(pins, '/survey/t/quickscan-2', prefix, now)).toBeUndefined();
    expect(pinForPage(pins, '/survey/u/quickscan', prefix, now)).toBeUndefined();
    expect(pinForPage(pins, '/dashboard', prefix, now)).toBeUndefined();
  });

  it('expires 30 days after the version was kept', () => {
    const pins = [pin('quickscan', now - PIN_LIFETIME_MS + 1)];
    expect(pinForPage(pins, '/survey/t/quickscan', prefix, now)).toBeDefined();
    expect(pinForPage(pins, '/survey/t/quickscan', prefix, now + 1)).toBeUndefined();
  });

  it('matches a path by whole segments', () => {
    expect(isUnderPath('/survey/t/s', '/survey/t/s')).toBe(true);
    expect(isUnderPath('/survey/t/s/section/1', '/survey/t/s')).toBe(true);
    expect(isUnderPath('/survey/t/sx', '/survey/t/s')).toBe(false);
  });
});

describe('a remote’s manifest', () => {
  const manifest = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { assets: { js: { sync: ['__federation_expose_mount.e295ea1e.js'], async: ['368.286416ce.js'] } } },
    ],
    shared: [
      { assets: { js: { sync: ['470.3951797a.js'], async: [] }, css: { sync: [], async: [] } } },
      { assets: { js: { sync: ['470.3951797a.js'], async: ['22.5cffa16d.js'] } } },
    ],
  };

  it('lists every file of its exposes and shared modules, once, beside the manifest', () => {
    expect(manifestFiles(manifest, 'https://cdn.example.com/survey/mf-manifest.json')).toEqual([
      'https://cdn.example.com/survey/__federation_expose_mount.e295ea1e.js',
      'https://cdn.example.com/survey/368.286416ce.js',
      'https://cdn.example.com/survey/470.3951797a.js',
      'https://cdn.example.com/survey/22.5cffa16d.js',
    ]);
  });

  it('takes a set public path and an entry in a folder', () => {
    const placed = {
      ...manifest,
      metaData: {
        publicPath: 'https://files.example.com/v2/',
        remoteEntry: { name: 'remoteEntry.js', path: 'entry' },
      },
    };
    expect(remoteEntryUrl(placed, 'https://cdn.example.com/mf-manifest.json')).toBe(
      'https://files.example.com/v2/entry/remoteEntry.js',
    );
    expect(manifestFiles(placed, 'https://cdn.example.com/mf-manifest.json')[0]).toBe(
      'https://files.example.com/v2/__federation_expose_mount.e295ea1e.js',
    );
    expect(remoteEntryUrl(manifest, 'https://cdn.example.com/survey/mf-manifest.json')).toBe(
      'https://cdn.example.com/survey/remoteEntry.js',
    );
  });
});

describe('parseMessage', () => {
  it('takes the three messages of the contract', () => {
    expect(parseMessage({ type: 'keep-survey', tenantId: 't', surveyId: 's' })).toEqual({
      type: 'keep-survey',
      tenantId: 't',
      surveyId: 's',
    });
    expect(parseMessage({ type: 'release-survey', tenantId: 't', surveyId: 's', extra: 1 })).toEqual({
      type: 'release-survey',
      tenantId: 't',
      surveyId: 's',
    });
    expect(parseMessage({ type: 'keep-files', urls: [`${APP}/main.325e0d83.js`] })).toEqual({
      type: 'keep-files',
      urls: [`${APP}/main.325e0d83.js`],
    });
  });

  it.each([
    [null, 'Unknown message null.'],
    [{ type: 'wipe' }, 'Unknown message "wipe".'],
    [{ type: 'keep-survey', tenantId: 't' }, 'keep-survey needs a tenantId and a surveyId.'],
    [
      { type: 'release-survey', tenantId: '', surveyId: 's' },
      'release-survey needs a tenantId and a surveyId.',
    ],
    [{ type: 'keep-files', urls: ['/main.js'] }, 'keep-files needs a list of absolute URLs.'],
    [{ type: 'keep-files', urls: 'https://a.example/x.js' }, 'keep-files needs a list of absolute URLs.'],
  ])('refuses %j with a reason', (data, error) => {
    expect(parseMessage(data)).toEqual({ error });
  });
});

describe('readWorkerConfig', () => {
  it('reads the fields the worker needs from the runtime configuration', () => {
    const json = { ...CONFIG, firebase: {}, authEmulatorUrl: 'http://127.0.0.1:9099' };
    expect(readWorkerConfig(json)).toEqual({ ...CONFIG, authEmulatorUrl: 'http://127.0.0.1:9099' });
  });

  it('reads functions on the app’s own origin, given as a path', () => {
    expect(readWorkerConfig({ ...CONFIG, functionsBaseUrl: '/api' })?.functionsBaseUrl).toBe('/api');
  });

  it.each([
    ['nothing', null],
    ['no remotes', { ...CONFIG, remotes: undefined }],
    ['a remote that is no URL', { ...CONFIG, remotes: { survey: 'survey' } }],
    ['no content URL', { ...CONFIG, contentUrl: undefined }],
    ['functions that are neither a URL nor a path', { ...CONFIG, functionsBaseUrl: 'api' }],
    ['no content key', { ...CONFIG, contentKey: undefined }],
    ['an Auth emulator that is no URL', { ...CONFIG, authEmulatorUrl: 9099 }],
  ])('refuses %s', (_what, json) => {
    expect(readWorkerConfig(json)).toBeNull();
  });
});
