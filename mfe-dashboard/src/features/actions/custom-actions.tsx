// Actions of the organisation's own (custom-opportunities): written, changed and deleted by roles
// that change the plan while the plan includes them, and planned beside the catalogue's. After a
// downgrade they are kept, still planned, and shown read-only.
import { useId, useState } from 'react';
import { describeError } from '@toolkit/data';
import { useRequestForm } from '@toolkit/data/form';
import {
  API,
  CUSTOM_ACTION_SUMMARY_MAX,
  CUSTOM_ACTION_TITLE_MAX,
  ESG_TOPIC_NAMES,
  ESG_TOPICS,
  LEVELS,
  type ActionsOverview,
  type CustomAction,
} from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Button, Card, MutedText, Stack } from '@toolkit/ui';
import { Actions, FieldGrid, SelectField, TextAreaField, TextField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SaveProgress } from '@toolkit/ui/save-progress';
import { PlanNote } from '../../shared/plan-note';
import { ActionBox, LEVEL_NAMES, List } from './action-parts';
import { useDeleteCustomActionMutation, useSaveCustomActionMutation } from './actions-api';

/** An action's fields as saveCustomAction checks them; the id says which action they change. */
const ACTION_FIELDS = REQUESTS[API.saveCustomAction].omit({ actionId: true });

const EMPTY = { title: '', summary: '', topic: 'CLIMATE', effort: 'MEDIUM', impact: 'MEDIUM' } as const;

export function CustomActions({
  data,
  editable,
  planned,
  onPlan,
}: {
  data: ActionsOverview;
  /** The member's role may change the plan. */
  editable: boolean;
  planned: ReadonlySet<string>;
  onPlan: (actionId: string) => void;
}) {
  const headingId = useId();
  const writable = editable && data.customActionsIncluded;
  const [editing, setEditing] = useState<string | null>(null);
  const form = useRequestForm(ACTION_FIELDS, {
    defaultValues: EMPTY,
    labels: { title: 'The title', summary: 'What it involves' },
  });
  const [save, saving] = useSaveCustomActionMutation();
  const [deleteAction, deleting] = useDeleteCustomActionMutation();

  function edit(action: CustomAction | null) {
    setEditing(action?.id ?? null);
    form.reset(
      action
        ? {
            title: action.title,
            summary: action.summary,
            topic: action.topic,
            effort: action.effort,
            impact: action.impact,
          }
        : EMPTY,
    );
    saving.reset();
  }

  // The list shows the saved action as the actions are asked again.
  const submit = form.handleSubmit(async (fields) => {
    deleting.reset();
    try {
      await save({ actionId: editing, ...fields }).unwrap();
      setEditing(null);
      form.reset(EMPTY);
    } catch (error) {
      form.showFailure(error, 'save the action');
    }
  });

  async function remove(action: CustomAction) {
    saving.reset();
    form.clearErrors('root');
    try {
      await deleteAction(action.id).unwrap();
      if (editing === action.id) edit(null);
    } catch {
      // Shown from the request's state.
    }
  }

  const busy = saving.isLoading || deleting.isLoading;
  const failure = deleting.isError ? describeError(deleting.error, 'delete the action') : form.failure;
  const saved = saving.isSuccess && !form.formState.isDirty;

  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>Your own actions</SectionHeading>
        {!data.customActionsIncluded && (
          <PlanNote
            feature="custom-opportunities"
            kept={
              data.customActions.length > 0
                ? 'Your actions are kept and stay in your plan; they cannot be changed.'
                : null
            }
          />
        )}
        {data.customActions.length === 0 ? (
          data.customActionsIncluded && <MutedText>Write the steps the catalogue does not cover.</MutedText>
        ) : (
          <List>
            {data.customActions.map((action) => (
              <ActionBox key={action.id}>
                <Stack gap={2}>
                  <h3>{action.title}</h3>
                  {action.summary && <p>{action.summary}</p>}
                  <MutedText>
                    {ESG_TOPIC_NAMES[action.topic]} · effort {LEVEL_NAMES[action.effort]} · impact{' '}
                    {LEVEL_NAMES[action.impact]}
                  </MutedText>
                  <Actions>
                    {planned.has(action.id) ? (
                      <MutedText>In your plan</MutedText>
                    ) : (
                      editable && (
                        <Button type="button" variant="secondary" onClick={() => onPlan(action.id)}>
                          Add “{action.title}” to plan
                        </Button>
                      )
                    )}
                    {writable && (
                      <>
                        <Button type="button" variant="secondary" onClick={() => edit(action)}>
                          Edit “{action.title}”
                        </Button>
                        <Button type="button" variant="secondary" onClick={() => void remove(action)}>
                          Delete “{action.title}”
                        </Button>
                      </>
                    )}
                  </Actions>
                </Stack>
              </ActionBox>
            ))}
          </List>
        )}
        {writable && (
          <form
            onSubmit={(event) => void submit(event)}
            aria-label={editing ? 'Change the action' : 'Write an action'}
          >
            <Stack gap={3}>
              <SectionHeading as="h3">{editing ? 'Change the action' : 'Write an action'}</SectionHeading>
              <TextField label="Title" maxLength={CUSTOM_ACTION_TITLE_MAX} {...form.field('title')} />
              <TextAreaField
                label="What it involves"
                maxLength={CUSTOM_ACTION_SUMMARY_MAX}
                {...form.field('summary')}
              />
              <FieldGrid>
                <SelectField label="Topic" {...form.register('topic')}>
                  {ESG_TOPICS.map((topic) => (
                    <option key={topic} value={topic}>
                      {ESG_TOPIC_NAMES[topic]}
                    </option>
                  ))}
                </SelectField>
                {(['effort', 'impact'] as const).map((name) => (
                  <SelectField
                    key={name}
                    label={name === 'effort' ? 'Effort' : 'Impact'}
                    {...form.register(name)}
                  >
                    {LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {LEVEL_NAMES[level]}
                      </option>
                    ))}
                  </SelectField>
                ))}
              </FieldGrid>
              <Actions>
                <Button type="submit" disabled={saving.isLoading}>
                  {editing ? 'Save changes' : 'Add action'}
                </Button>
                {editing && (
                  <Button type="button" variant="secondary" onClick={() => edit(null)}>
                    Cancel
                  </Button>
                )}
                <SaveProgress busy={busy} failure={failure} done={saved} />
              </Actions>
            </Stack>
          </form>
        )}
        {/* A refusal that ended the writing (a downgrade meanwhile) still says why. */}
        {!writable && failure && <SaveProgress busy={false} failure={failure} done={false} />}
      </Stack>
    </Card>
  );
}
