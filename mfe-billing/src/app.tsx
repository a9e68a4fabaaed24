import { Route, Routes } from 'react-router';
import { ROUTE_BY_ID } from '@toolkit/domain';
import { WithApi } from '@toolkit/data';
import { PlansScreen } from './features/plans/plans-screen';
import { SandboxCheckoutScreen } from './features/sandbox/sandbox-checkout-screen';
import { SandboxPortalScreen } from './features/sandbox/sandbox-portal-screen';
import { SandboxReceiptScreen } from './features/sandbox/sandbox-receipt-screen';

/** The screens reach the server through the data layer, which the shell's store carries. */
export function App() {
  return (
    <WithApi>
      <Routes>
        <Route path={ROUTE_BY_ID.plans.path} element={<PlansScreen />} />
        <Route path={ROUTE_BY_ID.plansCheckout.path} element={<PlansScreen />} />
        <Route path={ROUTE_BY_ID.plansSandboxCheckout.path} element={<SandboxCheckoutScreen />} />
        <Route path={ROUTE_BY_ID.plansSandboxPortal.path} element={<SandboxPortalScreen />} />
        <Route path={ROUTE_BY_ID.plansSandboxReceipt.path} element={<SandboxReceiptScreen />} />
      </Routes>
    </WithApi>
  );
}
