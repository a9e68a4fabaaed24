import { createContentClient } from './content';
import { arrivedSurveyDefinition, loadSurveyDefinition, primeSurveyDefinition } from './survey-definition';
import { sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let available = true;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (!available) return sendJson(res, 503, { errors: [{ message: 'down' }] });
    const { variables } = JSON.parse(req.body) as { variables: { id: string } };
    sendJson(res, 200, {
      data: { survey: variables.id === 'quickscan' ? { id: 'quickscan', tenantId: 't1' } : null },
    });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  available = true;
});

const newClient = () => createContentClient({ url: `${server.url}/graphql`, key: 'k' });

describe('the survey definition query', () => {
  it('is sent once for the shell and the survey remote alike', async () => {
    const content = newClient();
    const [forShell, forRemote] = await Promise.all([
      loadSurveyDefinition(content, 'quickscan'),
      loadSurveyDefinition(content, 'quickscan'),
    ]);
    expect(forShell).toEqual({ id: 'quickscan', tenantId: 't1' });
    expect(forRemote).toBe(forShell);
    await loadSurveyDefinition(content, 'quickscan');
    expect(server.requests).toHaveLength(1);
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ variables: { id: 'quickscan' } });
  });

  it('answers null for a survey the content service does not know', async () => {
    await expect(loadSurveyDefinition(newClient(), 'nope')).resolves.toBeNull();
  });

  it('fails with the content-failure message, and a retry asks again', async () => {
    const content = newClient();
    available = false;
    await expect(loadSurveyDefinition(content, 'quickscan')).rejects.toThrow(
      'Could not receive the data from content service!',
    );
    available = true;
    await expect(loadSurveyDefinition(content, 'quickscan')).resolves.toEqual({
      id: 'quickscan',
      tenantId: 't1',
    });
    expect(server.requests).toHaveLength(2);
  });
});

describe('a definition that has arrived', () => {
  it('is available at once, and only once its answer is in', async () => {
    const content = newClient();
    const load = loadSurveyDefinition(content, 'quickscan');
    expect(arrivedSurveyDefinition(content, 'quickscan')).toBeUndefined();
    await load;
    expect(arrivedSurveyDefinition(content, 'quickscan')).toEqual({ id: 'quickscan', tenantId: 't1' });
    await loadSurveyDefinition(content, 'nope');
    expect(arrivedSurveyDefinition(content, 'nope')).toBeNull();
  });

  it('is not kept when the request failed', async () => {
    const content = newClient();
    available = false;
    await loadSurveyDefinition(content, 'quickscan').catch(() => undefined);
    expect(arrivedSurveyDefinition(content, 'quickscan')).toBeUndefined();
  });
});

describe('a definition asked for before the app loaded (the early slide)', () => {
  it('answers the app without a second request', async () => {
    const content = newClient();
    const early = { id: 'quickscan', tenantId: 't1' } as never;
    primeSurveyDefinition(content, 'quickscan', Promise.resolve(early));
    await expect(loadSurveyDefinition(content, 'quickscan')).resolves.toBe(early);
    expect(arrivedSurveyDefinition(content, 'quickscan')).toBe(early);
    expect(server.requests).toHaveLength(0);
  });

  it('fails with the content-failure message when it failed, and a retry asks the content service', async () => {
    const content = newClient();
    primeSurveyDefinition(content, 'quickscan', Promise.reject(new Error('HTTP 503')));
    await expect(loadSurveyDefinition(content, 'quickscan')).rejects.toThrow(
      'Could not receive the data from content service!',
    );
    await expect(loadSurveyDefinition(content, 'quickscan')).resolves.toEqual({
      id: 'quickscan',
      tenantId: 't1',
    });
    expect(server.requests).toHaveLength(1);
  });
});
