// Academy: articles and videos from the CMS, filtered by ESG topic and searched; the topic and the
// search live in the address, so a link or the back button returns to the same list.
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { EmptyState, QueryView } from '@toolkit/data';
import { ESG_TOPIC_NAMES, ESG_TOPICS, paths, type EsgTopic } from '@toolkit/domain';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { controlStyles } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useArticlesQuery } from '../../shared/api';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const TopicButton = styled.button`
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space[3]}px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const SearchInput = styled.input`
  ${controlStyles}
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
`;

const isTopic = (value: string | null): value is EsgTopic =>
  value !== null && (ESG_TOPICS as readonly string[]).includes(value);

/** Typing settles for this long before the list follows it. */
const SEARCH_DELAY_MS = 250;

export function AcademyScreen() {
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const topicParam = params.get('topic');
  const topic = isTopic(topicParam) ? topicParam : null;
  const search = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const articles = useArticlesQuery({ topic, search });

  const update = (next: { topic?: EsgTopic | null; q?: string }) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) merged.set(key, value);
          else merged.delete(key);
        }
        return merged;
      },
      { replace: true },
    );

  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => update({ q: typed.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // `update` is rebuilt each render; the typed text is what the delay follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, search]);

  return (
    <Stack>
      <PageTitle>Academy</PageTitle>
      <MutedText>Short, practical articles and videos for each ESG topic.</MutedText>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <Stack gap={3}>
          <label htmlFor={searchId}>Search articles</label>
          <SearchInput
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Filters role="group" aria-label="Topic">
            <TopicButton type="button" aria-pressed={topic === null} onClick={() => update({ topic: null })}>
              All topics
            </TopicButton>
            {ESG_TOPICS.map((name) => (
              <TopicButton
                key={name}
                type="button"
                aria-pressed={topic === name}
                onClick={() => update({ topic: name })}
              >
                {ESG_TOPIC_NAMES[name]}
              </TopicButton>
            ))}
          </Filters>
        </Stack>
      </form>
      <div aria-live="polite">
        <QueryView query={articles} doing="load the articles">
          {(list) =>
            list.length === 0 ? (
              <EmptyState
                action={
                  <div>
                    <Button
                      type="button"
                      variant="secondary"
                      onClick={() => {
                        setTyped('');
                        update({ topic: null, q: '' });
                      }}
                    >
                      Show all articles
                    </Button>
                  </div>
                }
              >
                No articles match
                {search ? ` “${search}”` : ''}
                {topic ? ` in ${ESG_TOPIC_NAMES[topic]}` : ''}.
              </EmptyState>
            ) : (
              <List aria-label="Articles">
                {list.map((article) => (
                  <li key={article.slug}>
                    <Card>
                      <Stack gap={2}>
                        <SectionHeading $size="small">
                          <Link to={paths.academyDetail(article.slug)}>{article.title}</Link>
                        </SectionHeading>
                        <MutedText>
                          {ESG_TOPIC_NAMES[article.topic]} · {article.readingMinutes} min read
                        </MutedText>
                        <p>{article.summary}</p>
                      </Stack>
                    </Card>
                  </li>
                ))}
              </List>
            )
          }
        </QueryView>
      </div>
    </Stack>
  );
}
