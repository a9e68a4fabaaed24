// Manage (settings, billing or edit-insights): who receives which notification of the organisation,
// its brand, and where its details and plan are kept; for owners, deleting the organisation.
import { Link } from 'react-router';
import { Loading, QueryView } from '@toolkit/data';
import { alertKindsFor, hasPermission, MESSAGES, paths, roleFromClaims, whoMayOpen } from '@toolkit/domain';
import { useAppSelector, useTenantKind } from '@toolkit/store-contract';
import { Card, ErrorPanel, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useAlertsQuery } from '../../shared/api';
import { AlertsForm } from './alerts-form';
import { BrandCard } from './brand-card';
import { ConfirmOrganisationDeletion, DeleteOrganisationCard } from './organisation-deletion';

const NO_ALERTS = {
  alerts: { newResult: [], newTeamMember: [], expertRequest: [] },
  pending: [],
};

/** The notifications that can happen to the organisation: which ones waits for its kind. */
function Alerts() {
  const alerts = useAlertsQuery();
  const { kind, retry } = useTenantKind();
  if (kind === 'pending') return <Loading />;
  // Neither kind's list on a guess: the shell's header and gate do not guess either.
  if (kind === 'unknown') return <ErrorPanel message={MESSAGES.catalogueUnavailable} onRetry={retry} />;
  // The form itself stands in while the settings load, so the cards below do not move down when they arrive.
  if (alerts.data === undefined && !alerts.isError)
    return <AlertsForm loaded={NO_ALERTS} kinds={alertKindsFor(kind)} loading />;
  return (
    <QueryView query={alerts} doing="load the notification settings">
      {(loaded) => <AlertsForm loaded={loaded} kinds={alertKindsFor(kind)} />}
    </QueryView>
  );
}

export function ManageScreen() {
  const claims = useAppSelector((state) => state.auth.claims);
  const owner = roleFromClaims(claims) === 'owner';
  // Manage opens for editors and billing members too, who may not open Users.
  const whoManagesTeam = whoMayOpen(paths.users(), claims);
  return (
    <Stack>
      <PageTitle>Manage</PageTitle>
      {owner && <ConfirmOrganisationDeletion />}
      <Alerts />
      <BrandCard />
      <Card>
        <Stack gap={3}>
          <SectionHeading>Organisation</SectionHeading>
          <MutedText>
            Your organisation&apos;s name, industry, size and region are kept on your{' '}
            <Link to={paths.profile()}>Profile</Link>
            {whoManagesTeam ? (
              `; ${whoManagesTeam} manages your team and their roles on Users.`
            ) : (
              <>
                ; your team and their roles on <Link to={paths.users()}>Users</Link>.
              </>
            )}
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
