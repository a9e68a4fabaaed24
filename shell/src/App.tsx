import { useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import type { AppServices } from '@toolkit/parcel';
import type { RouteMatch, RouteOwner } from '@toolkit/domain';
import { GuardGate } from './GuardGate';
import { RemoteArea } from './remotes/RemoteArea';
import { CompleteSignup } from './screens/CompleteSignup';
import { Portal } from './screens/Portal';
import { ResetPassword } from './screens/ResetPassword';
import { ShellLayout } from './ShellLayout';
import { parcelServices, type ShellServices } from './services';

const BASE_PATH: Record<Exclude<RouteOwner, 'shell'>, string> = {
  survey: '/survey',
  dashboard: '/dashboard',
  journey: '/',
  billing: '/dashboard/plans',
};

function RouteContent({
  match,
  services,
  remoteServices,
}: {
  match: RouteMatch;
  services: ShellServices;
  remoteServices: AppServices;
}) {
  const { route } = match;
  if (route.owner === 'shell') {
    if (route.id === 'completeSignup')
      return <CompleteSignup auth={services.auth} callable={services.callable} />;
    if (route.id === 'resetPassword') {
      return (
        <ResetPassword
          auth={services.auth}
          code={new URLSearchParams(window.location.search).get('oobCode')}
        />
      );
    }
    return <Portal auth={services.auth} toolkitName={match.params.toolkitName} />;
  }
  // Keyed by owner: moving between one remote's own pages keeps its parcel mounted.
  return (
    <RemoteArea
      key={route.owner}
      name={route.owner}
      basePath={BASE_PATH[route.owner]}
      services={remoteServices}
    />
  );
}

export function App({ services }: { services: ShellServices }) {
  const remoteServices = useMemo(() => parcelServices(services), [services]);
  return (
    <BrowserRouter>
      <ShellLayout services={services}>
        <GuardGate services={services}>
          {(match) => <RouteContent match={match} services={services} remoteServices={remoteServices} />}
        </GuardGate>
      </ShellLayout>
    </BrowserRouter>
  );
}
