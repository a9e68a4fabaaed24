// The organisation's brand (brandkit): read by every member, applied while the plan includes it.
import { ENTITLEMENT_NAMES, type Brand } from '@toolkit/domain';
import type { DocData } from '../../store/port';

export const BRAND_FEATURE = ENTITLEMENT_NAMES.brandkit;

export function brandOf(data: DocData | null): Brand | null {
  if (!data || typeof data.primaryColor !== 'string') return null;
  return { primaryColor: data.primaryColor, logo: typeof data.logo === 'string' ? data.logo : null };
}
