import { Route, Routes, useParams } from 'react-router';
import { ROUTE_BY_ID, STAGE_LINKS, routesOwnedBy, type JourneyStepNumber } from '@toolkit/domain';
import { ScreenPlaceholder } from '@toolkit/ui';
import { StagePage } from './StagePage';

function InviteJourney() {
  const { inviteId = '' } = useParams();
  return <ScreenPlaceholder name="Invite journey" description={`Invite ${inviteId}`} />;
}

const isStep = (value: number): value is JourneyStepNumber => value >= 1 && value <= 5;

export function App() {
  const steps = routesOwnedBy('journey').filter((route) => route.id !== 'journeyInvite');
  return (
    <Routes>
      <Route path={ROUTE_BY_ID.journeyInvite.path} element={<InviteJourney />} />
      {steps.map((route) => {
        const step = STAGE_LINKS.indexOf(route.path) + 1;
        return (
          <Route
            key={route.id}
            path={route.path}
            element={isStep(step) ? <StagePage step={step} /> : <ScreenPlaceholder name={route.screen} />}
          />
        );
      })}
    </Routes>
  );
}
