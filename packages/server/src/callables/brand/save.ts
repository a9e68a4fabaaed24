// brand-save: an owner or admin (manage settings) sets the colour and logo, on a plan with brandkit.
// A change is recorded in the audit trail: the colour as it was and is, the logo only as whether
// there is one (an image has no place in the trail).
import { API, type ApiResponses, type Brand } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { requireFeature } from '../../billing/entitlements';
import { changedFields, recordAudit } from '../../repositories/audit';
import { readBrand, writeBrand } from '../../repositories/brand';

export const saveBrand = defineHandler(API.saveBrand, {
  async run({ primaryColor, logo }, { caller, deps }): Promise<ApiResponses[typeof API.saveBrand]> {
    await requireFeature(deps, caller.tenantId, 'brandkit');
    const { tenantId } = caller;
    const traced = (brand: Brand | null) => ({
      primaryColor: brand?.primaryColor ?? null,
      logo: brand?.logo ?? null,
    });
    await deps.store.transaction(async (tx) => {
      const before = traced(await readBrand(tx, tenantId));
      const after = traced({ primaryColor, logo });
      writeBrand(tx, tenantId, { primaryColor, logo }, caller.uid);
      const change = changedFields(before, after);
      if (change) {
        const logoState = (state: Record<string, unknown>) =>
          'logo' in state ? { ...state, logo: state.logo !== null } : state;
        recordAudit(tx, tenantId, {
          actorUid: caller.uid,
          kind: 'brand.changed',
          subject: { type: 'brand', id: tenantId },
          before: logoState(change.before),
          after: logoState(change.after),
        });
      }
    });
    return { brand: { primaryColor, logo }, applied: true };
  },
});
