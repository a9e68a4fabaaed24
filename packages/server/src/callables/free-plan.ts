// Billing is not built yet, so every tenant is on the Free plan (SPEC §4: no billing customer id →
// Free; §6: Free has no entitlements). Shared by the subscription and entitlement callables.
import { MESSAGES, SERVER_ERRORS } from '@toolkit/domain';
import { ApiError, notFound } from '../api/errors';
import { getTenant } from '../repositories/tenants';
import type { DocumentStore } from '../store/port';

/** Reads the tenant record; one with a billing customer would need the billing we lack. */
export async function requireFreeTenant(store: DocumentStore, tenantId: string): Promise<void> {
  const tenant = await getTenant(store, tenantId);
  if (!tenant) throw notFound(MESSAGES.tenantNotFound);
  if (tenant.stripeCustomerId) throw new ApiError('unimplemented', SERVER_ERRORS.billingUnavailable);
}
