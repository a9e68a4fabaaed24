// The shell resolves the signed-in member's plan and entitlements into the store's plan slice
// whenever the member or their tenant changes; a signed-out session is back on Free.
import { fetchPlan, type CallableClient } from '@toolkit/platform';
import {
  entitlementsFailed,
  entitlementsLoaded,
  planFailed,
  planReset,
  planResolved,
  type AppStore,
} from '@toolkit/store-contract';

export function syncPlan(store: AppStore, callable: CallableClient): () => void {
  let resolvedFor: string | null = null;
  return store.subscribe(() => {
    const { user, status, claims } = store.getState().auth;
    // The organisation is the claims' tenant (the sign-in user's tenantId is the identity provider's).
    const tenantId = typeof claims?.tenantId === 'string' && claims.tenantId ? claims.tenantId : null;
    const key = status === 'signedIn' && user && tenantId ? `${user.uid}:${tenantId}` : null;
    if (key === resolvedFor) return;
    resolvedFor = key;
    if (!key || !tenantId) {
      store.dispatch(planReset());
      return;
    }
    void fetchPlan(callable, tenantId).then(({ plan, entitlements, error }) => {
      if (resolvedFor !== key) return;
      if (error) {
        store.dispatch(planFailed(error));
        store.dispatch(entitlementsFailed(error));
        return;
      }
      store.dispatch(planResolved(plan));
      store.dispatch(entitlementsLoaded(entitlements));
    });
  });
}
