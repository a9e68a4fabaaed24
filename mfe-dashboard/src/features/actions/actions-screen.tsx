// Actions: what the latest completed Quickscan suggests and why, the plan with each action's
// status, owner and due date and its progress, the organisation's own actions, and what changed
// since the previous Quickscan.
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { describeError, QueryView } from '@toolkit/data';
import { ESG_TOPIC_NAMES, hasPermission, paths, planProgress, type ActionsOverview } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { useActionsQuery, useArticleTitles, useToolkit } from '../../shared/api';
import { AssessmentLink } from '../../shared/assessment-link';
import { ActionBox, LEVEL_NAMES, List } from './action-parts';
import { useToggleActionPlanMutation } from './actions-api';
import { CustomActions } from './custom-actions';
import { PlannedActionItem } from './planned-action';

const Progress = styled.progress`
  width: 100%;
  height: 1rem;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

/** The Academy articles that help with an action; a slug without a known title is left out. */
function ArticleLinks({ slugs, titles }: { slugs: readonly string[]; titles: ReadonlyMap<string, string> }) {
  const known = slugs.filter((slug) => titles.has(slug));
  if (known.length === 0) return null;
  return (
    <MutedText>
      Learn how:{' '}
      {known.map((slug, index) => (
        <span key={slug}>
          {index > 0 && '; '}
          <Link to={paths.academyDetail(slug)}>{titles.get(slug)}</Link>
        </span>
      ))}
    </MutedText>
  );
}

function Overview({ data, userResultId }: { data: ActionsOverview; userResultId: string }) {
  const claims = useAppSelector((state) => state.auth.claims);
  const editable = hasPermission(claims, 'editInsights');
  const planId = useId();
  const [toggle, adding] = useToggleActionPlanMutation();
  const titleOf = new Map(
    [...data.actions, ...data.customActions].map((action) => [action.id, action.title]),
  );
  const planned = new Set(data.plan.map((entry) => entry.actionId));
  const suggestions = data.actions.filter((action) => action.addressing.length > 0);
  const articleTitles = useArticleTitles();
  const progress = planProgress(data.plan);
  // The plan shows the added action as the actions are asked again.
  const add = (actionId: string) => void toggle({ userResultId, actionId, selected: true });
  const problem = adding.isError ? describeError(adding.error, 'add the action to your plan') : null;

  return (
    <Stack>
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
      <Card aria-labelledby={planId}>
        <Stack gap={3}>
          <SectionHeading id={planId}>Your plan</SectionHeading>
          {!editable && (
            <MutedText>Your role can read the plan; an owner, admin or editor can change it.</MutedText>
          )}
          {data.plan.length === 0 ? (
            <MutedText>No actions planned yet. Add suggested actions below.</MutedText>
          ) : (
            <>
              <label>
                {progress}% done ({data.plan.filter((entry) => entry.status === 'done').length} of{' '}
                {data.plan.length})
                <Progress max={100} value={progress} aria-label="Plan progress" />
              </label>
              <List>
                {data.plan.map((entry) => (
                  <PlannedActionItem
                    // A saved entry starts a fresh form with what the server now holds.
                    key={`${entry.actionId}-${entry.status}-${entry.owner}-${entry.dueDate}`}
                    planned={entry}
                    title={titleOf.get(entry.actionId) ?? entry.actionId}
                    editable={editable}
                    userResultId={userResultId}
                  />
                ))}
              </List>
            </>
          )}
        </Stack>
      </Card>
      {data.changes.length > 0 && (
        <Card>
          <Stack gap={3}>
            <SectionHeading>Since your previous Quickscan</SectionHeading>
            <List>
              {data.changes.map((change) => (
                <li key={change.questionId} style={{ listStyle: 'none' }}>
                  {change.change === 'improved' ? '▲ Improved: ' : '▼ Worsened: '}
                  {change.title}
                </li>
              ))}
            </List>
          </Stack>
        </Card>
      )}
      <CustomActions data={data} editable={editable} planned={planned} onPlan={add} />
      <Card>
        <Stack gap={3}>
          <SectionHeading>Suggested for you</SectionHeading>
          {suggestions.length === 0 ? (
            <MutedText>
              Your answers leave nothing to suggest: every step in the catalogue is in place.
            </MutedText>
          ) : (
            <List>
              {suggestions.map((action) => (
                <ActionBox key={action.id} id={action.id}>
                  <Stack gap={2}>
                    <h3>{action.title}</h3>
                    <p>{action.summary}</p>
                    <MutedText>
                      {ESG_TOPIC_NAMES[action.topic]} · effort {LEVEL_NAMES[action.effort]} · impact{' '}
                      {LEVEL_NAMES[action.impact]}
                    </MutedText>
                    <MutedText>
                      Because of your answer to: {action.addressing.map((q) => q.title).join('; ')}
                    </MutedText>
                    <ArticleLinks slugs={action.academyArticles} titles={articleTitles} />
                    {planned.has(action.id) ? (
                      <MutedText>In your plan</MutedText>
                    ) : (
                      editable && (
                        <Button type="button" variant="secondary" onClick={() => add(action.id)}>
                          Add “{action.title}” to plan
                        </Button>
                      )
                    )}
                  </Stack>
                </ActionBox>
              ))}
            </List>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

function ActionsOf({ surveyId }: { surveyId: string }) {
  const actions = useActionsQuery(surveyId);
  return (
    <QueryView query={actions} doing="load your actions">
      {(data) =>
        data.result ? (
          <Overview data={data} userResultId={data.result.userResultId} />
        ) : (
          <Card>
            <Stack gap={3}>
              <SectionHeading>Complete the Quickscan first</SectionHeading>
              <MutedText>
                Suggested actions follow your answers: complete the Quickscan to get yours.
              </MutedText>
              <AssessmentLink>Complete the Quickscan</AssessmentLink>
            </Stack>
          </Card>
        )
      }
    </QueryView>
  );
}

export function ActionsScreen() {
  const toolkit = useToolkit();
  return (
    <Stack>
      <PageTitle>Actions</PageTitle>
      <QueryView query={toolkit} doing="load your toolkit">
        {({ assessment }) => <ActionsOf surveyId={assessment.id} />}
      </QueryView>
    </Stack>
  );
}
