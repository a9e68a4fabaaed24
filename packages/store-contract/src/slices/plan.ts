import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** SPEC.md §4: the plan is Free by default and whenever resolving it fails. */
export const DEFAULT_PLAN = 'Free';
/** SPEC.md §8: fallback message when entitlements cannot be fetched. */
export const ENTITLEMENTS_ERROR = 'Failed to fetch entitlements';

export interface PlanState {
  plan: string;
  entitlements: string[];
  error: string | null;
}

export const initialPlanState: PlanState = { plan: DEFAULT_PLAN, entitlements: [], error: null };

export const planSlice = createSlice({
  name: 'plan',
  initialState: initialPlanState,
  reducers: {
    planResolved(state, action: PayloadAction<string | null | undefined>) {
      state.plan = action.payload || DEFAULT_PLAN;
      state.error = null;
    },
    /** Any failure resolving the plan falls back to Free (SPEC.md §4). */
    planFailed(state, action: PayloadAction<string | undefined>) {
      state.plan = DEFAULT_PLAN;
      state.error = action.payload ?? null;
    },
    entitlementsLoaded(state, action: PayloadAction<string[]>) {
      state.entitlements = action.payload;
      state.error = null;
    },
    /** On any failure entitlements are emptied (SPEC.md §8). */
    entitlementsFailed(state, action: PayloadAction<string | undefined>) {
      state.entitlements = [];
      state.error = action.payload || ENTITLEMENTS_ERROR;
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
