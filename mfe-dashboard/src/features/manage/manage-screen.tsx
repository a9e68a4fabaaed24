// Manage (settings, billing or edit-insights): who receives which notification of the organisation,
// its brand, and where its details and plan are kept; for owners, deleting the organisation.
import { Link } from 'react-router';
import { QueryView } from '@toolkit/data';
import { hasPermission, paths, roleFromClaims } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useAlertsQuery } from '../../shared/api';
import { AlertsForm } from './alerts-form';
import { BrandCard } from './brand-card';
import { ConfirmOrganisationDeletion, DeleteOrganisationCard } from './organisation-deletion';

export function ManageScreen() {
  const alerts = useAlertsQuery();
  const claims = useAppSelector((state) => state.auth.claims);
  const owner = roleFromClaims(claims) === 'owner';
  return (
    <Stack>
      <PageTitle>Manage</PageTitle>
      {owner && <ConfirmOrganisationDeletion />}
      <QueryView query={alerts} doing="load the notification settings">
        {(loaded) => <AlertsForm loaded={loaded} />}
      </QueryView>
      <BrandCard />
      <Card>
        <Stack gap={3}>
          <SectionHeading>Organisation</SectionHeading>
          <MutedText>
            Your organisation&apos;s name, industry, size and region are kept on your{' '}
            <Link to={paths.profile()}>Profile</Link>; your team and their roles on{' '}
            <Link to={paths.users()}>Users</Link>.
          </MutedText>
        </Stack>
      </Card>
      {hasPermission(claims, 'manageBilling') && (
        <Card>
          <Stack gap={3}>
            <SectionHeading>Plan</SectionHeading>
            <MutedText>
              See your plan and change it on <Link to={paths.plans()}>Plans</Link>.
            </MutedText>
          </Stack>
        </Card>
      )}
      {owner && <DeleteOrganisationCard />}
    </Stack>
  );
}
