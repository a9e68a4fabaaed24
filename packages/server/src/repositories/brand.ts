// The organisation's brand (tenants/{t}/settings/brand, brandkit): a colour and a logo.
import type { Brand } from '@toolkit/domain';
import { FieldValue, type DocData, type StoreTransaction } from '../store/port';
import { textOrNull } from './decode';
import { paths } from './paths';

/** The stored brand; null without one, or without its colour. */
export function brandOf(data: DocData | null): Brand | null {
  if (!data || typeof data.primaryColor !== 'string') return null;
  return { primaryColor: data.primaryColor, logo: textOrNull(data.logo) };
}

export async function readBrand(
  reader: Pick<StoreTransaction, 'get'>,
  tenantId: string,
): Promise<Brand | null> {
  return brandOf((await reader.get(paths.brand(tenantId))).data);
}

/** Replaces the brand, noting who changed it and when. */
export function writeBrand(
  tx: Pick<StoreTransaction, 'set'>,
  tenantId: string,
  brand: Brand,
  updatedBy: string,
): void {
  tx.set(paths.brand(tenantId), {
    primaryColor: brand.primaryColor,
    logo: brand.logo,
    updatedAt: FieldValue.serverTimestamp(),
    updatedBy,
  });
}
