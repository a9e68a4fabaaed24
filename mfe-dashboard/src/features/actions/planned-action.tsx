// One action of the plan: its status, owner and due date, saved together, and removal.
import { useId } from 'react';
import styled from 'styled-components';
import { describeError } from '@toolkit/data';
import { useRequestForm } from '@toolkit/data/form';
import { ACTION_STATUSES, API, type PlannedAction, formatDate } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Button, MutedText, Stack } from '@toolkit/ui';
import { Actions, FieldGrid, SelectField, TextField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { STATUS_LABELS } from '../../shared/action-status';
import { useToggleActionPlanMutation, useUpdatePlannedActionMutation } from './actions-api';

const Item = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  padding: ${({ theme }) => theme.space[4]}px;
  list-style: none;
`;

/** The fields of the plan entry as updatePlannedAction checks them. */
const PLANNED_FIELDS = REQUESTS[API.updatePlannedAction].pick({ status: true, owner: true, dueDate: true });

/** An empty owner or date is none (the stored none comes in as null). */
const noneIfEmpty = (value: string | null) => (value?.trim() ? value : null);

function PlannedActionForm({
  planned,
  title,
  userResultId,
}: {
  planned: PlannedAction;
  title: string;
  userResultId: string;
}) {
  const headingId = useId();
  const [save, saving] = useUpdatePlannedActionMutation();
  const [toggle, removing] = useToggleActionPlanMutation();
  const form = useRequestForm(PLANNED_FIELDS, {
    defaultValues: { status: planned.status, owner: planned.owner, dueDate: planned.dueDate },
    labels: { owner: 'The owner', dueDate: 'The due date' },
  });
  const { errors, isDirty } = form.formState;
  const busy = saving.isLoading || removing.isLoading;

  // The plan shows the saved entry as the actions are asked again.
  const submit = form.handleSubmit(async (values) => {
    removing.reset();
    try {
      await save({ userResultId, actionId: planned.actionId, ...values }).unwrap();
    } catch (error) {
      form.showFailure(error, 'save the action');
    }
  });
  const remove = () => {
    saving.reset();
    form.clearErrors('root');
    void toggle({ userResultId, actionId: planned.actionId, selected: false });
  };
  const problem =
    form.failure ?? (removing.isError ? describeError(removing.error, 'remove the action') : null);

  return (
    <Item>
      {/* The fields' short labels are heard with the action's title, the group's name. */}
      <Stack gap={3} role="group" aria-labelledby={headingId}>
        <SectionHeading as="h3" id={headingId}>
          {title}
        </SectionHeading>
        <FieldGrid>
          <SelectField label="Status" {...form.register('status')}>
            {ACTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Owner"
            {...form.register('owner', { setValueAs: noneIfEmpty })}
            error={errors.owner?.message}
          />
          <TextField
            label="Due"
            type="date"
            {...form.register('dueDate', { setValueAs: noneIfEmpty })}
            error={errors.dueDate?.message}
          />
        </FieldGrid>
        <Actions>
          <Button type="button" disabled={!isDirty || busy} onClick={(event) => void submit(event)}>
            Save
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={remove}>
            Remove from plan
          </Button>
        </Actions>
        {problem && <ErrorText role="alert">{problem}</ErrorText>}
      </Stack>
    </Item>
  );
}

export function PlannedActionItem({
  planned,
  title,
  editable,
  userResultId,
}: {
  planned: PlannedAction;
  title: string;
  editable: boolean;
  userResultId: string;
}) {
  if (editable) return <PlannedActionForm planned={planned} title={title} userResultId={userResultId} />;
  return (
    <Item>
      <Stack gap={1}>
        <SectionHeading as="h3">{title}</SectionHeading>
        <MutedText>
          {STATUS_LABELS[planned.status]}
          {planned.owner ? ` · ${planned.owner}` : ''}
          {planned.dueDate ? ` · due ${formatDate(planned.dueDate)}` : ''}
        </MutedText>
      </Stack>
    </Item>
  );
}
