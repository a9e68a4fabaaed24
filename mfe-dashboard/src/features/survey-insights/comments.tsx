// The comments on one open question, newest first: a search by word prefix and "Load more".
import { useId, useState } from 'react';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import { COMMENTS_SEARCH_MAX, formatDate } from '@toolkit/domain';
import { MutedText, Stack, VisuallyHidden } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { LoadMore } from '../../shared/load-more';
import { SearchForm } from '../../shared/view-controls';
import { useCommentsInfiniteQuery } from './survey-insights-api';

const Question = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  li {
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    padding-left: ${({ theme }) => theme.space[3]}px;
  }
  blockquote {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

export function Comments({
  surveyId,
  question,
}: {
  surveyId: string;
  question: { questionId: string; title: string; count: number };
}) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const comments = useCommentsInfiniteQuery({ surveyId, questionId: question.questionId, search });
  // Only the comments of the search asked: the previous search's would stand under the new one's name.
  const shown = comments.currentData;
  return (
    <Question aria-labelledby={headingId}>
      <SectionHeading as="h3" id={headingId}>
        {question.title} ({question.count} {question.count === 1 ? 'comment' : 'comments'})
      </SectionHeading>
      <SearchForm
        label="Words in the comment"
        name={`Search the comments on ${question.title}`}
        maxLength={COMMENTS_SEARCH_MAX}
        value={search}
        onSearch={setSearch}
      />
      <QueryView query={{ ...comments, data: shown }} doing="load the comments">
        {({ pages }) => {
          const listed = pages.flatMap((page) => page.comments);
          return (
            <Stack gap={3}>
              {listed.length === 0 ? (
                <MutedText role="status">
                  {search ? `No comment has a word starting with “${search}”.` : 'No comments yet.'}
                </MutedText>
              ) : (
                <List aria-label={search ? `Comments with “${search}”` : 'Comments, newest first'}>
                  {listed.map((comment) => (
                    <li key={comment.resultId}>
                      <blockquote>{comment.text}</blockquote>
                      <MutedText>{formatDate(comment.completedAt)}</MutedText>
                    </li>
                  ))}
                </List>
              )}
              <LoadMore
                list={comments}
                doing="load more comments"
                hiddenLabel={<VisuallyHidden> comments on {question.title}</VisuallyHidden>}
              />
            </Stack>
          );
        }}
      </QueryView>
    </Question>
  );
}
