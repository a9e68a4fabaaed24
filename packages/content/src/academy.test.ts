import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadArticles } from './academy';
import { loadActions } from './actions';
import { startContentServer } from './index';
import { DEFAULT_CONTENT_DIR, loadSeedContent } from './seed';

const actions = loadActions(DEFAULT_CONTENT_DIR, loadSeedContent());

function contentWith(articles: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-academy-'));
  fs.mkdirSync(path.join(dir, 'catalogue'));
  fs.writeFileSync(path.join(dir, 'catalogue', 'academy.json'), JSON.stringify(articles));
  return dir;
}

const ARTICLE = {
  slug: 'a1',
  title: 'An article',
  summary: 'Why it matters',
  topic: 'CLIMATE',
  readingMinutes: 3,
  publishedAt: '2026-01-05',
  body: { html: '<p>Text</p>', videos: [], assets: [] },
};

it('loads the seed academy: at least eight articles over every ESG topic, one with a video, newest first', () => {
  const articles = loadArticles(DEFAULT_CONTENT_DIR, actions);
  expect(articles.length).toBeGreaterThanOrEqual(8);
  expect(new Set(articles.map((article) => article.topic))).toEqual(
    new Set(['CLIMATE', 'CIRCULARITY', 'PEOPLE', 'COMMUNITY', 'GOVERNANCE']),
  );
  expect(articles.some((article) => article.body.videos.length > 0)).toBe(true);
  const dates = articles.map((article) => article.publishedAt);
  expect(dates).toEqual([...dates].sort().reverse());
});

test.each<[string, Record<string, unknown>, RegExp]>([
  ['a topic that is not one', { topic: 'WEATHER' }, /"WEATHER" is not one of CLIMATE/],
  ['a date that is not one', { publishedAt: '5 January' }, /is not a date like/],
  ['an unknown field', { author: 'x' }, /unknown field/],
  ['a missing body', { body: undefined }, /body: is required/],
])('refuses %s', (_name, change, message) => {
  expect(() => loadArticles(contentWith([{ ...ARTICLE, ...change }]), [])).toThrow(message);
});

it('refuses a slug used twice and an action that links an article the academy lacks', () => {
  expect(() => loadArticles(contentWith([ARTICLE, ARTICLE]), [])).toThrow(/article slug "a1" is used twice/);
  expect(() => loadArticles(contentWith([ARTICLE]), actions)).toThrow(
    /action "track-energy-use" links the article "measuring-your-footprint", which the academy does not have/,
  );
});

describe('over GraphQL', () => {
  let running: Awaited<ReturnType<typeof startContentServer>>;
  beforeAll(async () => {
    running = await startContentServer({ port: 0, key: 'academy-key' });
  });
  afterAll(() => running.close());

  async function query<T>(text: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch(running.graphqlUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer academy-key' },
      body: JSON.stringify({ query: text, variables }),
    });
    const body = (await res.json()) as { data: T; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data;
  }

  const LIST =
    'query($topic: EsgTopic, $search: String) { articles(topic: $topic, search: $search) { slug topic } }';

  it('filters by topic and by every word of a search, in any case', async () => {
    const climate = await query<{ articles: { slug: string; topic: string }[] }>(LIST, { topic: 'CLIMATE' });
    expect(climate.articles.length).toBeGreaterThanOrEqual(3);
    expect(climate.articles.every((article) => article.topic === 'CLIMATE')).toBe(true);
    // "LED" appears only in the text of one article, not its title.
    const led = await query<{ articles: { slug: string }[] }>(LIST, { search: 'led LIGHTING' });
    expect(led.articles.map((article) => article.slug)).toEqual(['energy-efficiency-basics']);
    const none = await query<{ articles: unknown[] }>(LIST, { topic: 'PEOPLE', search: 'solar' });
    expect(none.articles).toEqual([]);
  });

  it('gives one article with its body, its video at the content origin and the actions it helps with', async () => {
    const { article } = await query<{
      article: { title: string; body: { videos: { embedUrl: string }[] }; actions: { id: string }[] };
    }>(
      'query($slug: ID!) { article(slug: $slug) { title body { html videos { embedUrl } } actions { id } } }',
      { slug: 'making-the-most-of-the-quickscan' },
    );
    expect(article.title).toBe('Making the most of your Quickscan');
    expect(article.body.videos[0]!.embedUrl).toBe(
      `${running.url}/assets/video/quickscan-welcome.html?embed=1`,
    );
    expect((await fetch(article.body.videos[0]!.embedUrl)).status).toBe(200);
    expect(article.actions.map((action) => action.id)).toEqual(['report-progress']);
    const unknown = await query<{ article: null }>('query { article(slug: "no-such-article") { slug } }');
    expect(unknown.article).toBeNull();
  });
});
