import { Route, Routes, useParams } from 'react-router';
import { paths, ROUTE_BY_ID, type JourneyStepNumber } from '@toolkit/domain';
import { ScreenPlaceholder } from '@toolkit/ui';
import { StagePage } from './StagePage';

const STEPS: readonly JourneyStepNumber[] = [1, 2, 3, 4, 5];

function InviteJourney() {
  const { inviteId = '' } = useParams();
  return <ScreenPlaceholder name="Invite journey" description={`Invite ${inviteId}`} />;
}

export function App() {
  return (
    <Routes>
      <Route path={ROUTE_BY_ID.journeyInvite.path} element={<InviteJourney />} />
      {STEPS.map((step) => (
        <Route key={step} path={paths.journeyStep(step)} element={<StagePage step={step} />} />
      ))}
    </Routes>
  );
}
