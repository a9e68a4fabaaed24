// Academy detail (academy/{slug}): one article, its sanitised text and embedded video, and the
// actions it helps with; "not found" for a slug the CMS does not have.
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { ARTICLE_QUERY, ESG_TOPIC_NAMES, paths, type ArticleQuery } from '@toolkit/domain';
import { Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { RichText } from '@toolkit/ui/rich-text';
import { Loaded } from '../../shared/loading';
import { useServices } from '../../shared/services';
import { formatDate } from '../../shared/surveys';
import { useResource } from '../../shared/use-resource';

const Heading = styled.h2`
  margin: 0;
`;

function BackLink() {
  return <Link to={paths.academy()}>← All articles</Link>;
}

export function AcademyDetailScreen() {
  const { slug = '' } = useParams();
  const { content } = useServices();
  const load = useCallback(
    async () => (await content.request<ArticleQuery>(ARTICLE_QUERY, { slug })).article,
    [content, slug],
  );
  const [resource, reload] = useResource(load);
  return (
    <Stack>
      <BackLink />
      <Loaded resource={resource} doing="load the article" onRetry={reload}>
        {(article) =>
          article ? (
            <Stack>
              <PageTitle>{article.title}</PageTitle>
              <MutedText>
                {ESG_TOPIC_NAMES[article.topic]} · {article.readingMinutes} min read · published{' '}
                {formatDate(article.publishedAt)}
              </MutedText>
              <Card>
                <article>
                  <p>
                    <strong>{article.summary}</strong>
                  </p>
                  <RichText value={article.body} />
                </article>
              </Card>
              {article.actions.length > 0 && (
                <Card>
                  <Stack gap={3}>
                    <Heading>Actions this article helps with</Heading>
                    <ul>
                      {article.actions.map((action) => (
                        <li key={action.id}>
                          <Link to={`${paths.actions()}#${action.id}`}>{action.title}</Link>
                        </li>
                      ))}
                    </ul>
                  </Stack>
                </Card>
              )}
            </Stack>
          ) : (
            <Card>
              <Stack gap={3}>
                <PageTitle>Article not found</PageTitle>
                <p>There is no article at this address. It may have been moved or taken down.</p>
                <Link to={paths.academy()}>Browse all articles</Link>
              </Stack>
            </Card>
          )
        }
      </Loaded>
    </Stack>
  );
}
