// The organisation's brand (tenants/{t}/settings/brand, brandkit): a colour and a logo.
import type { Brand } from '@toolkit/domain';
import type { DocData, StoreTransaction } from '../store/port';
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
