// Where the account deletion e-mail's link opens (shared/deletion-link): the person sees once more
// what goes, and the button deletes.
import { useId } from 'react';
import { describeError } from '@toolkit/data';
import { ACCOUNT_DELETION_FRAGMENT } from '@toolkit/domain';
import { Button, Card, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SaveProgress } from '../../shared/form';
import { useDeletionLink } from '../../shared/deletion-link';
import { useConfirmAccountDeletionMutation } from './profile-api';

export function ConfirmAccountDeletion() {
  const titleId = useId();
  const [confirmDeletion, confirmed] = useConfirmAccountDeletionMutation();
  const { token, confirm, keep } = useDeletionLink(ACCOUNT_DELETION_FRAGMENT, confirmDeletion);
  if (token === null) return null;

  return (
    <Card aria-labelledby={titleId}>
      <Stack gap={3}>
        <h2 id={titleId}>Delete your account?</h2>
        <p>
          Your profile, your membership and your sign-in are deleted, and you cannot undo it. Your survey
          results stay in your organisation&rsquo;s figures without your name or e-mail address.
        </p>
        <Actions>
          <Button
            disabled={confirmed.isLoading || confirmed.isSuccess}
            onClick={() => void confirm().catch(() => undefined)}
          >
            Delete my account permanently
          </Button>
          {!confirmed.isSuccess && (
            <Button variant="secondary" onClick={keep}>
              Keep my account
            </Button>
          )}
          <SaveProgress
            busy={confirmed.isLoading}
            failure={confirmed.isError ? describeError(confirmed.error, 'delete your account') : null}
            done={confirmed.isSuccess}
            saving="Deleting…"
            saved="Your account is deleted. Signing you out…"
          />
        </Actions>
      </Stack>
    </Card>
  );
}
