// Where the account deletion e-mail's link opens (shared/deletion-link): the person sees once more
// what goes, and the button deletes.
import { ACCOUNT_DELETION_FRAGMENT } from '@toolkit/domain';
import { DeletionLinkConfirm } from '@toolkit/ui/deletion-link';
import { useDeletionLink } from '../../shared/deletion-link';
import { progressOf } from '../../shared/mutation-progress';
import { useConfirmAccountDeletionMutation } from './profile-api';

export function ConfirmAccountDeletion() {
  const [confirmDeletion, confirmed] = useConfirmAccountDeletionMutation();
  const { token, confirm, keep } = useDeletionLink(
    ACCOUNT_DELETION_FRAGMENT,
    confirmDeletion,
    () =>
      'Your account has been deleted: your profile, your membership and your sign-in are gone. Your survey results stay in your organisation’s figures without your name or e-mail address.',
  );
  if (token === null) return null;

  return (
    <DeletionLinkConfirm
      frame="card"
      heading="Delete your account?"
      what={
        <>
          Your profile, your membership and your sign-in are deleted, and you cannot undo it. Your survey
          results stay in your organisation&rsquo;s figures without your name or e-mail address.
        </>
      }
      confirm="Delete my account permanently"
      keep="Keep my account"
      onConfirm={() => void confirm().catch(() => undefined)}
      onKeep={keep}
      progress={progressOf(confirmed, 'delete your account')}
      deleted="Your account is deleted. Signing you out…"
    />
  );
}
