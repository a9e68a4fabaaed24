import { Route, Routes, useParams } from 'react-router';
import { ROUTE_BY_ID, routesOwnedBy } from '@toolkit/domain';
import { ScreenPlaceholder } from '@toolkit/ui';

function InviteJourney() {
  const { inviteId = '' } = useParams();
  return <ScreenPlaceholder name="Invite journey" description={`Invite ${inviteId}`} />;
}

export function App() {
  const steps = routesOwnedBy('journey').filter((route) => route.id !== 'journeyInvite');
  return (
    <Routes>
      <Route path={ROUTE_BY_ID.journeyInvite.path} element={<InviteJourney />} />
      {steps.map((route) => (
        <Route key={route.id} path={route.path} element={<ScreenPlaceholder name={route.screen} />} />
      ))}
    </Routes>
  );
}
