// The organisations that signed up through a toolkit's portal (toolkits/{toolkit}/members/{tenant}),
// written at sign-up for the toolkit's publisher to see.
import type { DocumentStore, StoreTransaction } from '../store/port';
import { text, textOrNull } from './decode';
import { paths } from './paths';

export interface ToolkitMember {
  tenantId: string;
  organisationName: string;
  /** When it joined; null when not recorded. */
  joinedAt: string | null;
}

/** The toolkit's members, newest first, at most `limit`. */
export async function listToolkitMembers(
  store: DocumentStore,
  toolkit: string,
  limit: number,
): Promise<ToolkitMember[]> {
  const members = await store.query(paths.toolkitMembers(toolkit), {
    orderBy: [['joinedAt', 'desc']],
    limit,
  });
  return members.map(({ id, data }) => ({
    tenantId: id,
    organisationName: text(data?.organisationName),
    joinedAt: textOrNull(data?.joinedAt),
  }));
}

/** The organisation joined through the toolkit's portal (fails at commit when recorded already). */
export function addToolkitMember(
  tx: Pick<StoreTransaction, 'create'>,
  toolkit: string,
  member: { tenantId: string; organisationName: string; joinedAt: unknown },
): void {
  const { tenantId, organisationName, joinedAt } = member;
  tx.create(paths.toolkitMember(toolkit, tenantId), { tenantId, organisationName, joinedAt });
}
