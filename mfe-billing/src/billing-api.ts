// The billing remote's reads and writes, injected into the one API slice (@toolkit/data). What
// changes the plan invalidates 'Plan', so the Plans page (plan, invoices, previews) and every
// screen showing the plan's entitlements ask again.
import {
  API,
  entitlementKeys,
  FREE_PLAN,
  isPaidSubscription,
  planOfSubscriptions,
  type BillingPeriod,
  type PaidPlanId,
  type SandboxCard,
  type Subscription,
} from '@toolkit/domain';
import { api, call, callableMutation, callableQuery, callThrough, type QueryError } from '@toolkit/data';
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

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The organisation's plan and entitlements. Each answer also goes into the store's plan slice,
     * which the shell resolved at sign-in, so features gated by plan follow a change without a reload.
     */
    organisationPlan: build.query<OrganisationPlan, string>({
      async queryFn(tenantId, _api, _options, baseQuery) {
        const [details, granted] = await Promise.all([
          callThrough(baseQuery, call(API.getSubscriptionDetails, null)),
          callThrough(baseQuery, call(API.getCustomerEntitlements, { tenantId })),
        ]);
        if (details.error) return { error: details.error };
        if (granted.error) return { error: granted.error };
        const plan = planOfSubscriptions(details.data.subscriptions);
        const { entitlements, error } = granted.data;
        if (error) {
          const refused: QueryError = {
            code: 'internal',
            message: error,
            hasServerMessage: true,
            fields: {},
          };
          return { error: refused };
        }
        const { subscriptions } = details.data;
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
    checkoutConfirmation: callableQuery(build, API.confirmCheckout, {
      request: (sessionId: string) => ({ sessionId }),
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
    startCheckout: callableMutation(build, API.startCheckout, {
      request: (choice: PlanChoice) => choice,
    }),
    /** The provider's prices of the paid plans; they change only in the provider's dashboard. */
    planPrices: callableQuery(build, API.listPlanPrices, {
      transformResponse: ({ prices }) => prices,
    }),
    /** What a change of plan or period does to the current period, as the provider prorates it. */
    planChangePreview: callableQuery(build, API.previewPlanChange, {
      request: (choice: PlanChoice) => choice,
      providesTags: ['Plan'],
    }),
    changePlan: callableMutation(build, API.changePlan, {
      request: (choice: PlanChoice) => choice,
      invalidatesTags: ['Plan'],
    }),
    invoices: callableQuery(build, API.listInvoices, {
      transformResponse: ({ invoices }) => invoices,
      providesTags: ['Plan'],
    }),
    /** A customer portal session: the answer's url leaves the app for it. */
    openBillingPortal: callableMutation(build, API.openBillingPortal, {}),
    cancelPlan: callableMutation(build, API.cancelSubscription, {
      invalidatesTags: ['Plan'],
    }),
    /** The local billing sandbox's checkout session (`npm start`'s stand-in for the provider's). */
    sandboxCheckout: callableQuery(build, API.getSandboxCheckout, {
      request: (sessionId: string) => ({ sessionId }),
    }),
    /** Pays or cancels a sandbox checkout; paying changes the plan. */
    finishSandboxCheckout: callableMutation(build, API.finishSandboxCheckout, {
      request: (finish: { sessionId: string; pay: boolean }) => finish,
      invalidatesTags: ['Plan'],
    }),
    /** The sandbox's stand-in for the customer portal: the card on file and whether a payment failed. */
    sandboxPortal: callableQuery(build, API.getSandboxPortal, {
      providesTags: ['Plan'],
    }),
    /** Another test card, which pays what is owed. */
    replaceSandboxCard: callableMutation(build, API.replaceSandboxCard, {
      request: (last4: SandboxCard['last4']) => ({ last4 }),
      invalidatesTags: ['Plan'],
    }),
    sandboxInvoice: callableQuery(build, API.getSandboxInvoice, {
      request: (invoiceId: string) => ({ invoiceId }),
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
