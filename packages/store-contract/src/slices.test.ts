import { FREE_PLAN, MESSAGES, SurveyStatus } from '@toolkit/domain';
import {
  authChanged,
  authError,
  authErrorCleared,
  claimsChanged,
  brandingLoaded,
  createAppStore,
  entitlementsFailed,
  entitlementsLoaded,
  planFailed,
  planReset,
  planResolved,
  sessionSettled,
  selectAuthError,
  selectAuthStatus,
  selectBranding,
  selectHasSettledSession,
  selectClaims,
  selectEntitlements,
  selectHasEntitlement,
  selectIsAuthResolved,
  selectIsSignedIn,
  selectIsSurveyCompleted,
  selectPlan,
  selectPlanError,
  selectSurveyStatus,
  selectTenantError,
  selectTenantId,
  selectUid,
  selectUser,
  surveyCompleted,
  surveyStarted,
  tenantCleared,
  tenantError,
  tenantNotFound,
  tenantResolved,
  type AuthUser,
} from './index';

const newStore = () => createAppStore({ storage: null });

const user: AuthUser = {
  uid: 'u1',
  email: 'ana@example.org',
  displayName: 'Ana',
  emailVerified: true,
  isAnonymous: false,
  tenantId: 'acme-x1y2',
};

describe('auth slice', () => {
  it('starts unknown, with no user and empty claims', () => {
    const s = newStore().getState();
    expect(selectAuthStatus(s)).toBe('unknown');
    expect(selectIsAuthResolved(s)).toBe(false);
    expect(selectUser(s)).toBeNull();
    expect(selectClaims(s)).toEqual({});
  });

  it('derives the status from the user', () => {
    const store = newStore();
    store.dispatch(authChanged({ user, claims: { role: 'admin', admin: true } }));
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
    expect(selectIsSignedIn(store.getState())).toBe(true);
    expect(selectUid(store.getState())).toBe('u1');
    expect(selectClaims(store.getState())).toEqual({ role: 'admin', admin: true });

    store.dispatch(authChanged({ user: { ...user, uid: 'anon', isAnonymous: true, email: null } }));
    expect(selectAuthStatus(store.getState())).toBe('anonymous');
    expect(selectIsSignedIn(store.getState())).toBe(false);
    expect(selectClaims(store.getState())).toEqual({});

    store.dispatch(authChanged({ user: null, claims: { role: 'admin' } }));
    expect(selectAuthStatus(store.getState())).toBe('signedOut');
    expect(selectUid(store.getState())).toBeNull();
    expect(selectClaims(store.getState())).toEqual({});
    expect(selectIsAuthResolved(store.getState())).toBe(true);
  });

  it('keeps the error message through a sign-out, until a session begins or it is cleared', () => {
    const store = newStore();
    store.dispatch(authError('No user logged in'));
    expect(selectAuthError(store.getState())).toBe('No user logged in');
    store.dispatch(authErrorCleared());
    expect(selectAuthError(store.getState())).toBeNull();
    store.dispatch(authError('Your session has ended: sign in again.'));
    store.dispatch(authChanged({ user: null }));
    expect(selectAuthError(store.getState())).toBe('Your session has ended: sign in again.');
    store.dispatch(authChanged({ user }));
    expect(selectAuthError(store.getState())).toBeNull();
  });

  it('replaces claims after a refresh', () => {
    const store = newStore();
    store.dispatch(authChanged({ user, claims: { role: 'member' } }));
    store.dispatch(claimsChanged({ role: 'admin', permissions: { manageBilling: true } }));
    expect(selectClaims(store.getState())).toEqual({ role: 'admin', permissions: { manageBilling: true } });
  });

  it('has a settled session only once the guard confirms it, until the user changes', () => {
    const store = newStore();
    const anonymous = { ...user, uid: 'anon', isAnonymous: true, email: null };
    store.dispatch(sessionSettled());
    expect(selectHasSettledSession(store.getState())).toBe(false); // no session yet

    store.dispatch(authChanged({ user: anonymous }));
    expect(selectHasSettledSession(store.getState())).toBe(false);
    store.dispatch(sessionSettled());
    expect(selectHasSettledSession(store.getState())).toBe(true);

    // A token refresh of the same user keeps it; another user needs the guard again.
    store.dispatch(authChanged({ user: anonymous }));
    expect(selectHasSettledSession(store.getState())).toBe(true);
    store.dispatch(authChanged({ user }));
    expect(selectHasSettledSession(store.getState())).toBe(false);
    store.dispatch(sessionSettled());
    store.dispatch(authChanged({ user: null }));
    expect(selectHasSettledSession(store.getState())).toBe(false);
  });
});

