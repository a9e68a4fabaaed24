import { QueryView, useProfileQuery } from '@toolkit/data';
import { PageTitle, Stack } from '@toolkit/ui';
import { ConfirmAccountDeletion } from './confirm-deletion';
import { DataRightsCard } from './data-rights-card';
import { NamesForm } from './names-form';
import { OrganisationForm } from './organisation-form';
import { useQuickscanDetailsQuery } from './profile-api';
import { SecurityCard } from './security-card';

export function ProfileScreen() {
  const profile = useProfileQuery();
  // Only an offer: without it (not yet answered, or not read) the form shows what is stored.
  const quickscan = useQuickscanDetailsQuery();
  return (
    <Stack>
      <PageTitle>Profile</PageTitle>
      <ConfirmAccountDeletion />
      <QueryView query={profile} doing="load your profile">
        {({ profile: member }) => (
          <>
            <OrganisationForm
              organisation={member?.organization ?? null}
              quickscan={quickscan.data?.details ?? null}
            />
            <NamesForm member={member} />
          </>
        )}
      </QueryView>
      {/* Needs only the signed-in user, so it works even when the profile cannot be loaded. */}
      <SecurityCard />
      <DataRightsCard />
    </Stack>
  );
}
