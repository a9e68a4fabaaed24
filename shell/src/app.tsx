import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import type { AppServices } from '@toolkit/parcel';
import type { RouteMatch, RouteOwner } from '@toolkit/domain';
import { Spinner } from '@toolkit/ui';
import { GuardGate } from './guard-gate';
import { KindGate } from './kind-gate';
import { RemoteArea } from './remotes/remote-area';
import { AuthErrorNotice } from './screens/auth-error-notice';
import { NotFoundNotice } from './screens/not-found-notice';
import { ShellLayout } from './shell-layout';
import { TenantTheme } from './tenant-theme';
import type { ShellServices } from './services';

// A respondent on /survey never needs these screens: they download when their page opens.
const CompleteSignup = lazy(() =>
  import('./screens/complete-signup').then((m) => ({ default: m.CompleteSignup })),
);
const Portal = lazy(() => import('./screens/portal').then((m) => ({ default: m.Portal })));
const VerifyCredential = lazy(() =>
  import('./screens/verify-credential').then((m) => ({ default: m.VerifyCredential })),
);
const ConfirmAlerts = lazy(() =>
  import('./screens/confirm-alerts').then((m) => ({ default: m.ConfirmAlerts })),
);
const ResetPassword = lazy(() =>
  import('./screens/reset-password').then((m) => ({ default: m.ResetPassword })),
);

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
    return (
      <Suspense fallback={<Spinner label="Loading…" />}>
        {route.id === 'completeSignup' ? (
          <CompleteSignup auth={services.auth} callable={services.callable} content={services.content} />
        ) : route.id === 'verifyCredential' ? (
          <VerifyCredential callable={services.publicCallable} />
        ) : route.id === 'confirmAlerts' ? (
          <ConfirmAlerts callable={services.publicCallable} />
        ) : route.id === 'resetPassword' ? (
          <ResetPassword
            auth={services.auth}
            code={new URLSearchParams(window.location.search).get('oobCode')}
          />
        ) : (
          <Portal auth={services.auth} content={services.content} toolkitName={match.params.toolkitName} />
        )}
      </Suspense>
    );
  }
  // Keyed by owner: moving between one remote's own pages keeps its parcel mounted.
  return (
    <KindGate route={route}>
      <RemoteArea
        key={route.owner}
        name={route.owner}
        basePath={BASE_PATH[route.owner]}
        services={remoteServices}
      />
    </KindGate>
  );
}

/** `remoteServices`: what remotes get (parcelServices), built once at start-up. */
export function App({ services, remoteServices }: { services: ShellServices; remoteServices: AppServices }) {
  return (
    <BrowserRouter>
      <TenantTheme services={services}>
        <ShellLayout services={services}>
          <GuardGate services={services}>
            {(match) => (
              <>
                <AuthErrorNotice />
                <NotFoundNotice match={match} />
                <RouteContent match={match} services={services} remoteServices={remoteServices} />
              </>
            )}
          </GuardGate>
        </ShellLayout>
      </TenantTheme>
    </BrowserRouter>
  );
}
