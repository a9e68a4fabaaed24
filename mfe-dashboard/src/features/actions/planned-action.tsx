// One action of the plan: its status, owner and due date, saved together, and removal.
import { useState } from 'react';
import styled from 'styled-components';
import { ACTION_STATUSES, API, type ActionStatus, type PlannedAction } from '@toolkit/domain';
import { fieldMessage, REQUESTS } from '@toolkit/domain/requests';
import { Button, MutedText, Stack } from '@toolkit/ui';
import { STATUS_LABELS } from '../../shared/action-status';
import { Actions, FieldGrid, SelectField, TextField } from '@toolkit/ui/form';

const Item = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  padding: ${({ theme }) => theme.space[4]}px;
  list-style: none;
`;

const Title = styled.h3`
  margin: 0;
  overflow-wrap: anywhere;
`;

export function PlannedActionItem({
  planned,
  title,
  editable,
  onSave,
  onRemove,
}: {
  planned: PlannedAction;
  title: string;
  editable: boolean;
  onSave: (next: PlannedAction) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const [status, setStatus] = useState<ActionStatus>(planned.status);
  const [owner, setOwner] = useState(planned.owner ?? '');
  const [ownerError, setOwnerError] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState(planned.dueDate ?? '');
  const [busy, setBusy] = useState(false);
  const changed =
    status !== planned.status ||
    owner.trim() !== (planned.owner ?? '') ||
    dueDate !== (planned.dueDate ?? '');

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  if (!editable) {
    return (
      <Item>
        <Stack gap={1}>
          <Title>{title}</Title>
          <MutedText>
            {STATUS_LABELS[planned.status]}
            {planned.owner ? ` · ${planned.owner}` : ''}
            {planned.dueDate ? ` · due ${planned.dueDate}` : ''}
          </MutedText>
        </Stack>
      </Item>
    );
  }
  return (
    <Item>
      <Stack gap={3}>
        <Title>{title}</Title>
        <FieldGrid>
          <SelectField
            label={`Status of ${title}`}
            value={status}
            onChange={(event) => setStatus(event.target.value as ActionStatus)}
          >
            {ACTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={`Owner of ${title}`}
            value={owner}
            error={ownerError}
            onChange={(event) => {
              setOwner(event.target.value);
              setOwnerError(null);
            }}
          />
          <TextField
            label={`Due date of ${title}`}
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
          />
        </FieldGrid>
        <Actions>
          <Button
            type="button"
            disabled={!changed || busy}
            onClick={() => {
              const kept = owner.trim() || null;
              const problem = fieldMessage('The owner', REQUESTS[API.updatePlannedAction].shape.owner, kept);
              if (problem !== null) {
                setOwnerError(problem);
                return;
              }
              void run(() =>
                onSave({ actionId: planned.actionId, status, owner: kept, dueDate: dueDate || null }),
              );
            }}
          >
            Save
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void run(onRemove)}>
            Remove from plan
          </Button>
        </Actions>
      </Stack>
    </Item>
  );
}
