// Deleting the organisation, for its owners (docs/behaviour.md, Deleting an organisation): the danger
// zone asks the server to e-mail the owner a confirmation link, as deleting an account does; the link
// opens Manage with its token in the fragment, where one button deletes.
import { useId } from 'react';
import styled from 'styled-components';
import { describeError } from '@toolkit/data';
import {
  ACCOUNT_DELETION_LINK_HOURS,
  ORGANISATION_DELETION_FRAGMENT,
  ORGANISATION_PURGE_DAYS,
  formatDate,
} from '@toolkit/domain';
import { Button, Card, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SaveProgress } from '../../shared/form';
import { useDeletionLink } from '../../shared/deletion-link';
import { useConfirmOrganisationDeletionMutation, useRequestOrganisationDeletionMutation } from './manage-api';

const Heading = styled.h2`
  margin: 0;
`;

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const DangerZone = styled(Card)`
  border: 2px solid ${({ theme }) => theme.colors.danger};
`;

const WHAT_HAPPENS =
  `The plan is cancelled, every member loses access at once, and the organisation's data is ` +
  `deleted for good after ${ORGANISATION_PURGE_DAYS} days. Results your people gave to other ` +
  `organisations' surveys stay there without their names.`;

export function DeleteOrganisationCard() {
  const titleId = useId();
  const [requestDeletion, requested] = useRequestOrganisationDeletionMutation();
  return (
    <DangerZone aria-labelledby={titleId}>
      <Stack gap={3}>
        <Heading id={titleId}>Delete the organisation</Heading>
        <Text>{WHAT_HAPPENS}</Text>
        <Text>We e-mail you a link to confirm; it works for {ACCOUNT_DELETION_LINK_HOURS} hours.</Text>
        <Actions>
          <Button
            variant="secondary"
            disabled={requested.isLoading}
            onClick={() => void requestDeletion(null).catch(() => undefined)}
          >
            Delete the organisation
          </Button>
          <SaveProgress
            busy={requested.isLoading}
            failure={
              requested.isError ? describeError(requested.error, 'start deleting the organisation') : null
            }
            done={requested.isSuccess}
            saving="Sending…"
            saved={
              requested.data
                ? `We've e-mailed a link to ${requested.data.email}. Open it to delete the organisation; until then nothing changes.`
                : undefined
            }
          />
        </Actions>
      </Stack>
    </DangerZone>
  );
}

/** Opening the link deletes nothing (a mail scanner may follow it); the button does. */
export function ConfirmOrganisationDeletion() {
  const titleId = useId();
  const [confirmDeletion, confirmed] = useConfirmOrganisationDeletionMutation();
  const { token, confirm, keep } = useDeletionLink(ORGANISATION_DELETION_FRAGMENT, confirmDeletion);
  if (token === null) return null;

  return (
    <DangerZone aria-labelledby={titleId}>
      <Stack gap={3}>
        <Heading id={titleId}>Delete the organisation?</Heading>
        <Text>{WHAT_HAPPENS} You cannot undo it.</Text>
        <Actions>
          <Button
            disabled={confirmed.isLoading || confirmed.isSuccess}
            onClick={() => void confirm().catch(() => undefined)}
          >
            Delete the organisation permanently
          </Button>
          {!confirmed.isSuccess && (
            <Button variant="secondary" onClick={keep}>
              Keep the organisation
            </Button>
          )}
          <SaveProgress
            busy={confirmed.isLoading}
            failure={confirmed.isError ? describeError(confirmed.error, 'delete the organisation') : null}
            done={confirmed.isSuccess}
            saving="Deleting…"
            saved={
              confirmed.data
                ? `The organisation is deleted; its data goes for good on ${formatDate(confirmed.data.purgeAfter)}. Signing you out…`
                : undefined
            }
          />
        </Actions>
      </Stack>
    </DangerZone>
  );
}
