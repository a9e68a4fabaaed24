import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@toolkit/domain';
import type { TenantBranding } from '@toolkit/ui';

export interface TenantState {
  tenantId: string | null;
  branding: TenantBranding | null;
  error: string | null;
}

export const initialTenantState: TenantState = { tenantId: null, branding: null, error: null };

export const tenantSlice = createSlice({
  name: 'tenant',
  initialState: initialTenantState,
  reducers: {
    tenantResolved(state, action: PayloadAction<{ tenantId: string; branding?: TenantBranding | null }>) {
      const branding = action.payload.branding ?? null;
      // The tenant and look already applied (e.g. by start-up, then by the survey guard) leave the
      // state as it is, so the app does not render again for nothing.
      const same =
        state.tenantId === action.payload.tenantId &&
        state.error === null &&
        JSON.stringify(state.branding) === JSON.stringify(branding);
      if (same) return;
      state.tenantId = action.payload.tenantId;
      state.branding = branding;
      state.error = null;
    },
    brandingLoaded(state, action: PayloadAction<TenantBranding | null>) {
      state.branding = action.payload;
    },
    tenantNotFound(state) {
      state.tenantId = null;
      state.branding = null;
      state.error = MESSAGES.tenantNotFound; // stored as the tenant error
    },
    tenantError(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    tenantCleared() {
      return initialTenantState;
    },
  },
  selectors: {
    selectTenant: (state) => state,
    selectTenantId: (state) => state.tenantId,
    selectBranding: (state) => state.branding,
    selectTenantError: (state) => state.error,
  },
});

export const { tenantResolved, brandingLoaded, tenantNotFound, tenantError, tenantCleared } =
  tenantSlice.actions;
export const { selectTenant, selectTenantId, selectBranding, selectTenantError } = tenantSlice.selectors;
