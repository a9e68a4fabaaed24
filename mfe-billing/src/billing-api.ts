// The billing remote's reads and writes, injected into the one API slice (@toolkit/data). What
// changes the plan invalidates 'Plan', so the Plans page (plan, invoices, previews) and every
// screen showing the plan's entitlements ask again.
import {
  API,
  entitlementKeys,
  FREE_PLAN,
  isPaidSubscription,
  planOfSubscriptions,
  type ApiResponses,
  type BillingPeriod,
  type PaidPlanId,
  type SandboxCard,
  type Subscription,
} from '@toolkit/domain';
import { api, call, type QueryError } from '@toolkit/data';
import { entitlementsLoaded, planResolved } from '@toolkit/store-contract';

export interface OrganisationPlan {
  plan: string;
  /** The entitlement keys the plan grants; none on Free. */
  entitlements: string[];
  /** The paid or past-due subscription, with its period and grace; none on Free. */
  subscription: Subscription | null;
}

export interface PlanChoice {
  planId: PaidPlanId;
  period: BillingPeriod;
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
        const { subscriptions } = details.data as SubscriptionDetails;
        const subscription =
          subscriptions.find(
            (candidate) => isPaidSubscription(candidate) || candidate.status === 'past_due',
          ) ?? null;
        return {
          data: { plan, entitlements: plan === FREE_PLAN ? [] : entitlementKeys(entitlements), subscription },
        };
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
    /** Opens a checkout for a paid plan and period; the plan changes only once it is paid. */
    startCheckout: build.mutation<ApiResponses[typeof API.startCheckout], PlanChoice>({
      query: (choice) => call(API.startCheckout, choice),
    }),
    /** The provider's prices of the paid plans; they change only in the provider's dashboard. */
    planPrices: build.query<ApiResponses[typeof API.listPlanPrices]['prices'], void>({
      query: () => call(API.listPlanPrices, null),
      transformResponse: ({ prices }: ApiResponses[typeof API.listPlanPrices]) => prices,
    }),
    /** What a change of plan or period does to the current period, as the provider prorates it. */
    planChangePreview: build.query<ApiResponses[typeof API.previewPlanChange], PlanChoice>({
      query: (choice) => call(API.previewPlanChange, choice),
      providesTags: ['Plan'],
    }),
    changePlan: build.mutation<ApiResponses[typeof API.changePlan], PlanChoice>({
      query: (choice) => call(API.changePlan, choice),
      invalidatesTags: ['Plan'],
    }),
    invoices: build.query<ApiResponses[typeof API.listInvoices]['invoices'], void>({
      query: () => call(API.listInvoices, null),
      transformResponse: ({ invoices }: ApiResponses[typeof API.listInvoices]) => invoices,
      providesTags: ['Plan'],
    }),
    /** A customer portal session: the answer's url leaves the app for it. */
    openBillingPortal: build.mutation<ApiResponses[typeof API.openBillingPortal], void>({
      query: () => call(API.openBillingPortal, null),
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
    /** The sandbox's stand-in for the customer portal: the card on file and whether a payment failed. */
    sandboxPortal: build.query<ApiResponses[typeof API.getSandboxPortal], void>({
      query: () => call(API.getSandboxPortal, null),
      providesTags: ['Plan'],
    }),
    /** Another test card, which pays what is owed. */
    replaceSandboxCard: build.mutation<ApiResponses[typeof API.replaceSandboxCard], SandboxCard['last4']>({
      query: (last4) => call(API.replaceSandboxCard, { last4 }),
      invalidatesTags: ['Plan'],
    }),
    sandboxInvoice: build.query<ApiResponses[typeof API.getSandboxInvoice], string>({
      query: (invoiceId) => call(API.getSandboxInvoice, { invoiceId }),
    }),
  }),
});

export const {
  useOrganisationPlanQuery,
  useCheckoutConfirmationQuery,
  useStartCheckoutMutation,
  usePlanPricesQuery,
  usePlanChangePreviewQuery,
  useChangePlanMutation,
  useInvoicesQuery,
  useOpenBillingPortalMutation,
  useSandboxPortalQuery,
  useReplaceSandboxCardMutation,
  useSandboxInvoiceQuery,
  useCancelPlanMutation,
  useSandboxCheckoutQuery,
  useFinishSandboxCheckoutMutation,
} = billingApi;
