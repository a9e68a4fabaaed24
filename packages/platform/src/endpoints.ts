// One typed endpoint per callable of SPEC.md §7, with the fallback messages of SPEC.md §8.
import {
  API,
  MESSAGES,
  type ApiRequest,
  type ApiResponses,
  type Entitlement,
  type Role,
  type Subscription,
} from '@toolkit/domain';
import { CallableError, type CallableClient, type CallOptions } from './callable';

/** SPEC §7's seven callables; the rest of the API is reached through `callApi`. */
export const CALLABLES = {
  setUserRole: API.setUserRole,
  getUserRole: API.getUserRole,
  getAvailableRoles: API.getAvailableRoles,
  removeUserRole: API.removeUserRole,
  getSubscriptionDetails: API.getSubscriptionDetails,
  getCustomerEntitlements: API.getCustomerEntitlements,
  verifyAndLoginWithInvite: API.verifyAndLoginWithInvite,
} as const;

export type CallableName = (typeof CALLABLES)[keyof typeof CALLABLES];

export type UserClaims = Record<string, unknown>;

export interface SetUserRoleRequest {
  uid: string;
  tenantId: string;
  role: Role;
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
  role: Role;
  email: string | null;
  claims: UserClaims;
}

export interface GetAvailableRolesResponse {
  status: string;
  availableRoles: Role[];
  userRole: Role;
}

export interface RemoveUserRoleRequest {
  uid: string;
  tenantId: string;
}
export interface RemoveUserRoleResponse {
  status: string;
  message: string;
  previousRole: Role | null;
  newRole: Role;
}

export interface GetSubscriptionDetailsResponse {
  status: string;
  subscriptions: Subscription[];
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

/** A typed endpoint; with a fallback, a failure without a server message gets that SPEC §8 message. */
function endpoint<Req, Res>(name: CallableName, fallback?: string) {
  return (client: CallableClient, request: Req, options?: CallOptions): Promise<Res> => {
    const call = () => client.call<Req, Res>(name, request, options);
    return fallback === undefined ? call() : withFallback(fallback, call);
  };
}

export const setUserRole = endpoint<SetUserRoleRequest, SetUserRoleResponse>(
  CALLABLES.setUserRole,
  MESSAGES.setUserRoleFailed,
);

export const getUserRole = endpoint<GetUserRoleRequest, GetUserRoleResponse>(
  CALLABLES.getUserRole,
  MESSAGES.getUserRoleFailed,
);

export const removeUserRole = endpoint<RemoveUserRoleRequest, RemoveUserRoleResponse>(
  CALLABLES.removeUserRole,
  MESSAGES.removeUserRoleFailed,
);

export const getCustomerEntitlements = endpoint<
  GetCustomerEntitlementsRequest,
  GetCustomerEntitlementsResponse
>(CALLABLES.getCustomerEntitlements, MESSAGES.entitlementsFetchFailed);

/** SPEC.md §8: the invite verification error is rethrown as it is. */
export const verifyAndLoginWithInvite = endpoint<
  VerifyAndLoginWithInviteRequest,
  VerifyAndLoginWithInviteResponse
>(CALLABLES.verifyAndLoginWithInvite);

// The two callables without a request body.
const getAvailableRolesEndpoint = endpoint<null, GetAvailableRolesResponse>(
  CALLABLES.getAvailableRoles,
  MESSAGES.getAvailableRolesFailed,
);
export const getAvailableRoles = (client: CallableClient, options?: CallOptions) =>
  getAvailableRolesEndpoint(client, null, options);

/** SPEC.md gives no fallback message here, so errors pass through unchanged. */
const getSubscriptionDetailsEndpoint = endpoint<null, GetSubscriptionDetailsResponse>(
  CALLABLES.getSubscriptionDetails,
);
export const getSubscriptionDetails = (client: CallableClient, options?: CallOptions) =>
  getSubscriptionDetailsEndpoint(client, null, options);

/** A typed call of one of the API's document-operation callables (@toolkit/domain API). */
export function callApi<N extends keyof ApiResponses>(
  client: CallableClient,
  name: N,
  request: ApiRequest<N>,
  options?: CallOptions,
): Promise<ApiResponses[N]> {
  return client.call<ApiRequest<N>, ApiResponses[N]>(name, request, options);
}
