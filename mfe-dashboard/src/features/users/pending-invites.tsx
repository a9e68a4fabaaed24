import { useId } from 'react';
import type { PendingInvite } from '@toolkit/domain';
import { Card, MutedText, Stack } from '@toolkit/ui';
import { MemberItem, MemberList } from './member-list';
import { ROLE_LABEL } from './roles';

/** The invitations not accepted yet, declined ones included for a while so the inviter learns it. */
export function PendingInvites({ invites }: { invites: PendingInvite[] }) {
  const titleId = useId();
  if (invites.length === 0) return null;
  return (
    <Card aria-labelledby={titleId}>
      <Stack>
        <h2 id={titleId} style={{ margin: 0 }}>
          Invitations
        </h2>
        <MemberList aria-label="Invitations not accepted yet">
          {invites.map((invite) => (
            <MemberItem key={invite.email}>
              <span>
                <strong>{invite.email}</strong> · {ROLE_LABEL[invite.role]}
              </span>
              <MutedText>
                {invite.status === 'declined' ? 'Declined the invitation' : 'Invited, not accepted yet'}
              </MutedText>
            </MemberItem>
          ))}
        </MemberList>
      </Stack>
    </Card>
  );
}
