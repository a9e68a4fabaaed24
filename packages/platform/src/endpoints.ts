// One typed endpoint per callable, with a fallback message per callable (docs/behaviour.md, Errors);
// the rest of the API is reached through `callApi`.
import { API, MESSAGES, type ApiRequest, type ApiResponses } from '@toolkit/domain';
import { CallableError, type CallableClient, type CallOptions } from './callable';

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

/** A typed call of any callable of the API (@toolkit/domain API). */
export function callApi<N extends keyof ApiResponses>(
  client: CallableClient,
  name: N,
  request: ApiRequest<N>,
  options?: CallOptions,
): Promise<ApiResponses[N]> {
  return client.call<ApiRequest<N>, ApiResponses[N]>(name, request, options);
}

/** A typed endpoint; with a fallback, a failure without a server message gets that message. */
function endpoint<N extends keyof ApiResponses>(name: N, fallback?: string) {
  return (
    client: CallableClient,
    request: ApiRequest<N>,
    options?: CallOptions,
  ): Promise<ApiResponses[N]> => {
    const call = () => callApi(client, name, request, options);
    return fallback === undefined ? call() : withFallback(fallback, call);
  };
}

export const setUserRole = endpoint(API.setUserRole, MESSAGES.setUserRoleFailed);

export const getUserRole = endpoint(API.getUserRole, MESSAGES.getUserRoleFailed);

export const removeUserRole = endpoint(API.removeUserRole, MESSAGES.removeUserRoleFailed);

export const getCustomerEntitlements = endpoint(
  API.getCustomerEntitlements,
  MESSAGES.entitlementsFetchFailed,
);

/** The invite verification error is rethrown as it is. */
export const verifyAndLoginWithInvite = endpoint(API.verifyAndLoginWithInvite);

// The two callables without a request body.
const getAvailableRolesEndpoint = endpoint(API.getAvailableRoles, MESSAGES.getAvailableRolesFailed);
export const getAvailableRoles = (client: CallableClient, options?: CallOptions) =>
  getAvailableRolesEndpoint(client, null, options);

/** No fallback message here, so errors pass through unchanged. */
const getSubscriptionDetailsEndpoint = endpoint(API.getSubscriptionDetails);
export const getSubscriptionDetails = (client: CallableClient, options?: CallOptions) =>
  getSubscriptionDetailsEndpoint(client, null, options);
