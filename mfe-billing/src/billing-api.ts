// The billing remote's reads and writes, injected into the one API slice (@toolkit/data). What
// changes the plan invalidates 'Plan', so the Plans page and every screen showing the plan's
// entitlements ask again.
import {
  API,
  entitlementKeys,
  FREE_PLAN,
  planOfSubscriptions,
  type ApiResponses,
  type PaidPlanId,
} from '@toolkit/domain';
import { api, call, type QueryError } from '@toolkit/data';
import { entitlementsLoaded, planResolved } from '@toolkit/store-contract';

export interface OrganisationPlan {
  plan: string;
  /** The entitlement keys the plan grants; none on Free. */
  entitlements: string[];
}

type SubscriptionDetails = ApiResponses[typeof API.getSubscriptionDetails];
type CustomerEntitlements = ApiResponses[typeof API.getCustomerEntitlements];

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The organisation's plan and entitlements. Each answer also goes into the store's plan slice,
     * which the shell resolved at sign-in, so features gated by plan follow a change without a reload.
     */
    organisationPlan: build.query<OrganisationPlan, string>({
      async queryFn(tenantId, _api, _options, baseQuery) {
        const [details, granted] = await Promise.all([
          baseQuery(call(API.getSubscriptionDetails, null)),
          baseQuery(call(API.getCustomerEntitlements, { tenantId })),
        ]);
        if (details.error) return { error: details.error };
        if (granted.error) return { error: granted.error };
        const plan = planOfSubscriptions((details.data as SubscriptionDetails).subscriptions);
        const { entitlements, error } = granted.data as CustomerEntitlements;
        if (error) {
          const refused: QueryError = {
            code: 'internal',
            message: error,
            hasServerMessage: true,
            fields: {},
          };
          return { error: refused };
        }
        return { data: { plan, entitlements: plan === FREE_PLAN ? [] : entitlementKeys(entitlements) } };
      },
      providesTags: ['Plan'],
      async onQueryStarted(_tenantId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(planResolved(data.plan));
          dispatch(entitlementsLoaded(data.entitlements));
        } catch {
          // The store keeps the plan it has; the screen shows the failure.
        }
      },
    }),
    /**
     * The return from checkout: paid only once the server finds the session is this organisation's
     * and paid. Reading a paid one brings its plan into the server's store, so the plan is asked again.
     */
    checkoutConfirmation: build.query<ApiResponses[typeof API.confirmCheckout], string>({
      query: (sessionId) => call(API.confirmCheckout, { sessionId }),
      async onQueryStarted(_sessionId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.paid) dispatch(api.util.invalidateTags(['Plan']));
        } catch {
          // Not this organisation's checkout: nothing changed.
        }
      },
    }),
    /** Opens a checkout for a paid plan; the plan changes only once it is paid. */
    startCheckout: build.mutation<ApiResponses[typeof API.startCheckout], PaidPlanId>({
      query: (planId) => call(API.startCheckout, { planId }),
    }),
    cancelPlan: build.mutation<ApiResponses[typeof API.cancelSubscription], void>({
      query: () => call(API.cancelSubscription, null),
      invalidatesTags: ['Plan'],
    }),
    /** The local billing sandbox's checkout session (`npm start`'s stand-in for the provider's). */
    sandboxCheckout: build.query<ApiResponses[typeof API.getSandboxCheckout], string>({
      query: (sessionId) => call(API.getSandboxCheckout, { sessionId }),
    }),
    /** Pays or cancels a sandbox checkout; paying changes the plan. */
    finishSandboxCheckout: build.mutation<
      ApiResponses[typeof API.finishSandboxCheckout],
      { sessionId: string; pay: boolean }
    >({
      query: (finish) => call(API.finishSandboxCheckout, finish),
      invalidatesTags: ['Plan'],
    }),
  }),
});

export const {
  useOrganisationPlanQuery,
  useCheckoutConfirmationQuery,
  useStartCheckoutMutation,
  useCancelPlanMutation,
  useSandboxCheckoutQuery,
  useFinishSandboxCheckoutMutation,
} = billingApi;
