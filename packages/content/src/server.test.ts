import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as CONTENT_QUERIES from '@toolkit/domain/content/queries';
import {
  startContentServer,
  createContentServer,
  loadSeedContent,
  MAX_QUERY_BODY_BYTES,
  QUERY_LIMITS,
  SeedError,
} from './index';

const KEY = 'test-content-key';

type Running = Awaited<ReturnType<typeof startContentServer>>;
type GqlResponse = {
  status: number;
  body: { data?: Record<string, unknown>; errors?: { message: string }[] };
};

async function gql(
  running: Running,
  query: string,
  variables: Record<string, unknown> = {},
  auth: string | null = `Bearer ${KEY}`,
): Promise<GqlResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (auth !== null) headers.Authorization = auth;
  const res = await fetch(running.graphqlUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: await res.json() };
}

const SURVEY_QUERY = /* GraphQL */ `
  query Survey($id: ID!) {
    survey(id: $id) {
      id
      title
      tenantId
      slug
      primaryColor
      secondaryColor
      tertiaryColor
      quaternaryColor
      globalFont
      textColor
      primaryLogo {
        url
        title
        width
        height
        description
      }
      secondaryLogo {
        url
      }
      mobileSecondaryLogo {
        url
      }
      notificationEmailRecipients
      notificationEmailBcc
      dashboardUrl
      completionUrl
      requireAccount
      declarationText
      declarationOutro
      intro {
        html
        videos {
          title
          url
          embedUrl
        }
        assets {
          url
          width
          height
        }
      }
      intro2 {
        html
        videos {
          embedUrl
        }
        assets {
          url
          title
          width
          height
          description
        }
      }
      outro {
        html
      }
      scoring {
        scale
        bands {
          min
          label
        }
      }
      sections {
        id
        title
        primaryColor
        weight
        sectionIcon {
          url
        }
        questions {
          __typename
          id
          title
          ... on Question {
            ...Q
          }
          ... on QuestionGroup {
            questions {
              ...Q
            }
          }
        }
      }
    }
  }
  fragment Q on Question {
    id
    type
    helperText
    labels
    scoreMin
    scoreMax
    scoreStepSize
    textLines
    information
    multiple
    evidenceRequired
    options {
      id
      label
      score
    }
    scoring {
      method
      maxScore
    }
  }
`;

type Q = {
  id: string;
  type: string;
  multiple: boolean | null;
  evidenceRequired: boolean;
  scoring: { method: string; maxScore: number };
};
type Item = Q & { __typename: string; questions?: Q[] };
type SurveyData = {
  sections: { id: number; weight: number; questions: Item[] }[];
  [k: string]: unknown;
};

