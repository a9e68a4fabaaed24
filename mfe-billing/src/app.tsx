import { Route, Routes, useParams } from 'react-router';
import { ROUTE_BY_ID } from '@toolkit/domain';
import { ScreenPlaceholder } from '@toolkit/ui';

function CheckoutSuccess() {
  const { checkoutSessionId = '' } = useParams();
  return <ScreenPlaceholder name="Plans" description={`Checkout ${checkoutSessionId} completed`} />;
}

export function App() {
  return (
    <Routes>
      <Route path={ROUTE_BY_ID.plans.path} element={<ScreenPlaceholder name="Plans" />} />
      <Route path={ROUTE_BY_ID.plansCheckout.path} element={<CheckoutSuccess />} />
    </Routes>
  );
}
