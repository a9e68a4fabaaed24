// The invitations not accepted yet: what each asks, whether its link was opened, has expired or was
// declined, who sent it and when; each can be sent again or withdrawn. What a resend or withdrawal
// did is said above the list, since a withdrawn invitation leaves it.
import { useId } from 'react';
import styled from 'styled-components';
import { describeError, isPermissionDenied } from '@toolkit/data';
import { formatDate, type PendingInvite } from '@toolkit/domain';
import { Button, MutedText, Card, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SaveProgress } from '@toolkit/ui/save-progress';
import { useSurveyCatalogue } from '../../shared/api';
import { surveyTitle } from '../../shared/surveys';
import { MemberItem, MemberList } from './member-list';
import { ROLE_LABEL } from './roles';
import { useResendInviteMutation, useWithdrawInviteMutation } from './users-api';

const STATUS: Record<PendingInvite['status'], string> = {
  pending: 'Invited, not accepted yet · link not opened',
  opened: 'Invited, not accepted yet · link opened',
  expired: 'Expired · its link no longer works',
  declined: 'Declined the invitation',
};

/** The heading, and under it the status once it says something. */
const Titled = styled.div`
  & > [role='status']:not(:empty) {
    margin-top: ${({ theme }) => theme.space[2]}px;
  }
`;

export function PendingInvites({
  invites,
  onDenied,
}: {
  invites: PendingInvite[];
  /** The server refused for lack of rights. */
  onDenied: () => void;
}) {
  const titleId = useId();
  const catalogue = useSurveyCatalogue();
  const [resend, resending] = useResendInviteMutation();
  const [withdraw, withdrawing] = useWithdrawInviteMutation();
  // Each request clears the other's outcome, so the status speaks of the latest.
  const latest = withdrawing.isUninitialized ? resending : withdrawing;
  const busy = resending.isLoading || withdrawing.isLoading;

  const act = async (request: { unwrap(): Promise<unknown> }) => {
    try {
      await request.unwrap();
    } catch (error) {
      if (isPermissionDenied(error)) onDenied();
    }
  };
  const resendTo = (email: string) => {
    withdrawing.reset();
    void act(resend({ email }));
  };
  const withdrawFrom = (email: string) => {
    resending.reset();
    void act(withdraw({ email }));
  };

  const failure = resending.isError
    ? describeError(resending.error, 'send the invitation again')
    : withdrawing.isError
      ? describeError(withdrawing.error, 'withdraw the invitation')
      : null;
  let done: string | null = null;
  if (resending.data?.status === 'already-sent')
    done = `We e-mailed ${resending.data.email} less than 10 minutes ago, so we did not send it again yet.`;
  else if (resending.data) done = `Invitation sent again to ${resending.data.email}.`;
  else if (withdrawing.data)
    done = `Invitation to ${withdrawing.data.email} withdrawn: its link now says so.`;
  const outcome = failure ?? done;

  if (invites.length === 0 && !outcome) return null;
  return (
    <Card aria-labelledby={titleId}>
      <Stack>
        {/* Heading and status together: the status is empty until a resend or withdrawal. */}
        <Titled>
          <SectionHeading id={titleId}>Invitations</SectionHeading>
          <SaveProgress
            busy={latest.isLoading}
            failure={failure}
            done={done !== null}
            saving="Working…"
            saved={done ?? undefined}
          />
        </Titled>
        {invites.length === 0 ? (
          <MutedText>No invitations are waiting.</MutedText>
        ) : (
          <MemberList aria-label="Invitations not accepted yet">
            {invites.map((invite) => (
              <MemberItem key={invite.email} aria-label={invite.email}>
                <div>
                  <span>
                    <strong>{invite.email}</strong> · {ROLE_LABEL[invite.role]}
                  </span>
                  <MutedText>
                    {invite.kind === 'team' || invite.surveyId === null
                      ? 'Invited to join the team'
                      : `Invited to answer the ${surveyTitle(catalogue, invite.surveyId)}`}
                  </MutedText>
                </div>
                <MutedText>
                  {STATUS[invite.status]} · sent by {invite.sentBy || 'a former member'} on{' '}
                  {formatDate(invite.sentAt)}
                </MutedText>
                <Actions>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Resend the invitation to ${invite.email}`}
                    onClick={() => resendTo(invite.email)}
                  >
                    Resend
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Withdraw the invitation to ${invite.email}`}
                    onClick={() => withdrawFrom(invite.email)}
                  >
                    Withdraw
                  </Button>
                </Actions>
              </MemberItem>
            ))}
          </MemberList>
        )}
      </Stack>
    </Card>
  );
}
