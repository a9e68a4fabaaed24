import { Route, Routes } from 'react-router';
import { paths, ROUTE_BY_ID, type JourneyStepNumber } from '@toolkit/domain';
import { WithApi } from '@toolkit/data';
import { InviteJourney, type InviteServices } from './invite-journey';
import { StagePage } from './stage-page';

const STEPS: readonly JourneyStepNumber[] = [1, 2, 3, 4, 5];

/** The parcel props this remote uses (ParcelProps carries more). */
export interface AppProps {
  services: InviteServices;
}

export function App({ services }: AppProps) {
  return (
    <WithApi>
      <Routes>
        <Route path={ROUTE_BY_ID.journeyInvite.path} element={<InviteJourney services={services} />} />
        {STEPS.map((step) => (
          <Route key={step} path={paths.journeyStep(step)} element={<StagePage step={step} />} />
        ))}
      </Routes>
    </WithApi>
  );
}
