// The Results page's weak answers, each linked to the actions that address it (Actions screen).
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { paths } from '@toolkit/domain';
import { Card, MutedText, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useActionsQuery } from '../../shared/api';

const List = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]}px;
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
`;

export function AnswersToImprove({ surveyId }: { surveyId: string }) {
  const headingId = useId();
  const { data: overview } = useActionsQuery(surveyId);
  // The catalogue is extra help: while it loads, or if it cannot, the results stand on their own.
  if (!overview) return null;
  const byQuestion = new Map<string, { title: string; actions: { id: string; title: string }[] }>();
  for (const action of overview.actions) {
    for (const question of action.addressing) {
      const entry = byQuestion.get(question.questionId) ?? { title: question.title, actions: [] };
      entry.actions.push({ id: action.id, title: action.title });
      byQuestion.set(question.questionId, entry);
    }
  }
  if (byQuestion.size === 0) return null;
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>Answers to work on</SectionHeading>
        <MutedText>
          Each of these answers has actions that help; add them to your plan on the Actions page.
        </MutedText>
        <List>
          {[...byQuestion].map(([questionId, entry]) => (
            <li key={questionId}>
              <strong>{entry.title}</strong>:{' '}
              {entry.actions.map((action, index) => (
                <span key={action.id}>
                  {index > 0 && ', '}
                  <TextLink to={`${paths.actions()}#${action.id}`}>{action.title}</TextLink>
                </span>
              ))}
            </li>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
