// The guard chain (docs/behaviour.md, Guard chain). One pure function; the shell's router applies the decision.
import type { GuardReason } from './errors';
import { hasAccess, type AccessRequirement, type AuthClaims } from './roles';
import { DASHBOARD_PATH, LANDING_PATH, type RouteDefinition } from './routes';

export type AuthStatus = 'unknown' | 'signedOut' | 'anonymous' | 'signedIn';

export interface GuardAuth {
  status: AuthStatus;
  claims: AuthClaims;
  tenantId?: string | null;
}

export interface GuardSurvey {
  state: 'loading' | 'notFound' | 'found';
  requireAccount?: boolean;
}

export interface GuardInput {
  pathname: string;
  route: RouteDefinition | null;
  auth: GuardAuth;
  surveyCompleted: boolean;
  survey?: GuardSurvey;
  defaultTenantIds?: readonly string[];
  /**
   * The session is the anonymous one that asked, in this browser, for a "Save my results" link: on
   * /complete-signup it is kept, so the link upgrades it (the same account) instead of replacing it.
   */
  keepsSavingSession?: boolean;
}

export type GuardDecision =
  | { kind: 'proceed'; signOut?: boolean; signInAnonymously?: boolean }
  | { kind: 'redirect'; to: string; reason: GuardReason; signOut?: boolean }
  | { kind: 'wait' };

export type GuardLog = (reason: GuardReason, to: string) => void;

const DENIAL_REASON: Record<AccessRequirement, GuardReason> = {
  admin: 'more rights needed',
  billing: 'billing access needed',
  insights: 'insights access needed',
  management: 'management access needed',
  reviews: 'more rights needed',
};

export function evaluateGuards(input: GuardInput, log?: GuardLog): GuardDecision {
  const { route } = input;
  // Session effects decided so far; a later redirect still carries them out.
  let signOut = false;
  let signInAnonymously = false;

  const redirect = (to: string, reason: GuardReason, withSignOut = signOut): GuardDecision => {
    log?.(reason, to);
    return withSignOut ? { kind: 'redirect', to, reason, signOut: true } : { kind: 'redirect', to, reason };
  };

  if (!route) return redirect(LANDING_PATH, 'unknown route');
  if (input.auth.status === 'unknown') return { kind: 'wait' };

  const { meta } = route;
  // The session as it will be once the effects above have run.
  let status: Exclude<AuthStatus, 'unknown'> = input.auth.status;
  let claims: AuthClaims = input.auth.claims;
  let tenantId = input.auth.tenantId ?? claims.tenantId ?? null;
  const endSession = () => {
    signOut = true;
    status = 'signedOut';
    claims = {};
    tenantId = null;
  };

  // 1. Forced-logout pages end any session, anonymous ones included, except the saving respondent's
  // own anonymous session on /complete-signup, which its link upgrades.
  const savingRespondent =
    route.id === 'completeSignup' && status === 'anonymous' && input.keepsSavingSession === true;
  if (meta.forceLogout && status !== 'signedOut' && !savingRespondent) endSession();

  // 2. Pages that need sign-in send unauthenticated users to landing.
  if (meta.requiresAuth && (status === 'signedOut' || (status === 'anonymous' && meta.disallowAnonymous))) {
    return redirect(LANDING_PATH, 'not logged in');
  }

  // 3. Pages that need a completed survey send others to the dashboard.
  if (meta.requiresCompletedSurvey && !input.surveyCompleted) {
    return redirect(DASHBOARD_PATH, 'survey not completed');
  }

  // 4. Survey routes wait for the survey definition, then settle the session it needs.
  if (meta.surveyDefinition) {
    const survey = input.survey;
    if (!survey || survey.state === 'loading') return { kind: 'wait' };
    if (survey.state === 'notFound') return redirect(DASHBOARD_PATH, 'survey not found');
    if (survey.requireAccount) {
      if (status === 'signedOut') return redirect(LANDING_PATH, 'not logged in');
      if (status === 'anonymous') return redirect(LANDING_PATH, 'anonymous', true);
    } else if (status === 'signedOut') {
      signInAnonymously = true;
      status = 'anonymous';
    } else if (status === 'signedIn' && !claims.inviteId) {
      // An invitee signed in with the invite's token answers as themselves (docs/decisions.md).
      endSession();
      signInAnonymously = true;
      status = 'anonymous';
    }
  }

  // 5. Real signed-in users do not see hide-for-auth pages; anonymous sessions do.
  if (meta.hideForAuth && status === 'signedIn') return redirect(DASHBOARD_PATH, 'signed in');

  // 6. Missing rights send the user to the dashboard.
  if (meta.requires && !hasAccess(claims, meta.requires)) {
    return redirect(DASHBOARD_PATH, DENIAL_REASON[meta.requires]);
  }

  // 7. Anonymous sessions are ended on dashboard, toolkit, results and profile paths.
  if (meta.signOutAnonymous && status === 'anonymous') return redirect(LANDING_PATH, 'anonymous', true);

  // 8. Default-tenant restriction.
  if (meta.defaultTenantOnly && (tenantId === null || !(input.defaultTenantIds ?? []).includes(tenantId))) {
    return redirect(DASHBOARD_PATH, 'default tenant only');
  }

  const decision: GuardDecision = { kind: 'proceed' };
  if (signOut) decision.signOut = true;
  if (signInAnonymously) decision.signInAnonymously = true;
  return decision;
}

/**
 * What the chain decides while the session is still unknown (the sign-in SDK has not loaded):
 * 'proceed' when the page is let through whatever the session turns out to be (its session
 * effects can wait for it), 'wait' when something else is still loading (the survey definition),
 * and 'needsSession' when the outcome depends on the session. A signed-in session is assumed to
 * hold no claims and no tenant, the least any session can hold.
 */
export function outcomeBeforeSession(input: GuardInput): 'proceed' | 'wait' | 'needsSession' {
  const kinds = (['signedOut', 'anonymous', 'signedIn'] as const).map(
    (status) => evaluateGuards({ ...input, auth: { status, claims: {}, tenantId: null } }).kind,
  );
  if (kinds.every((kind) => kind === 'proceed')) return 'proceed';
  if (kinds.every((kind) => kind === 'wait')) return 'wait';
  return 'needsSession';
}
