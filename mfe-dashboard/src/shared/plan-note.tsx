// Says which plan brings a feature the organisation's plan lacks, and what happens to what was made
// with it before; the Plans page is linked for those who manage billing.
import { Link } from 'react-router';
import { ENTITLEMENT_NAMES, hasPermission, paths, planUnlocking, type EntitlementKey } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { MutedText } from '@toolkit/ui';

export function PlanNote({ feature, kept }: { feature: EntitlementKey; kept: string | null }) {
  const claims = useAppSelector((state) => state.auth.claims);
  const plan = planUnlocking(feature).name;
  return (
    <MutedText>
      {ENTITLEMENT_NAMES[feature]}: part of the {plan} plan, not yours.{kept ? ` ${kept}` : ''}{' '}
      {hasPermission(claims, 'manageBilling') ? (
        <Link to={paths.plans()}>Upgrade to {plan} on Plans.</Link>
      ) : (
        `An owner or billing member can upgrade to ${plan}.`
      )}
    </MutedText>
  );
}
