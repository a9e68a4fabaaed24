import { createContentClient } from './content';
import { closedPortUrl, sendJson, startTestServer, type Handler, type TestServer } from './test-server';

const SURVEY_QUERY = /* GraphQL */ `
  query Survey($id: String!) {
    survey(id: $id) {
      id
      title
    }
  }
`;

// Minimal GraphQL over HTTP: a bearer key is required; `survey` answers, anything else errors.
const graphql: Handler = (req, res) => {
  if (req.headers.authorization !== 'Bearer secret-key') {
    sendJson(res, 401, { errors: [{ message: 'Unauthorized' }] });
    return;
  }
  const { query, variables } = JSON.parse(req.body) as { query: string; variables?: { id?: string } };
  if (query.includes('survey(')) {
    sendJson(res, 200, { data: { survey: { id: variables?.id, title: 'Quickscan' } } });
  } else {
    sendJson(res, 200, { data: null, errors: [{ message: 'Cannot query field "nope"' }] });
  }
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(graphql);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('expected the request to fail');
  return error;
}

describe('createContentClient', () => {
  it('POSTs the document and variables with the bearer key and returns data', async () => {
    const client = createContentClient({ url: `${server.url}/graphql`, key: 'secret-key' });
    await expect(client.request(SURVEY_QUERY, { id: 's1' })).resolves.toEqual({
      survey: { id: 's1', title: 'Quickscan' },
    });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/graphql');
    expect(request?.headers.authorization).toBe('Bearer secret-key');
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ query: SURVEY_QUERY, variables: { id: 's1' } });
  });

  it('throws the content-failure message with the cause on GraphQL errors', async () => {
    const client = createContentClient({ url: `${server.url}/graphql`, key: 'secret-key' });
    const error = await failure(client.request('{ nope }'));
    expect(error.message).toBe('Could not receive the data from content service!');
    expect(String(error.cause)).toContain('Cannot query field');
  });

  it('throws the content-failure message on an HTTP 500, naming the configured service', async () => {
    server.handle((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('boom');
    });
    try {
      const client = createContentClient({
        url: `${server.url}/graphql`,
        key: 'secret-key',
        serviceName: 'Hygraph',
      });
      const error = await failure(client.request(SURVEY_QUERY, { id: 's1' }));
      expect(error.message).toBe('Could not receive the data from Hygraph!');
      expect(error.cause).toBeDefined();
    } finally {
      server.handle(graphql);
    }
  });

  it('is refused with 401 without a key, and sends no Authorization header', async () => {
    const server401 = await startTestServer((req, res) =>
      req.headers.authorization
        ? sendJson(res, 200, { data: {} })
        : sendJson(res, 401, { errors: [{ message: 'no key' }] }),
    );
    try {
      const client = createContentClient({ url: `${server401.url}/graphql`, key: '' });
      const error = await failure(client.request(SURVEY_QUERY, { id: 's1' }));
      expect(error.message).toBe('Could not receive the data from content service!');
      expect(server401.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await server401.close();
    }
  });

  it('throws the content-failure message on a network failure', async () => {
    const client = createContentClient({ url: `${await closedPortUrl()}/graphql`, key: 'secret-key' });
    const error = await failure(client.request(SURVEY_QUERY, { id: 's1' }));
    expect(error.message).toBe('Could not receive the data from content service!');
    expect(error.cause).toBeDefined();
  });

  it('uses an injected fetch', async () => {
    const server2 = await startTestServer((_req, res) => sendJson(res, 200, { data: { ok: true } }));
    try {
      let calls = 0;
      const client = createContentClient({
        url: server2.url,
        key: 'k',
        fetch: (input, init) => {
          calls += 1;
          return fetch(input, init);
        },
      });
      await expect(client.request('{ ok }')).resolves.toEqual({ ok: true });
      expect(calls).toBe(1);
    } finally {
      await server2.close();
    }
  });
});
