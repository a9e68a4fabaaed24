// The invitations not accepted yet: what each asks, whether its link was opened, has expired or was
// declined, who sent it and when; each can be sent again or withdrawn. What a resend or withdrawal
// did is said above the list, since a withdrawn invitation leaves it.
import { useId } from 'react';
import styled from 'styled-components';
import { describeError, isPermissionDenied } from '@toolkit/data';
import { formatDate, type PendingInvite } from '@toolkit/domain';
import { Button, MutedText, Card, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
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

const Outcome = styled.p`
  margin: ${({ theme }) => theme.space[2]}px 0 0;
  &:empty {
    margin: 0;
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

  let outcome: string | null = null;
  if (resending.isError) outcome = describeError(resending.error, 'send the invitation again');
  else if (withdrawing.isError) outcome = describeError(withdrawing.error, 'withdraw the invitation');
  else if (resending.data?.status === 'already-sent')
    outcome = `We e-mailed ${resending.data.email} less than 10 minutes ago, so we did not send it again yet.`;
  else if (resending.data) outcome = `Invitation sent again to ${resending.data.email}.`;
  else if (withdrawing.data)
    outcome = `Invitation to ${withdrawing.data.email} withdrawn: its link now says so.`;

  if (invites.length === 0 && !outcome) return null;
  return (
    <Card aria-labelledby={titleId}>
      <Stack>
        {/* Heading and status together: the status is empty until a resend or withdrawal. */}
        <div>
          <h2 id={titleId} style={{ margin: 0 }}>
            Invitations
          </h2>
          <Outcome role="status">{latest.isLoading ? 'Working…' : outcome}</Outcome>
        </div>
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
