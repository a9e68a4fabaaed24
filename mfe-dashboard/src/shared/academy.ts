// Academy articles from the CMS, for the Academy screens and for the actions that link to them.
import { useCallback, useEffect, useState } from 'react';
import { ARTICLES_QUERY, type ArticlesQuery, type EsgTopic } from '@toolkit/domain';
import { useServices } from './services';
import { useResource, type Resource } from './use-resource';

export type ArticleSummary = ArticlesQuery['articles'][number];

/** The articles of a topic whose text holds every word searched for; both optional. */
export function useArticles(
  topic: EsgTopic | null,
  search: string,
): [Resource<ArticleSummary[]>, () => void] {
  const { content } = useServices();
  const load = useCallback(
    async () =>
      (
        await content.request<ArticlesQuery>(ARTICLES_QUERY, {
          ...(topic ? { topic } : {}),
          ...(search ? { search } : {}),
        })
      ).articles,
    [content, topic, search],
  );
  return useResource(load);
}

const titlesByClient = new WeakMap<object, ReadonlyMap<string, string>>();

/**
 * Article titles by slug, for links from actions. Without them (content unavailable) the links are
 * left out rather than shown as bare slugs.
 */
export function useArticleTitles(): ReadonlyMap<string, string> {
  const { content } = useServices();
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(
    () => titlesByClient.get(content) ?? new Map(),
  );
  useEffect(() => {
    if (titlesByClient.has(content)) return;
    let current = true;
    content
      .request<ArticlesQuery>(ARTICLES_QUERY)
      .then(({ articles }) => {
        const fetched = new Map(articles.map((article) => [article.slug, article.title]));
        titlesByClient.set(content, fetched);
        if (current) setTitles(fetched);
      })
      .catch((error: unknown) =>
        console.warn('Academy titles are unavailable; article links are hidden.', error),
      );
    return () => {
      current = false;
    };
  }, [content]);
  return titles;
}