describe('tenant slice', () => {
  it('stores the tenant and branding, and "Tenant not found" as its error', () => {
    const store = newStore();
    store.dispatch(tenantResolved({ tenantId: 'acme-x1y2', branding: { primaryColor: '#123456' } }));
    expect(selectTenantId(store.getState())).toBe('acme-x1y2');
    expect(selectBranding(store.getState())).toEqual({ primaryColor: '#123456' });

    const resolved = store.getState().tenant;
    store.dispatch(tenantResolved({ tenantId: 'acme-x1y2', branding: { primaryColor: '#123456' } }));
    expect(store.getState().tenant).toBe(resolved); // the same tenant and look again: no new state

    store.dispatch(brandingLoaded({ textColor: '#111111' }));
    expect(selectBranding(store.getState())).toEqual({ textColor: '#111111' });

    store.dispatch(tenantNotFound());
    expect(selectTenantError(store.getState())).toBe(MESSAGES.tenantNotFound);
    expect(MESSAGES.tenantNotFound).toBe('Tenant not found');
    expect(selectTenantId(store.getState())).toBeNull();
    expect(selectBranding(store.getState())).toBeNull();

    store.dispatch(tenantResolved({ tenantId: 'other' }));
    expect(selectTenantError(store.getState())).toBeNull();
    expect(selectBranding(store.getState())).toBeNull();

    store.dispatch(tenantError('offline'));
    expect(selectTenantError(store.getState())).toBe('offline');
    store.dispatch(tenantCleared());
    expect(store.getState().tenant).toEqual({ tenantId: null, branding: null, error: null });
  });
});

describe('survey slice', () => {
  it('is in progress (1) by default and completed (2) after completion', () => {
    const store = newStore();
    expect(selectSurveyStatus(store.getState())).toBe(1);
    expect(selectIsSurveyCompleted(store.getState())).toBe(false);
    store.dispatch(surveyCompleted());
    expect(selectSurveyStatus(store.getState())).toBe(SurveyStatus.Completed);
    expect(selectSurveyStatus(store.getState())).toBe(2);
    expect(selectIsSurveyCompleted(store.getState())).toBe(true);
    store.dispatch(surveyStarted());
    expect(selectSurveyStatus(store.getState())).toBe(1);
  });
});

describe('plan slice', () => {
  it('is Free with no entitlements by default', () => {
    const s = newStore().getState();
    expect(selectPlan(s)).toBe('Free');
    expect(FREE_PLAN).toBe('Free');
    expect(selectEntitlements(s)).toEqual([]);
  });

  it('takes a resolved plan and falls back to Free when it is missing or fails', () => {
    const store = newStore();
    store.dispatch(planResolved('Pro'));
    expect(selectPlan(store.getState())).toBe('Pro');
    store.dispatch(planResolved(null));
    expect(selectPlan(store.getState())).toBe('Free');
    store.dispatch(planResolved('Pro'));
    store.dispatch(planFailed('stripe down'));
    expect(selectPlan(store.getState())).toBe('Free');
    expect(selectPlanError(store.getState())).toBe('stripe down');
  });

  it('answers entitlement checks and empties them on failure', () => {
    const store = newStore();
    store.dispatch(entitlementsLoaded(['brandkit', 'advanced-user-roles']));
    expect(selectHasEntitlement(store.getState(), 'brandkit')).toBe(true);
    expect(selectHasEntitlement(store.getState(), 'materiality-assessment')).toBe(false);
    store.dispatch(entitlementsFailed(undefined));
    expect(selectEntitlements(store.getState())).toEqual([]);
    expect(selectPlanError(store.getState())).toBe(MESSAGES.entitlementsFetchFailed);
    expect(MESSAGES.entitlementsFetchFailed).toBe('Failed to fetch entitlements');
    store.dispatch(planReset());
    expect(store.getState().plan).toEqual({ plan: 'Free', entitlements: [], error: null });
  });
});
