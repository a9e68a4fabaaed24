import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

const ARTICLES = [
  {
    slug: 'energy-efficiency-basics',
    title: 'Energy efficiency basics',
    summary: 'Five low-cost changes.',
    topic: 'CLIMATE',
    readingMinutes: 5,
    publishedAt: '2026-02-16',
  },
  {
    slug: 'staff-wellbeing',
    title: "Looking after your team's wellbeing",
    summary: 'Fair pay and safe work.',
    topic: 'PEOPLE',
    readingMinutes: 4,
    publishedAt: '2026-05-04',
  },
];

const ARTICLE = {
  ...ARTICLES[0],
  body: {
    html: '<h2>Switch to LEDs</h2><p>Safe text</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>',
    videos: [
      { title: 'Energy walkthrough', url: 'https://video.example/w', embedUrl: 'https://video.example/e' },
    ],
    assets: [],
  },
  actions: [{ id: 'switch-to-led', title: 'Replace lighting with LEDs' }],
};

/** The content service narrowing the list as the real one does: by topic and every search word. */
function academyApi() {
  return createFakeApi({
    'content:Articles': (variables) => {
      const { topic, search = '' } = variables as { topic?: string; search?: string };
      const words = search.toLowerCase().split(/\s+/).filter(Boolean);
      return {
        articles: ARTICLES.filter(
          (article) =>
            (!topic || article.topic === topic) &&
            words.every((word) => `${article.title} ${article.summary}`.toLowerCase().includes(word)),
        ),
      };
    },
    'content:Article': (variables) => ({
      article: (variables as { slug: string }).slug === ARTICLE.slug ? ARTICLE : null,
    }),
  });
}

const open = (path: string, api = academyApi()) => {
  renderDashboard(path, api, { claims: { role: 'viewer', tenantId: 'tenant-1' } });
  return { api, user: userEvent.setup() };
};

describe('Academy screen', () => {
  it('lists the articles with their topic and reading time', async () => {
    open('/dashboard/academy');
    const list = await screen.findByRole('list', { name: 'Articles' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Energy efficiency basics' })).toHaveAttribute(
      'href',
      '/dashboard/academy/energy-efficiency-basics',
    );
    expect(within(list).getByText('Climate · 5 min read')).toBeInTheDocument();
  });

  it('filters by topic with pressed buttons, asking the CMS for that topic', async () => {
    const { api, user } = open('/dashboard/academy');
    await screen.findByRole('list', { name: 'Articles' });
    await user.click(screen.getByRole('button', { name: 'People' }));
    const articles = () => within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('listitem');
    await waitFor(() => expect(articles()).toHaveLength(1));
    expect(screen.getByRole('link', { name: "Looking after your team's wellbeing" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'People' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('content:Articles').at(-1)).toEqual({ topic: 'PEOPLE' });
  });

  it('searches as the member types, and says when nothing matches with a way back', async () => {
    const { api, user } = open('/dashboard/academy?topic=CLIMATE');
    await screen.findByRole('list', { name: 'Articles' });
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'wellbeing');
    expect(await screen.findByText('No articles match “wellbeing” in Climate.')).toBeInTheDocument();
    expect(api.callsTo('content:Articles').at(-1)).toEqual({ topic: 'CLIMATE', search: 'wellbeing' });
    await user.click(screen.getByRole('button', { name: 'Show all articles' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');
  });

  it('reads the topic and search from the address', async () => {
    const { api } = open('/dashboard/academy?topic=PEOPLE&q=pay');
    await screen.findByRole('list', { name: 'Articles' });
    expect(api.callsTo('content:Articles')).toEqual([{ topic: 'PEOPLE', search: 'pay' }]);
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('pay');
  });

  it('offers a retry when the CMS cannot be reached', async () => {
    let attempts = 0;
    const api = createFakeApi({
      'content:Articles': () =>
        ++attempts === 1 ? serverError('unavailable', 'down') : { articles: ARTICLES },
    });
    const { user } = open('/dashboard/academy', api);
    await user.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('list', { name: 'Articles' })).toBeInTheDocument();
  });
});

describe('Academy detail screen', () => {
  it('shows the article sanitised, its embedded video and the actions it helps with', async () => {
    open('/dashboard/academy/energy-efficiency-basics');
    expect(
      await screen.findByRole('heading', { name: 'Energy efficiency basics', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Switch to LEDs' })).toBeInTheDocument();
    expect(screen.getByTitle('Energy walkthrough')).toHaveAttribute('src', 'https://video.example/e');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Replace lighting with LEDs' })).toHaveAttribute(
      'href',
      '/dashboard/actions#switch-to-led',
    );
  });

  it('says not found for an unknown slug, with a way back to the Academy', async () => {
    open('/dashboard/academy/no-such-article');
    expect(await screen.findByRole('heading', { name: 'Article not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all articles' })).toHaveAttribute(
      'href',
      '/dashboard/academy',
    );
  });
});
