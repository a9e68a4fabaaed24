// Academy detail (academy/{slug}): one article, its sanitised text and embedded video, and the
// actions it helps with; "not found" for a slug the CMS does not have.
import { Link, useParams } from 'react-router';
import { QueryView } from '@toolkit/data';
import { ESG_TOPIC_NAMES, paths, formatDate } from '@toolkit/domain';
import { Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { RichText } from '@toolkit/ui/rich-text';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useArticleQuery } from '../../shared/api';

function BackLink() {
  return <Link to={paths.academy()}>← All articles</Link>;
}

export function AcademyDetailScreen() {
  const { slug = '' } = useParams();
  const article = useArticleQuery(slug);
  return (
    <Stack>
      <BackLink />
      <QueryView query={article} doing="load the article">
        {(found) =>
          found ? (
            <Stack>
              <PageTitle>{found.title}</PageTitle>
              <MutedText>
                {ESG_TOPIC_NAMES[found.topic]} · {found.readingMinutes} min read · published{' '}
                {formatDate(found.publishedAt)}
              </MutedText>
              <Card>
                <article>
                  <p>
                    <strong>{found.summary}</strong>
                  </p>
                  <RichText value={found.body} />
                </article>
              </Card>
              {found.actions.length > 0 && (
                <Card>
                  <Stack gap={3}>
                    <SectionHeading>Actions this article helps with</SectionHeading>
                    <ul>
                      {found.actions.map((action) => (
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
      </QueryView>
    </Stack>
  );
}
