import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { FREE_PLAN, MESSAGES } from '@toolkit/domain';

export interface PlanState {
  plan: string;
  entitlements: string[];
  error: string | null;
}

export const initialPlanState: PlanState = { plan: FREE_PLAN, entitlements: [], error: null };

export const planSlice = createSlice({
  name: 'plan',
  initialState: initialPlanState,
  reducers: {
    planResolved(state, action: PayloadAction<string | null | undefined>) {
      state.plan = action.payload || FREE_PLAN;
      state.error = null;
    },
    /** Any failure resolving the plan falls back to Free. */
    planFailed(state, action: PayloadAction<string | undefined>) {
      state.plan = FREE_PLAN;
      state.error = action.payload ?? null;
    },
    entitlementsLoaded(state, action: PayloadAction<string[]>) {
      state.entitlements = action.payload;
      state.error = null;
    },
    /** On any failure entitlements are emptied. */
    entitlementsFailed(state, action: PayloadAction<string | undefined>) {
      state.entitlements = [];
      state.error = action.payload || MESSAGES.entitlementsFetchFailed;
    },
    planReset() {
      return initialPlanState;
    },
  },
  selectors: {
    selectPlanState: (state) => state,
    selectPlan: (state) => state.plan,
    selectEntitlements: (state) => state.entitlements,
    selectHasEntitlement: (state, key: string) => state.entitlements.includes(key),
    selectPlanError: (state) => state.error,
  },
});

export const { planResolved, planFailed, entitlementsLoaded, entitlementsFailed, planReset } =
  planSlice.actions;
export const { selectPlanState, selectPlan, selectEntitlements, selectHasEntitlement, selectPlanError } =
  planSlice.selectors;
