import { useState } from 'react';
import { isPermissionDenied, Loading, QueryView } from '@toolkit/data';
import { selectUid, useAppSelector } from '@toolkit/store-contract';
import { PageTitle, Stack } from '@toolkit/ui';
import { useToolkit } from '../../shared/api';
import { InviteForm } from './invite-form';
import { PendingInvites } from './pending-invites';
import { RightsChanged } from './rights-notice';
import { settingOf } from './roles';
import { TeamList } from './team-list';
import { useTeamQuery } from './users-api';

export function UsersScreen() {
  const uid = useAppSelector(selectUid);
  const team = useTeamQuery();
  const toolkit = useToolkit();
  // A change the server refused for lack of rights; the team's own refusal is in `team.error`.
  const [changeDenied, setChangeDenied] = useState(false);
  const listDenied = team.data === undefined && isPermissionDenied(team.error);
  const onDenied = () => setChangeDenied(true);
  // The page shows once it knows whether the toolkit has a team survey to invite to.
  const toolkitKnown = toolkit.data !== undefined || toolkit.isError;

  return (
    <Stack>
      <PageTitle>Users</PageTitle>
      {(changeDenied || listDenied) && <RightsChanged />}
      {!listDenied && !toolkitKnown && <Loading />}
      {!listDenied && toolkitKnown && (
        <QueryView query={team} doing="load your team">
          {(data) => {
            const setting = settingOf(data, uid ?? '');
            const teamSurvey = toolkit.data?.teamSurvey;
            return (
              <>
                <TeamList team={data} uid={uid} setting={setting} onDenied={onDenied} />
                <PendingInvites invites={data.invites} />
                {/* A toolkit without a team survey has no invites. */}
                {teamSurvey && (
                  <InviteForm
                    teamSurvey={teamSurvey}
                    setting={setting}
                    availableRoles={data.availableRoles}
                    onDenied={onDenied}
                  />
                )}
              </>
            );
          }}
        </QueryView>
      )}
    </Stack>
  );
}
