// Actions: what the latest completed Quickscan suggests and why, the plan with each action's
// status, owner and due date and its progress, the organisation's own actions, and what changed
// since the previous Quickscan.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  API,
  ESG_TOPIC_NAMES,
  hasPermission,
  paths,
  planProgress,
  type ActionsOverview,
  type PlannedAction,
} from '@toolkit/domain';
import { callApi } from '@toolkit/platform';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { useArticleTitles } from '../../shared/academy';
import { useActions } from '../../shared/api';
import { describeError } from '../../shared/errors';
import { Loaded } from '../../shared/loading';
import { useServices } from '../../shared/services';
import { AssessmentLink } from '../../shared/assessment-link';
import { useToolkit } from '../../shared/toolkit';
import { ActionBox, Heading, LEVEL_NAMES, List } from './action-parts';
import { CustomActions } from './custom-actions';
import { PlannedActionItem } from './planned-action';

const Progress = styled.progress`
  width: 100%;
  height: 1rem;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
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

function Overview({ data, onChange }: { data: ActionsOverview; onChange: (next: ActionsOverview) => void }) {
  const { callable } = useServices();
  const claims = useAppSelector((state) => state.auth.claims);
  const editable = hasPermission(claims, 'editInsights');
  const planId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const userResultId = data.result!.userResultId;
  const titleOf = new Map(
    [...data.actions, ...data.customActions].map((action) => [action.id, action.title]),
  );
  const planned = new Set(data.plan.map((entry) => entry.actionId));
  const suggestions = data.actions.filter((action) => action.addressing.length > 0);
  const articleTitles = useArticleTitles();
  const progress = planProgress(data.plan);

  async function attempt(doing: string, work: () => Promise<Partial<ActionsOverview>>) {
    setProblem(null);
    try {
      onChange({ ...data, ...(await work()) });
    } catch (error) {
      setProblem(describeError(error, doing));
    }
  }
  const toggle = (actionId: string, selected: boolean) =>
    attempt(selected ? 'add the action to your plan' : 'remove the action', async () => {
      const { actionPlans } = await callApi(callable, API.toggleActionPlan, {
        userResultId,
        actionId,
        selected,
      });
      const kept = new Map(data.plan.map((entry) => [entry.actionId, entry]));
      return {
        plan: actionPlans.map(
          (id) => kept.get(id) ?? { actionId: id, status: 'todo' as const, owner: null, dueDate: null },
        ),
      };
    });
  const save = (next: PlannedAction) =>
    attempt('save the action', () => callApi(callable, API.updatePlannedAction, { userResultId, ...next }));

  return (
    <Stack>
      {problem && <Problem role="alert">{problem}</Problem>}
      <Card aria-labelledby={planId}>
        <Stack gap={3}>
          <Heading id={planId}>Your plan</Heading>
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
                    key={`${entry.actionId}-${entry.status}-${entry.owner}-${entry.dueDate}`}
                    planned={entry}
                    title={titleOf.get(entry.actionId) ?? entry.actionId}
                    editable={editable}
                    onSave={save}
                    onRemove={() => toggle(entry.actionId, false)}
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
            <Heading>Since your previous Quickscan</Heading>
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
      <CustomActions
        data={data}
        editable={editable}
        planned={planned}
        onPlan={(actionId) => toggle(actionId, true)}
        onChange={(customActions) => {
          // A deleted action leaves the plan as well (the server lists only actions that exist).
          const ids = new Set([...data.actions, ...customActions].map((action) => action.id));
          onChange({ ...data, customActions, plan: data.plan.filter((entry) => ids.has(entry.actionId)) });
        }}
      />
      <Card>
        <Stack gap={3}>
          <Heading>Suggested for you</Heading>
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
                        <Button
                          type="button"
                          variant="secondary"
                          onClick={() => void toggle(action.id, true)}
                        >
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
  const [actions, reload] = useActions(surveyId);
  const [changed, setChanged] = useState<ActionsOverview | null>(null);
  return (
    <Loaded resource={actions} doing="load your actions" onRetry={reload}>
      {(loaded) => {
        const data = changed ?? loaded;
        return data?.result ? (
          <Overview data={data} onChange={setChanged} />
        ) : (
          <Card>
            <Stack gap={3}>
              <Heading>Complete the Quickscan first</Heading>
              <MutedText>
                Suggested actions follow your answers: complete the Quickscan to get yours.
              </MutedText>
              <AssessmentLink>Complete the Quickscan</AssessmentLink>
            </Stack>
          </Card>
        );
      }}
    </Loaded>
  );
}

export function ActionsScreen() {
  const [toolkit, reload] = useToolkit();
  return (
    <Stack>
      <PageTitle>Actions</PageTitle>
      <Loaded resource={toolkit} doing="load your toolkit" onRetry={reload}>
        {({ assessment }) => <ActionsOf surveyId={assessment.id} />}
      </Loaded>
    </Stack>
  );
}