describe('content server with the seed content', () => {
  let running: Running;
  beforeAll(async () => {
    running = await startContentServer({ port: 0, key: KEY });
  });
  afterAll(() => running.close());

  it('answers /health without a key', async () => {
    const res = await fetch(`${running.url}/health`);
    expect(res.status).toBe(200);
  });

  it('serves the Quickscan with every definition field, every question type and a group', async () => {
    const { status, body } = await gql(running, SURVEY_QUERY, { id: 'quickscan' });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const survey = body.data?.survey as SurveyData;
    expect(survey).toMatchObject({
      id: 'quickscan',
      title: 'Sustainability Quickscan',
      tenantId: 'demo-publisher',
      slug: 'quickscan',
      notificationEmailRecipients: ['sustainability-team@demo-publisher.example'],
      notificationEmailBcc: ['records@demo-publisher.example'],
      dashboardUrl: 'http://localhost:3000/dashboard',
      requireAccount: false,
    });
    for (const colour of [
      'primaryColor',
      'secondaryColor',
      'tertiaryColor',
      'quaternaryColor',
      'textColor',
    ]) {
      expect(survey[colour]).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(survey.globalFont).toBeTruthy();
    expect(survey.completionUrl).toMatch(/^http/);
    expect(survey.declarationText).toBeTruthy();
    const intro = survey.intro as { videos: { embedUrl: string }[] };
    const intro2 = survey.intro2 as { assets: { url: string }[] };
    expect([...intro.videos, ...(survey.intro2 as { videos: unknown[] }).videos]).toHaveLength(1);
    expect(intro2.assets).toHaveLength(1);
    expect((survey.outro as { html: string }).html).toContain('<');

    // Local assets come back as absolute URLs on this server, and are served there.
    const logo = (survey.primaryLogo as { url: string }).url;
    expect(logo.startsWith('http://127.0.0.1:')).toBe(true);
    const logoRes = await fetch(logo);
    expect(logoRes.status).toBe(200);
    expect(logoRes.headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(intro.videos[0]!.embedUrl)).status).toBe(200);

    expect(survey.sections.length).toBeGreaterThanOrEqual(5);
    const items = survey.sections.flatMap((s) => s.questions);
    const questions = items.flatMap((i) => (i.__typename === 'QuestionGroup' ? (i.questions ?? []) : [i]));
    expect(items.some((i) => i.__typename === 'QuestionGroup')).toBe(true);
    expect(new Set(questions.map((q) => q.type))).toEqual(
      new Set(['SLIDER', 'COMMENT', 'CONTENT', 'DROPDOWN', 'MULTIPLE_CHOICE']),
    );
    expect(questions.some((q) => q.type === 'DROPDOWN' && q.multiple === true)).toBe(true);
    expect(questions.some((q) => q.type === 'DROPDOWN' && q.multiple === false)).toBe(true);
    expect(survey.sections[0]!.questions.map((q) => q.id)).toContain('company-name');
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    // A reviewer expects evidence for these answers; every other question leaves it to the business.
    expect(questions.filter((q) => q.evidenceRequired).map((q) => q.id)).toEqual([
      'renewable-electricity',
      'sustainability-policy',
    ]);

    // Scoring travels with the content.
    const methods = Object.fromEntries(
      questions.map((q) => [q.type + (q.multiple ? '+multiple' : ''), q.scoring.method]),
    );
    expect(methods).toMatchObject({
      SLIDER: 'SCALED',
      MULTIPLE_CHOICE: 'OPTION',
      'DROPDOWN+multiple': 'OPTION_SUM_CAPPED',
    });
    expect(
      questions
        .filter((q) => ['COMMENT', 'CONTENT'].includes(q.type))
        .every((q) => q.scoring.method === 'NONE'),
    ).toBe(true);
    expect(survey.sections.filter((s) => s.weight > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('serves the supplier assessment, which requires an account', async () => {
    const { body } = await gql(
      running,
      '{ surveyBySlug(slug: "supplier-assessment") { id requireAccount sections { id } } }',
    );
    expect(body.data?.surveyBySlug).toMatchObject({ id: 'supplier-assessment', requireAccount: true });
    const list = await gql(running, '{ surveys { id title slug } }');
    expect((list.body.data?.surveys as { id: string }[]).map((s) => s.id).sort()).toEqual([
      'business-quickscan',
      'coastal-check',
      'quickscan',
      'supplier-assessment',
    ]);
  });

  it('returns null for an unknown survey id or slug', async () => {
    const { status, body } = await gql(running, 'query($id: ID!) { survey(id: $id) { id } }', { id: 'nope' });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { survey: null } });
    const bySlug = await gql(running, '{ surveyBySlug(slug: "nope") { id } }');
    expect(bySlug.body).toEqual({ data: { surveyBySlug: null } });
  });

  it.each([
    ['no Authorization header', null],
    ['a wrong key', 'Bearer not-the-key'],
    ['an empty bearer', 'Bearer '],
    ['another scheme', `Basic ${KEY}`],
  ])('refuses %s with 401 and a GraphQL-style error', async (_name, auth) => {
    const { status, body } = await gql(running, '{ surveys { id } }', {}, auth);
    expect(status).toBe(401);
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toMatch(/bearer key/i);
  });

  it('answers a CORS preflight from the app origin and allows Authorization', async () => {
    const res = await fetch(running.graphqlUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    expect(allowed).toContain('authorization');
    expect(allowed).toContain('content-type');

    // The real request (and a 401) carry the header too, so the browser can read them.
    const ok = await fetch(running.graphqlUrl, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:3000',
        Authorization: `Bearer ${KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ query: '{ surveys { id } }' }),
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const denied = await fetch(running.graphqlUrl, {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ surveys { id } }' }),
    });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('refuses a preflight from a foreign origin', async () => {
    const res = await fetch(running.graphqlUrl, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const)('compresses a large answer with %s when the client accepts it', async (encoding, decode) => {
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(
        running.graphqlUrl,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${KEY}`,
            'Content-Type': 'application/json',
            'Accept-Encoding': encoding,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ query: SURVEY_QUERY, variables: { id: 'quickscan' } }));
    });
    expect(raw.headers['content-encoding']).toBe(encoding);
    expect(raw.headers.vary).toContain('Accept-Encoding');
    const text = decode(raw.body).toString('utf8');
    expect(raw.body.length).toBeLessThan(text.length / 3);
    expect(JSON.parse(text).data.survey.id).toBe('quickscan');
  });

  it('does not serve files outside the assets folder', async () => {
    expect((await fetch(`${running.url}/assets/..%2Fquickscan.json`)).status).toBe(404);
    expect((await fetch(`${running.url}/assets/missing.svg`)).status).toBe(404);
  });
});

function tempContentDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-test-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const minimalSurvey = (overrides: Record<string, unknown> = {}) => ({
  id: 'big',
  title: 'Big survey',
  tenantId: 'demo-publisher',
  slug: 'big',
  primaryColor: '#111111',
  secondaryColor: '#222222',
  tertiaryColor: '#333333',
  quaternaryColor: '#444444',
  textColor: '#000000',
  sections: [{ id: 1, title: 'Only', weight: 0, questions: [{ id: 'q', type: 'comment', title: 'Q?' }] }],
  ...overrides,
});

describe('shape limits', () => {
  let running: Running;
  let dir: string;
  beforeAll(async () => {
    const comment = (id: string) => ({ id, type: 'comment', title: `Question ${id}?` });
    const sections = Array.from({ length: 12 }, (_, s) => ({
      id: s + 1,
      title: `Section ${s + 1}`,
      weight: 0,
      questions: [
        {
          id: `g${s}`,
          type: 'group',
          title: 'A big group',
          questions: Array.from({ length: 25 }, (_, q) => comment(`g${s}-q${q}`)),
        },
        ...Array.from({ length: 24 }, (_, q) => comment(`s${s}-q${q}`)),
      ],
    }));
    dir = tempContentDir({ 'big.json': JSON.stringify(minimalSurvey({ sections })) });
    running = await startContentServer({ port: 0, key: KEY, contentDir: dir });
  });
  afterAll(async () => {
    await running.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const query = (sections: number, questions: number, group: number) => /* GraphQL */ `{
    survey(id: "big") {
      sections(limit: ${sections}) {
        questions(limit: ${questions}) { id ... on QuestionGroup { questions(limit: ${group}) { id } } }
      }
    }
  }`;
  type Big = { survey: { sections: { questions: { id: string; questions?: { id: string }[] }[] }[] } };

  it('returns at most 10 sections, 20 items per section and 20 per group by default', async () => {
    const { body } = await gql(
      running,
      '{ survey(id: "big") { sections { questions { id ... on QuestionGroup { questions { id } } } } } }',
    );
    const { sections } = (body.data as Big).survey;
    expect(sections).toHaveLength(10);
    for (const s of sections) {
      expect(s.questions).toHaveLength(20);
      expect(s.questions[0]!.questions).toHaveLength(20);
    }
  });

  it('never returns more whatever limit says', async () => {
    const { body } = await gql(running, query(50, 100, 1000));
    const { sections } = (body.data as Big).survey;
    expect(sections).toHaveLength(10);
    expect(sections[0]!.questions).toHaveLength(20);
    expect(sections[0]!.questions[0]!.questions).toHaveLength(20);
  });

  it('honours a smaller limit and treats a negative one as 0', async () => {
    const { body } = await gql(running, query(3, 5, -1));
    const { sections } = (body.data as Big).survey;
    expect(sections).toHaveLength(3);
    expect(sections[0]!.questions).toHaveLength(5);
    expect(sections[0]!.questions[0]!.questions).toEqual([]);
  });
});

describe('seed validation at start-up', () => {
  const dirs: string[] = [];
  const dirWith = (files: Record<string, string>) => {
    const dir = tempContentDir(files);
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('the shipped seed content is valid', () => {
    // Ordered by publisher, then id.
    expect(loadSeedContent().map((s: { id: string }) => s.id)).toEqual([
      'coastal-check',
      'business-quickscan',
      'quickscan',
      'supplier-assessment',
    ]);
  });

  it('names the file of malformed JSON', async () => {
    const dir = dirWith({ 'good.json': JSON.stringify(minimalSurvey()), 'broken.json': '{ "id": "x", ' });
    await expect(startContentServer({ port: 0, key: KEY, contentDir: dir })).rejects.toThrow(
      new RegExp(`${path.join(dir, 'broken.json').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}.*not valid JSON`),
    );
  });

  it('names the file, the place and the problem of an invalid survey', () => {
    const bad = minimalSurvey({
      sections: [
        {
          id: 1,
          title: 'S',
          weight: 0,
          questions: [
            {
              id: 'q1',
              type: 'slider',
              title: 'How?',
              scoreMin: 5,
              scoreMax: 1,
              scoreStepSize: 1,
              maxScore: 10,
            },
          ],
        },
      ],
    });
    const dir = dirWith({ 'bad-slider.json': JSON.stringify(bad) });
    let error: unknown;
    try {
      createContentServer({ key: KEY, contentDir: dir });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SeedError);
    expect((error as Error).message).toContain('bad-slider.json');
    expect((error as Error).message).toContain('sections[0].questions[0].scoreMax');
  });

  it.each([
    [
      'an unknown question type',
      { sections: [{ id: 1, title: 'S', weight: 0, questions: [{ id: 'q', type: 'essay', title: 'Q' }] }] },
      /unknown question type "essay"/,
    ],
    [
      'a duplicate question id',
      {
        sections: [
          {
            id: 1,
            title: 'S',
            weight: 0,
            questions: [
              { id: 'q', type: 'comment', title: 'A' },
              { id: 'q', type: 'comment', title: 'B' },
            ],
          },
        ],
      },
      /duplicate question id "q"/,
    ],
    [
      'a nested group',
      {
        sections: [
          {
            id: 1,
            title: 'S',
            weight: 0,
            questions: [
              {
                id: 'g',
                type: 'group',
                title: 'G',
                questions: [{ id: 'h', type: 'group', title: 'H', questions: [] }],
              },
            ],
          },
        ],
      },
      /groups cannot be nested/,
    ],
    [
      'a multiple dropdown without maxScore',
      {
        sections: [
          {
            id: 1,
            title: 'S',
            weight: 1,
            questions: [
              {
                id: 'd',
                type: 'dropdown',
                title: 'D',
                multiple: true,
                options: [
                  { id: 'a', label: 'A', score: 1 },
                  { id: 'b', label: 'B', score: 2 },
                ],
              },
            ],
          },
        ],
      },
      /maxScore: expected a number/,
    ],
    [
      'evidence required on a content slide',
      {
        sections: [
          {
            id: 1,
            title: 'S',
            weight: 0,
            questions: [
              { id: 'c', type: 'content', title: 'C', information: '<p>i</p>', evidenceRequired: true },
            ],
          },
        ],
      },
      /evidenceRequired: not allowed on a content question/,
    ],
    [
      'a missing local asset',
      { primaryLogo: { url: '/assets/nope.svg' } },
      /local asset \/assets\/nope.svg does not exist/,
    ],
    ['a bad colour', { primaryColor: 'green' }, /primaryColor: "green" is not a hex colour/],
    ['an unknown field', { colour: '#fff' }, /colour: unknown field/],
  ])('rejects %s', (_name, overrides, problem) => {
    const dir = dirWith({ 'survey.json': JSON.stringify(minimalSurvey(overrides)) });
    expect(() => loadSeedContent(dir)).toThrow(problem);
    expect(() => loadSeedContent(dir)).toThrow(/survey\.json/);
  });

  it('rejects two files with the same survey id', () => {
    const dir = dirWith({
      'a.json': JSON.stringify(minimalSurvey()),
      'b.json': JSON.stringify(minimalSurvey({ slug: 'other' })),
    });
    expect(() => loadSeedContent(dir)).toThrow(/b\.json.*survey id "big" is also used by .*a\.json/);
  });

  it('builds a variant from the file it extends, with its own fields winning', () => {
    const dir = dirWith({
      'a.json': JSON.stringify(minimalSurvey()),
      'b.json': JSON.stringify({ extends: 'a.json', id: 'variant', slug: 'variant', requireAccount: true }),
    });
    const [base, variant] = loadSeedContent(dir) as { id: string; requireAccount: boolean; title: string }[];
    expect(base).toMatchObject({ id: 'big', requireAccount: false });
    expect(variant).toMatchObject({ id: 'variant', requireAccount: true, title: 'Big survey' });
  });

  it('names the file whose extends points nowhere', () => {
    const dir = dirWith({ 'b.json': JSON.stringify({ extends: 'missing.json', id: 'variant' }) });
    expect(() => loadSeedContent(dir)).toThrow(/b\.json at extends: "missing\.json" is not a seed file/);
  });

  it('requires a key', () => {
    expect(() => createContentServer({ key: '' })).toThrow(/key is required/);
  });
});

it('keeps an idle connection open longer than clients reuse one (no ECONNRESET on reuse)', async () => {
  const running = await startContentServer({ port: 0, key: KEY });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const payload = JSON.stringify({ query: '{ __typename }' });
      const request = http.request(
        running.graphqlUrl,
        {
          method: 'POST',
          agent,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
          );
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  try {
    expect(await ask()).toEqual({ status: 200, reused: false });
    // Past Node's default server keep-alive of 5 s, which would have closed the connection.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(await ask()).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
    await running.close();
  }
}, 20_000);

describe('two keys: the servers’ reads everything, the browsers’ all but the notification addresses', () => {
  const PUBLIC_KEY = 'test-public-key';
  let running: Running;
  beforeAll(async () => {
    running = await startContentServer({ port: 0, key: KEY, publicKey: PUBLIC_KEY });
  });
  afterAll(() => running.close());

  const RECIPIENTS = '{ survey(id: "quickscan") { id notificationEmailRecipients } }';
  const BCC_IN_FRAGMENT = `
    { survey(id: "quickscan") { ...Addresses } }
    fragment Addresses on Survey { title notificationEmailBcc }`;

  it('serves the recipients and bcc addresses to the server key', async () => {
    expect((await gql(running, RECIPIENTS)).body).toEqual({
      data: {
        survey: {
          id: 'quickscan',
          notificationEmailRecipients: ['sustainability-team@demo-publisher.example'],
        },
      },
    });
    expect((await gql(running, BCC_IN_FRAGMENT)).body.data).toEqual({
      survey: { title: 'Sustainability Quickscan', notificationEmailBcc: ['records@demo-publisher.example'] },
    });
  });

  it('refuses them to the browser key, also asked for through a fragment, and answers nothing else', async () => {
    const asBrowser = (query: string) => gql(running, query, {}, `Bearer ${PUBLIC_KEY}`);
    expect((await asBrowser(RECIPIENTS)).body).toEqual({
      errors: [
        expect.objectContaining({
          message:
            'Survey.notificationEmailRecipients is served to the server only: the browser key cannot read it.',
        }),
      ],
    });
    const viaFragment = (await asBrowser(BCC_IN_FRAGMENT)).body;
    expect(viaFragment.data).toBeUndefined();
    expect(viaFragment.errors?.map((error) => error.message)).toEqual([
      'Survey.notificationEmailBcc is served to the server only: the browser key cannot read it.',
    ]);
  });

  it('serves the browser key the rest of a survey, and refuses any other key', async () => {
    const { body } = await gql(
      running,
      SURVEY_QUERY.replace(/notificationEmail\w+/g, ''),
      { id: 'quickscan' },
      `Bearer ${PUBLIC_KEY}`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.survey).toMatchObject({ id: 'quickscan', tenantId: 'demo-publisher' });
    const stranger = await gql(running, '{ __typename }', {}, 'Bearer another-key');
    expect(stranger.status).toBe(401);
    expect(stranger.body.errors?.[0]?.message).toBe('Invalid bearer key.');
  });

  it('takes a browser key only when it is not the server key', () => {
    expect(() => createContentServer({ key: KEY, publicKey: KEY })).toThrow(/differ from the key/);
    expect(() => createContentServer({ key: KEY, publicKey: ' ' })).toThrow(/non-empty/);
  });
});

describe('query cost', () => {
  let running: Running;
  beforeAll(async () => {
    running = await startContentServer({ port: 0, key: KEY, publicKey: 'browser-key' });
  });
  afterAll(() => running.close());

  const messagesOf = async (query: string) => {
    const { status, body } = await gql(running, query);
    expect(status).toBeLessThan(500);
    expect(body.data).toBeUndefined();
    return body.errors?.map((error) => error.message) ?? [];
  };

  it(`refuses more than ${QUERY_LIMITS.aliases} aliases, fragments counted each time they are spread`, async () => {
    const aliases = (count: number) =>
      Array.from({ length: count }, (_, i) => `a${i}: actions { id }`).join(' ');
    expect((await gql(running, `{ ${aliases(QUERY_LIMITS.aliases)} }`)).body.errors).toBeUndefined();
    expect(await messagesOf(`{ ${aliases(QUERY_LIMITS.aliases + 1)} }`)).toEqual([
      `The query uses more than ${QUERY_LIMITS.aliases} aliases; ask for less at once.`,
    ]);
    // Five aliases in a fragment spread five times: 25.
    const spread = Array.from({ length: 5 }, (_, i) => `s${i}: survey(id: "quickscan") { ...Five }`).join(
      ' ',
    );
    const five = Array.from({ length: 5 }, (_, i) => `t${i}: title`).join(' ');
    expect(await messagesOf(`{ ${spread} } fragment Five on Survey { ${five} }`)).toEqual([
      `The query uses more than ${QUERY_LIMITS.aliases} aliases; ask for less at once.`,
    ]);
  });

  it('measures fragments that spread each other over and over without expanding them one by one', async () => {
    // F0 spreads F1 twice, F1 spreads F2 twice, …: 2^30 selections of F30 once expanded.
    const chain = Array.from(
      { length: 30 },
      (_, i) => `fragment F${i} on Survey { ...F${i + 1} ...F${i + 1} }`,
    );
    const query = (last: string) =>
      `{ survey(id: "quickscan") { ...F0 } } ${chain.join(' ')} fragment F30 on Survey { ${last} }`;
    const started = Date.now();
    expect((await gql(running, query('title'))).body).toEqual({
      data: { survey: { title: 'Sustainability Quickscan' } },
    });
    expect(await messagesOf(query('t: title'))).toEqual([
      `The query uses more than ${QUERY_LIMITS.aliases} aliases; ask for less at once.`,
    ]);
    expect(Date.now() - started).toBeLessThan(3_000);
  }, 10_000);

  it(`refuses fields nested more than ${QUERY_LIMITS.depth} deep`, async () => {
    const nested = (depth: number) =>
      `{ ${'survey(id: "quickscan") { '.repeat(depth - 1)}id${' }'.repeat(depth - 1)} }`;
    expect(await messagesOf(nested(QUERY_LIMITS.depth + 1))).toContain(
      `The query nests fields more than ${QUERY_LIMITS.depth} deep; ask for less at once.`,
    );
    expect(await messagesOf(nested(QUERY_LIMITS.depth))).not.toContain(
      `The query nests fields more than ${QUERY_LIMITS.depth} deep; ask for less at once.`,
    );
  });

  it('refuses a document nested 3,000 deep with a GraphQL error, not a crash', async () => {
    // 30 KB, within the body limit: the token limit refuses it.
    const deep = `{ ${'survey { '.repeat(3000)}id${' }'.repeat(3000)} }`;
    expect(await messagesOf(deep)).toEqual([
      `The query is longer than ${QUERY_LIMITS.tokens} tokens; ask for less at once.`,
    ]);
  });

  it(`refuses a body over ${MAX_QUERY_BODY_BYTES / 1024} KiB, and one without a Content-Length, before reading it`, async () => {
    const post = (body: BodyInit) =>
      fetch(running.graphqlUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer browser-key' },
        body,
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      });
    const padded = (bytes: number) => {
      const base = JSON.stringify({ query: '{ __typename }', variables: { pad: '' } });
      return JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(bytes - base.length) } });
    };
    expect(padded(MAX_QUERY_BODY_BYTES)).toHaveLength(MAX_QUERY_BODY_BYTES);
    expect((await post(padded(MAX_QUERY_BODY_BYTES))).status).toBe(200);
    const large = await post(padded(MAX_QUERY_BODY_BYTES + 1));
    expect(large.status).toBe(413);
    expect(((await large.json()) as GqlResponse['body']).errors?.[0]?.message).toBe(
      'The request is larger than 64 KB.',
    );
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const chunked = await post(endless);
    expect(chunked.status).toBe(411);
    expect(((await chunked.json()) as GqlResponse['body']).errors?.[0]?.message).toBe(
      'Send the query with a Content-Length.',
    );
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('lets every query the product sends through, the browsers’ with the browser key', async () => {
    const { SERVER_SURVEY_QUERY, ...browsers } = CONTENT_QUERIES;
    const variables = { id: 'quickscan', name: 'waste', slug: 'x' };
    expect((await gql(running, SERVER_SURVEY_QUERY, variables)).body.errors).toBeUndefined();
    for (const query of Object.values(browsers).filter((value) => typeof value === 'string')) {
      const { body } = await gql(running, query, variables, 'Bearer browser-key');
      expect(body.errors).toBeUndefined();
      expect(body.data).toBeDefined();
    }
  });
});
