import { API } from '@toolkit/domain';
import { SURVEY_LIST_QUERY } from '@toolkit/domain/content/queries';
import { createCallableClient, createContentClient } from '@toolkit/platform';
import { earlyFetch } from './early-fetch';
import { setEarlyRequests } from './early-slide/contract';
import { askCatalogue, askFirstReads } from './early-slide/signed-in-reads';
import { keepLastVisit } from './last-visit';

const NOW = new Date(Date.UTC(2026, 10, 29, 9));
const CONFIG = {
  functionsBaseUrl: '/api/',
  firebase: { apiKey: 'demo-api-key' },
  contentUrl: 'http://127.0.0.1:4000/graphql',
  contentKey: 'content-key',
};
const claims = { user_id: 'ann', role: 'owner', tenantId: 'bakery' };
const TOKEN = ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');

/** The network: every request answered with what it asked. */
const network = jest.fn(async (url: string, init: RequestInit) => {
  const text = JSON.stringify({ result: { url, body: init.body } });
  return { status: 200, ok: true, text: async () => text } as unknown as Response;
});

beforeEach(() => {
  window.localStorage.clear();
  network.mockClear();
  globalThis.fetch = network as unknown as typeof fetch;
  // The session the sign-in SDK kept, and what the dashboard's first screen read on the last visit.
  window.localStorage.setItem(
    'firebase:authUser:demo-api-key:[DEFAULT]',
    JSON.stringify({
      uid: 'ann',
      isAnonymous: false,
      stsTokenManager: { accessToken: TOKEN, expirationTime: NOW.getTime() + 30 * 60_000 },
    }),
  );
  keepLastVisit(window.localStorage, {
    uid: 'ann',
    tenantId: 'bakery',
    kind: 'business',
    published: [],
    viewsInsights: true,
  });
});

const client = () =>
  createCallableClient({ baseUrl: '/api', getIdToken: async () => TOKEN, fetch: earlyFetch });

describe("the first screen's reads the early slide asks", () => {
  it("are asked with the kept token before the app runs, and answer the app's identical calls once", async () => {
    const firstReads = askFirstReads('dashboard', CONFIG, window.localStorage, NOW);
    expect(
      network.mock.calls.map(([url, init]) => [
        url,
        init.body,
        (init.headers as Record<string, string>).Authorization,
      ]),
    ).toEqual([
      ['/api/account-getProfile', '{"data":null}', `Bearer ${TOKEN}`],
      ['/api/brand-get', '{"data":null}', `Bearer ${TOKEN}`],
      ['/api/ownership-getOffer', '{"data":null}', `Bearer ${TOKEN}`],
      ['/api/milestones-list', '{"data":{}}', `Bearer ${TOKEN}`],
    ]);
    setEarlyRequests({ config: new Promise(() => undefined), firstReads: Promise.resolve(firstReads) });
    const app = client();
    expect(await app.call(API.listMilestones, {})).toEqual({
      url: '/api/milestones-list',
      body: '{"data":{}}',
    });
    expect(await app.call(API.getProfile, null)).toMatchObject({ url: '/api/account-getProfile' });
    expect(network).toHaveBeenCalledTimes(4);
    // Taken once: the app's next identical call asks the server.
    await app.call(API.getProfile, null);
    expect(network).toHaveBeenCalledTimes(5);
  });

  it('answer no call that differs: another request asks the server', async () => {
    setEarlyRequests({
      config: new Promise(() => undefined),
      firstReads: Promise.resolve(askFirstReads('dashboard', CONFIG, window.localStorage, NOW)),
    });
    await client().call(API.listMilestones, { userId: 'bob' });
    expect(network).toHaveBeenCalledTimes(5);
  });

  it.each([
    ['for a page whose first screen reads nothing the shell shares', 'journeyStep1', CONFIG],
    ['where App Check needs its SDK for a token', 'dashboard', { ...CONFIG, appCheckSiteKey: 'site' }],
  ] as const)('are none %s', (_case, routeId, config) => {
    expect(askFirstReads(routeId, config, window.localStorage, NOW)).toEqual([]);
    expect(network).not.toHaveBeenCalled();
  });

  it("are none before a visit has told the organisation's kind", () => {
    window.localStorage.removeItem('toolkit:last-visit');
    expect(askFirstReads('dashboard', CONFIG, window.localStorage, NOW)).toEqual([]);
  });

  it('are none for a member whose session is not the one kept', () => {
    window.localStorage.removeItem('firebase:authUser:demo-api-key:[DEFAULT]');
    expect(askFirstReads('dashboard', CONFIG, window.localStorage, NOW)).toEqual([]);
  });
});

it("answers the app's content client's catalogue query with the early slide's, once", async () => {
  const catalogue = { surveys: [{ id: 'quickscan', title: 'Quickscan', tenantId: 'demo-publisher' }] };
  network.mockImplementation(async () => {
    const text = JSON.stringify({ data: catalogue });
    const headers = {
      get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null),
    };
    return { status: 200, ok: true, headers, text: async () => text } as unknown as Response;
  });
  setEarlyRequests({
    config: new Promise(() => undefined),
    firstReads: Promise.resolve([askCatalogue(CONFIG)]),
  });
  const content = createContentClient({ url: CONFIG.contentUrl, key: CONFIG.contentKey, fetch: earlyFetch });
  expect(await content.request(SURVEY_LIST_QUERY)).toEqual(catalogue);
  expect(network).toHaveBeenCalledTimes(1);
  await content.request(SURVEY_LIST_QUERY);
  expect(network).toHaveBeenCalledTimes(2);
});
