import { Route, Routes } from 'react-router';
import { ROUTE_BY_ID } from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import { PlansScreen } from './features/plans/plans-screen';
import { SandboxCheckoutScreen } from './features/sandbox/sandbox-checkout-screen';

export function App({ services }: { services: AppServices }) {
  return (
    <Routes>
      <Route path={ROUTE_BY_ID.plans.path} element={<PlansScreen callable={services.callable} />} />
      <Route path={ROUTE_BY_ID.plansCheckout.path} element={<PlansScreen callable={services.callable} />} />
      <Route
        path={ROUTE_BY_ID.plansSandboxCheckout.path}
        element={<SandboxCheckoutScreen callable={services.callable} />}
      />
    </Routes>
  );
}
