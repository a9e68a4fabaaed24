import { useId } from 'react';
import { EmptyState } from '@toolkit/data';
import { Card, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { MemberList } from './member-list';
import { MemberRow } from './member-row';
import type { Setting } from './roles';
import type { Team } from './users-api';

export function TeamList({
  team,
  uid,
  setting,
  onDenied,
}: {
  team: Team;
  /** The caller. */
  uid: string | null;
  setting: Setting;
  onDenied: () => void;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <Stack>
        <SectionHeading id={titleId}>Team</SectionHeading>
        {team.users.length === 0 ? (
          <EmptyState>No one has joined your organisation yet.</EmptyState>
        ) : (
          <MemberList aria-label="Team members">
            {team.users.map((member) => (
              <MemberRow
                key={member.uid}
                member={member}
                isSelf={member.uid === uid}
                setting={setting}
                availableRoles={team.availableRoles}
                onDenied={onDenied}
              />
            ))}
          </MemberList>
        )}
      </Stack>
    </Card>
  );
}
