import { useState } from 'react';
import { isPermissionDenied, QueryView } from '@toolkit/data';
import { selectUid, useAppSelector } from '@toolkit/store-contract';
import { PageTitle, Stack } from '@toolkit/ui';
import { InviteForm } from './invite-form';
import { OwnershipOfferPanel } from '../../shared/ownership-offer';
import { PendingInvites } from './pending-invites';
import { RightsChanged } from './rights-notice';
import { settingOf } from './roles';
import { TeamList } from './team-list';
import { useTeamQuery } from './users-api';

export function UsersScreen() {
  const uid = useAppSelector(selectUid);
  const team = useTeamQuery();
  // A change the server refused for lack of rights; the team's own refusal is in `team.error`.
  const [changeDenied, setChangeDenied] = useState(false);
  const listDenied = team.data === undefined && isPermissionDenied(team.error);
  const onDenied = () => setChangeDenied(true);

  return (
    <Stack>
      <PageTitle>Users</PageTitle>
      {(changeDenied || listDenied) && <RightsChanged />}
      {!listDenied && (
        <QueryView query={team} doing="load your team">
          {(data) => {
            const setting = settingOf(data, uid ?? '');
            return (
              <>
                <OwnershipOfferPanel />
                <TeamList team={data} uid={uid} setting={setting} onDenied={onDenied} />
                <PendingInvites invites={data.invites} onDenied={onDenied} />
                <InviteForm setting={setting} availableRoles={data.availableRoles} onDenied={onDenied} />
              </>
            );
          }}
        </QueryView>
      )}
    </Stack>
  );
}
