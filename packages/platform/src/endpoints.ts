// One typed endpoint per callable of SPEC.md §7, with the fallback messages of SPEC.md §8.
import { CallableError, type CallableClient, type CallOptions } from './callable';

export const CALLABLES = {
  setUserRole: 'admin-setUserRole',
  getUserRole: 'admin-getUserRole',
  getAvailableRoles: 'admin-getAvailableRoles',
  removeUserRole: 'admin-removeUserRole',
  getSubscriptionDetails: 'subscription-getSubscriptionDetails',
  getCustomerEntitlements: 'entitlements-getCustomerEntitlements',
  verifyAndLoginWithInvite: 'journey-verifyAndLoginWithInvite',
} as const;

export type CallableName = (typeof CALLABLES)[keyof typeof CALLABLES];

export const CALLABLE_FALLBACK_MESSAGES = {
  setUserRole: 'Error setting user role',
  getUserRole: 'Error getting user role',
  getAvailableRoles: 'Error getting available roles',
  removeUserRole: 'Error removing user role',
  getCustomerEntitlements: 'Failed to fetch entitlements',
} as const;

/** SPEC.md §6 roles, lowest to highest. */
export type UserRole = 'user' | 'viewer' | 'editor' | 'billing' | 'admin' | 'owner';

export type UserClaims = Record<string, unknown>;

export interface SetUserRoleRequest {
  uid: string;
  tenantId: string;
  role: UserRole;
}
export interface SetUserRoleResponse {
  status: string;
  message: string;
}

export interface GetUserRoleRequest {
  uid: string;
  tenantId: string;
}
export interface GetUserRoleResponse {
  status: string;
  role: UserRole;
  email: string | null;
  claims: UserClaims;
}

export interface GetAvailableRolesResponse {
  status: string;
  availableRoles: UserRole[];
  userRole: UserRole;
}

export interface RemoveUserRoleRequest {
  uid: string;
  tenantId: string;
}
export interface RemoveUserRoleResponse {
  status: string;
  message: string;
  previousRole: UserRole | null;
  newRole: UserRole;
}

/** SPEC.md §3: status, product with internalPlanName. */
export interface Subscription {
  status: string;
  product: { internalPlanName?: string | null } | null;
}
export interface GetSubscriptionDetailsResponse {
  status: string;
  subscriptions: Subscription[];
}

/** SPEC.md §3: lookup_key (optionally under a feature object), plus value. */
export interface Entitlement {
  lookup_key?: string;
  feature?: { lookup_key: string };
  value?: unknown;
}
export interface GetCustomerEntitlementsRequest {
  tenantId: string;
}
export interface GetCustomerEntitlementsResponse {
  status: string;
  entitlements: Entitlement[];
  features: string[];
  error?: string | null;
}

export interface VerifyAndLoginWithInviteRequest {
  inviteId: string;
}
/** SPEC.md §3 invite data; the caller signs in with `token` (a custom token) afterwards. */
export interface InviteData {
  surveyResultId: string;
  surveyId: string;
  tenantId: string;
}
export interface VerifyAndLoginWithInviteResponse {
  inviteData: InviteData;
  token: string;
}

async function withFallback<T>(fallback: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CallableError) {
      if (error.hasServerMessage) throw error;
      throw new CallableError(error.code, fallback, { details: error.details, cause: error });
    }
    throw new CallableError('unknown', fallback, { cause: error });
  }
}

export function setUserRole(
  client: CallableClient,
  request: SetUserRoleRequest,
  options?: CallOptions,
): Promise<SetUserRoleResponse> {
  return withFallback(CALLABLE_FALLBACK_MESSAGES.setUserRole, () =>
    client.call<SetUserRoleRequest, SetUserRoleResponse>(CALLABLES.setUserRole, request, options),
  );
}

export function getUserRole(
  client: CallableClient,
  request: GetUserRoleRequest,
  options?: CallOptions,
): Promise<GetUserRoleResponse> {
  return withFallback(CALLABLE_FALLBACK_MESSAGES.getUserRole, () =>
    client.call<GetUserRoleRequest, GetUserRoleResponse>(CALLABLES.getUserRole, request, options),
  );
}

export function getAvailableRoles(
  client: CallableClient,
  options?: CallOptions,
): Promise<GetAvailableRolesResponse> {
  return withFallback(CALLABLE_FALLBACK_MESSAGES.getAvailableRoles, () =>
    client.call<null, GetAvailableRolesResponse>(CALLABLES.getAvailableRoles, null, options),
  );
}

export function removeUserRole(
  client: CallableClient,
  request: RemoveUserRoleRequest,
  options?: CallOptions,
): Promise<RemoveUserRoleResponse> {
  return withFallback(CALLABLE_FALLBACK_MESSAGES.removeUserRole, () =>
    client.call<RemoveUserRoleRequest, RemoveUserRoleResponse>(CALLABLES.removeUserRole, request, options),
  );
}

/** SPEC.md gives no fallback message here, so errors pass through unchanged. */
export function getSubscriptionDetails(
  client: CallableClient,
  options?: CallOptions,
): Promise<GetSubscriptionDetailsResponse> {
  return client.call<null, GetSubscriptionDetailsResponse>(CALLABLES.getSubscriptionDetails, null, options);
}

export function getCustomerEntitlements(
  client: CallableClient,
  request: GetCustomerEntitlementsRequest,
  options?: CallOptions,
): Promise<GetCustomerEntitlementsResponse> {
  return withFallback(CALLABLE_FALLBACK_MESSAGES.getCustomerEntitlements, () =>
    client.call<GetCustomerEntitlementsRequest, GetCustomerEntitlementsResponse>(
      CALLABLES.getCustomerEntitlements,
      request,
      options,
    ),
  );
}

/** SPEC.md §8: the invite verification error is rethrown as it is. */
export function verifyAndLoginWithInvite(
  client: CallableClient,
  request: VerifyAndLoginWithInviteRequest,
  options?: CallOptions,
): Promise<VerifyAndLoginWithInviteResponse> {
  return client.call<VerifyAndLoginWithInviteRequest, VerifyAndLoginWithInviteResponse>(
    CALLABLES.verifyAndLoginWithInvite,
    request,
    options,
  );
}
