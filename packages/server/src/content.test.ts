import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startContentServer } from '@toolkit/content';
import { checkAnswer, createContentPort, loadSurvey } from './content';
import { scoreResult } from './scoring';

const KEY = 'server-content-key';
const BROWSER_KEY = 'browser-content-key';
let content: Awaited<ReturnType<typeof startContentServer>>;

beforeAll(async () => {
  content = await startContentServer({ port: 0, key: KEY, publicKey: BROWSER_KEY });
});

afterAll(async () => {
  await content.close();
});

describe('createContentPort against the local content service', () => {
  it('maps a survey: recipients, logos, scoring, and group questions listed in their section', async () => {
    const survey = await createContentPort({ url: content.graphqlUrl, key: KEY }).getSurvey('quickscan');
    expect(survey).toMatchObject({
      id: 'quickscan',
      tenantId: 'demo-publisher',
      title: 'Sustainability Quickscan',
      requireAccount: false,
      notificationRecipients: ['sustainability-team@demo-publisher.example'],
      notificationBcc: ['records@demo-publisher.example'],
      primaryLogo: `${content.url}/assets/logo-primary.svg`,
      secondaryLogo: `${content.url}/assets/logo-secondary.svg`,
      primaryColor: '#1f5f4a',
      scoring: { scale: 100 },
    });
    expect(survey!.scoring.bands.map((band) => [band.min, band.label])).toEqual([
      [0, 'Getting started'],
      [40, 'Making progress'],
      [70, 'Leading the way'],
    ]);
    expect(survey!.sections.map((section) => [section.title, section.weight])).toEqual([
      ['Your business', 0],
      ['Energy and emissions', 3],
      ['Waste and materials', 2],
      ['People and wellbeing', 2],
      ['Community', 1],
      ['Governance', 2],
    ]);
    const energy = survey!.sections[1]!.questions;
    // The "vehicle-fleet" … "business-travel" group sits between two single questions.
    expect(energy.map((question) => question.id)).toEqual([
      'energy-tracking',
      'renewable-electricity',
      'efficiency-measures',
      'vehicle-fleet',
      'low-carbon-commuting',
      'business-travel',
      'emissions-footprint',
      'energy-next-step',
    ]);
    expect(energy[0]).toMatchObject({
      type: 'slider',
      scoring: { method: 'SCALED', maxScore: 10 },
      scoreMin: 0,
      scoreMax: 4,
    });
    expect(energy[2]).toMatchObject({
      type: 'dropdown',
      multiple: true,
      scoring: { method: 'OPTION_SUM_CAPPED' },
    });
    expect(energy[1]).toMatchObject({ type: 'multipleChoice', scoring: { method: 'OPTION', maxScore: 10 } });
    expect(energy[1]!.options).toContainEqual({ id: 'half', label: expect.any(String), score: 6 });
    expect(energy[7]).toMatchObject({ type: 'comment', scoring: { method: 'NONE', maxScore: 0 } });
  });

  it('gives the seed Quickscan 100 and its top band for the best answers', async () => {
    const survey = (await createContentPort({ url: content.graphqlUrl, key: KEY }).getSurvey('quickscan'))!;
    const best: Record<string, number | string | string[]> = {};
    for (const question of survey.sections.flatMap((section) => section.questions)) {
      const options = question.options ?? [];
      if (question.scoring.method === 'SCALED') best[question.id] = question.scoreMax!;
      if (question.scoring.method === 'OPTION') {
        best[question.id] = options.reduce((top, option) => (option.score > top.score ? option : top)).id;
      }
      if (question.scoring.method === 'OPTION_SUM_CAPPED')
        best[question.id] = options.map((option) => option.id);
    }
    for (const [id, answer] of Object.entries(best)) checkAnswer(survey, id, answer, 'answer');
    const score = scoreResult(survey, best);
    expect(score.overall.points).toBe(100);
    expect(score.band?.label).toBe('Leading the way');
    expect(score.sections[0]).toMatchObject({ title: 'Your business', max: 0, percent: 0 });
  });

  it('returns null for a survey that does not exist', async () => {
    expect(
      await createContentPort({ url: content.graphqlUrl, key: KEY }).getSurvey('no-such-survey'),
    ).toBeNull();
  });

  it('fails with the content-failure message when the key is wrong or the service is down', async () => {
    const wrongKey = createContentPort({ url: content.graphqlUrl, key: 'wrong', serviceName: 'Contentful' });
    await expect(wrongKey.getSurvey('quickscan')).rejects.toThrow(
      'Could not receive the data from Contentful!',
    );

    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const down = createContentPort({ url: `http://127.0.0.1:${port}/graphql`, key: KEY });
    await expect(down.getSurvey('quickscan')).rejects.toThrow(
      'Could not receive the data from content service!',
    );
  });

  it('cannot load a definition with the browsers’ key, which may not read the notification addresses', async () => {
    const error = await createContentPort({ url: content.graphqlUrl, key: BROWSER_KEY })
      .getSurvey('quickscan')
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('Could not receive the data from content service!');
    expect(String((error as Error).cause)).toContain(
      'Survey.notificationEmailRecipients is served to the server only',
    );
  });

  it('answers a GraphQL error with the failure message, keeping the detail as the cause', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ data: null, errors: [{ message: 'Cannot query field "weight"' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const error = await createContentPort({ url: `http://127.0.0.1:${port}/graphql`, key: KEY })
        .getSurvey('quickscan')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('Could not receive the data from content service!');
      expect(String((error as Error).cause)).toContain('Cannot query field');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('loadSurvey', () => {
  it('turns a missing survey into not-found and a failing service into unavailable', async () => {
    const port = createContentPort({ url: content.graphqlUrl, key: KEY });
    await expect(loadSurvey({ content: port }, 'no-such-survey')).rejects.toMatchObject({
      code: 'not-found',
      message: 'Survey not found',
    });
    const failing = createContentPort({ url: content.graphqlUrl, key: 'wrong' });
    await expect(loadSurvey({ content: failing }, 'quickscan')).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Could not receive the data from content service!',
    });
  });
});

describe('the definition cache', () => {
  /** A counting proxy in front of the real content service. */
  async function countingProxy() {
    let requests = 0;
    let failNext = false;
    const server = http.createServer(async (req, res) => {
      requests += 1;
      if (failNext) {
        failNext = false;
        res.writeHead(503).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(content.graphqlUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: String(req.headers.authorization) },
        body: Buffer.concat(chunks),
      });
      res.writeHead(upstream.status, { 'Content-Type': 'application/json' }).end(await upstream.text());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    return {
      url,
      requests: () => requests,
      failNext: () => {
        failNext = true;
      },
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it('reuses a definition within cacheMs, fetches again after it, and never keeps a failure', async () => {
    const proxy = await countingProxy();
    let clock = 0;
    try {
      const port = createContentPort({ url: proxy.url, key: KEY, cacheMs: 1000, now: () => clock });
      proxy.failNext();
      await expect(port.getSurvey('quickscan')).rejects.toThrow('Could not receive the data');
      const first = await port.getSurvey('quickscan');
      clock = 999;
      expect(await port.getSurvey('quickscan')).toBe(first);
      expect(proxy.requests()).toBe(2);
      clock = 1000;
      expect((await port.getSurvey('quickscan'))?.id).toBe('quickscan');
      expect(proxy.requests()).toBe(3);
    } finally {
      await proxy.close();
    }
  });
});
