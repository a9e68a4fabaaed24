// Deleting the organisation, for its owners (docs/behaviour.md, Deleting an organisation): the danger
// zone asks the server to e-mail the owner a confirmation link, as deleting an account does; the link
// opens Manage with its token in the fragment, where one button deletes.
import {
  ACCOUNT_DELETION_LINK_HOURS,
  ORGANISATION_DELETION_FRAGMENT,
  ORGANISATION_PURGE_DAYS,
  formatDate,
} from '@toolkit/domain';
import { useProfileQuery } from '@toolkit/data';
import { DeletionLinkConfirm, DeletionLinkRequest } from '@toolkit/ui/deletion-link';
import { useDeletionLink } from '../../shared/deletion-link';
import { progressOf } from '../../shared/mutation-progress';
import { useConfirmOrganisationDeletionMutation, useRequestOrganisationDeletionMutation } from './manage-api';

const WHAT_HAPPENS =
  `The plan is cancelled, every member loses access at once, and the organisation's data is ` +
  `deleted for good after ${ORGANISATION_PURGE_DAYS} days. Results your people gave to other ` +
  `organisations' surveys stay there without their names.`;

export function DeleteOrganisationCard() {
  const [requestDeletion, requested] = useRequestOrganisationDeletionMutation();
  return (
    <DeletionLinkRequest
      frame="danger-card"
      heading="Delete the organisation"
      what={WHAT_HAPPENS}
      linkHours={ACCOUNT_DELETION_LINK_HOURS}
      action="Delete the organisation"
      subject="the organisation"
      onRequest={() => void requestDeletion(null).catch(() => undefined)}
      progress={progressOf(requested, 'start deleting the organisation')}
      sentTo={requested.data?.email}
    />
  );
}

/** Opening the link deletes nothing (a mail scanner may follow it); the button does. */
export function ConfirmOrganisationDeletion() {
  const [confirmDeletion, confirmed] = useConfirmOrganisationDeletionMutation();
  const name = useProfileQuery().data?.profile?.organization?.name;
  const { token, confirm, keep } = useDeletionLink(
    ORGANISATION_DELETION_FRAGMENT,
    confirmDeletion,
    ({ purgeAfter }) =>
      `The organisation ${name ? `${name} ` : ''}has been deleted: its plan is cancelled and no one can open it any more. Its data is deleted for good on ${formatDate(purgeAfter)}.`,
  );
  if (token === null) return null;

  return (
    <DeletionLinkConfirm
      frame="danger-card"
      heading="Delete the organisation?"
      what={`${WHAT_HAPPENS} You cannot undo it.`}
      confirm="Delete the organisation permanently"
      keep="Keep the organisation"
      onConfirm={() => void confirm().catch(() => undefined)}
      onKeep={keep}
      progress={progressOf(confirmed, 'delete the organisation')}
      deleted={
        confirmed.data
          ? `The organisation is deleted; its data goes for good on ${formatDate(confirmed.data.purgeAfter)}. Signing you out…`
          : undefined
      }
    />
  );
}
