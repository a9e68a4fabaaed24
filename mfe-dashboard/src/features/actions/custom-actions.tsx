// Actions of the organisation's own (custom-opportunities): written, changed and deleted by roles
// that change the plan while the plan includes them, and planned beside the catalogue's. After a
// downgrade they are kept, still planned, and shown read-only.
import { useId, useState, type FormEvent } from 'react';
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
import { callApi } from '@toolkit/platform';
import { Button, Card, MutedText, Stack } from '@toolkit/ui';
import { describeError } from '../../shared/errors';
import {
  Actions,
  FieldGrid,
  SaveStatus,
  SelectField,
  TextAreaField,
  TextField,
  type SaveState,
} from '@toolkit/ui/form';
import { PlanNote } from '../../shared/plan-note';
import { useServices } from '../../shared/services';
import { ActionBox, Heading, LEVEL_NAMES, List } from './action-parts';

type Fields = Omit<CustomAction, 'id'>;
const EMPTY: Fields = { title: '', summary: '', topic: 'CLIMATE', effort: 'MEDIUM', impact: 'MEDIUM' };

export function CustomActions({
  data,
  editable,
  planned,
  onPlan,
  onChange,
}: {
  data: ActionsOverview;
  /** The member's role may change the plan. */
  editable: boolean;
  planned: ReadonlySet<string>;
  onPlan: (actionId: string) => Promise<void>;
  onChange: (customActions: CustomAction[]) => void;
}) {
  const { callable } = useServices();
  const headingId = useId();
  const writable = editable && data.customActionsIncluded;
  const [editing, setEditing] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });

  const set = <K extends keyof Fields>(name: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (save.kind === 'saved') setSave({ kind: 'idle' });
  };

  function edit(action: CustomAction | null) {
    setEditing(action?.id ?? null);
    setFields(action ? { ...action } : EMPTY);
    setTitleError(null);
    setSave({ kind: 'idle' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (fields.title.trim().length < 3) {
      setTitleError('Give the action a title of at least 3 characters.');
      return;
    }
    setTitleError(null);
    setSave({ kind: 'saving' });
    try {
      const { customActions } = await callApi(callable, API.saveCustomAction, {
        actionId: editing,
        ...fields,
      });
      onChange(customActions);
      edit(null);
      setSave({ kind: 'saved' });
    } catch (error) {
      setSave({ kind: 'failed', message: describeError(error, 'save the action') });
    }
  }

  async function remove(action: CustomAction) {
    setSave({ kind: 'saving' });
    try {
      const { customActions } = await callApi(callable, API.deleteCustomAction, { actionId: action.id });
      onChange(customActions);
      if (editing === action.id) edit(null);
      setSave({ kind: 'idle' });
    } catch (error) {
      setSave({ kind: 'failed', message: describeError(error, 'delete the action') });
    }
  }

  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <Heading id={headingId}>Your own actions</Heading>
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
                        <Button type="button" variant="secondary" onClick={() => void onPlan(action.id)}>
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
              <h3 style={{ margin: 0 }}>{editing ? 'Change the action' : 'Write an action'}</h3>
              <TextField
                label="Title"
                value={fields.title}
                maxLength={CUSTOM_ACTION_TITLE_MAX}
                error={titleError}
                onChange={(event) => set('title', event.target.value)}
              />
              <TextAreaField
                label="What it involves"
                value={fields.summary}
                maxLength={CUSTOM_ACTION_SUMMARY_MAX}
                onChange={(event) => set('summary', event.target.value)}
              />
              <FieldGrid>
                <SelectField
                  label="Topic"
                  value={fields.topic}
                  onChange={(event) => set('topic', event.target.value as Fields['topic'])}
                >
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
                    value={fields[name]}
                    onChange={(event) => set(name, event.target.value as Fields[typeof name])}
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
                <Button type="submit" disabled={save.kind === 'saving'}>
                  {editing ? 'Save changes' : 'Add action'}
                </Button>
                {editing && (
                  <Button type="button" variant="secondary" onClick={() => edit(null)}>
                    Cancel
                  </Button>
                )}
                <SaveStatus state={save} />
              </Actions>
            </Stack>
          </form>
        )}
        {!writable && save.kind === 'failed' && <SaveStatus state={save} />}
      </Stack>
    </Card>
  );
}
