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
      state.tenantId = action.payload.tenantId;
      state.branding = action.payload.branding ?? null;
      state.error = null;
    },
    brandingLoaded(state, action: PayloadAction<TenantBranding | null>) {
      state.branding = action.payload;
    },
    tenantNotFound(state) {
      state.tenantId = null;
      state.branding = null;
      state.error = MESSAGES.tenantNotFound; // SPEC.md §8: stored as the tenant error
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
