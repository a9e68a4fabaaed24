// Where the deletion e-mail's link opens: Profile with the token in the fragment, which the browser
// never sends to a server. Opening it deletes nothing; the button does, so a mail scanner following
// the link cannot, and the person sees once more what goes.
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { describeError } from '@toolkit/data';
import { ACCOUNT_DELETION_FRAGMENT } from '@toolkit/domain';
import { Button, Card, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SaveProgress } from '../../shared/form';
import { useServices } from '../../shared/services';
import { useConfirmAccountDeletionMutation } from './profile-api';

const tokenOf = (hash: string) =>
  hash.startsWith(`#${ACCOUNT_DELETION_FRAGMENT}`) ? hash.slice(ACCOUNT_DELETION_FRAGMENT.length + 1) : null;

export function ConfirmAccountDeletion() {
  const titleId = useId();
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const { signOut } = useServices();
  const [confirmDeletion, confirmed] = useConfirmAccountDeletionMutation();
  const token = tokenOf(hash);
  if (token === null) return null;

  const confirm = async () => {
    await confirmDeletion({ token }).unwrap();
    // The account is gone: the session that remains would only meet refusals.
    await signOut();
  };

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
            <Button variant="secondary" onClick={() => void navigate(pathname, { replace: true })}>
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
