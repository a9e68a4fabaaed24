// The organisations that signed up through a toolkit's portal (toolkits/{toolkit}/members/{tenant}),
// written at sign-up for the toolkit's publisher to see, and gone when the organisation is deleted.
// Each holds its name's word prefixes (`terms`), so Members searches and counts on the server.
import { normaliseSearch, searchTerms } from '@toolkit/domain';
import type { DocumentStore, QuerySpec, StoreTransaction } from '../store/port';
import { text, textOrNull } from './decode';
import { paths } from './paths';

export interface ToolkitMember {
  tenantId: string;
  organisationName: string;
  /** When it joined; null when not recorded. */
  joinedAt: string | null;
}

/** The toolkit's record of the members' search terms having been written for all its members. */
const TERMS_WRITTEN = 'memberTermsAt';

/** Firestore commits at most 500 writes at once. */
const WRITES_PER_TRANSACTION = 400;

/** The query of one page: newest first, of the members whose name has a word starting with the search. */
export function membersPageSpec(search: string | undefined): QuerySpec {
  const term = search ? normaliseSearch(search) : null;
  return {
    ...(term ? { where: [['terms', 'array-contains', term] as const] } : {}),
    orderBy: [['joinedAt', 'desc']],
  };
}

/**
 * Gives the members recorded before they carried search terms their terms, once per toolkit: the
 * toolkit's record says when it was done (members added since write their own).
 */
async function writeMissingTerms(store: DocumentStore, toolkit: string): Promise<void> {
  if ((await store.get(paths.toolkit(toolkit))).data?.[TERMS_WRITTEN]) return;
  const members = await store.query(paths.toolkitMembers(toolkit));
  const missing = members.filter(({ data }) => !Array.isArray(data?.terms));
  for (let start = 0; start < missing.length; start += WRITES_PER_TRANSACTION) {
    await store.transaction(async (tx) => {
      for (const { path, data } of missing.slice(start, start + WRITES_PER_TRANSACTION)) {
        tx.update(path, { terms: searchTerms(text(data?.organisationName)) });
      }
    });
  }
  await store.set(paths.toolkit(toolkit), { [TERMS_WRITTEN]: new Date().toISOString() }, { merge: true });
}

/**
 * One page of the toolkit's members, newest first, searched by the words of their names, and how
 * many match the search on every page together. `next` continues after the page; null after the last.
 */
export async function listToolkitMembers(
  store: DocumentStore,
  toolkit: string,
  page: { search?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ members: ToolkitMember[]; next: string | null; total: number }> {
  await writeMissingTerms(store, toolkit);
  const collection = paths.toolkitMembers(toolkit);
  const spec = membersPageSpec(page.search);
  // One more than asked tells whether a next page exists.
  const [found, total] = await Promise.all([
    store.query(collection, {
      ...spec,
      limit: page.limit + 1,
      ...(page.cursor === undefined ? {} : { startAfter: page.cursor }),
    }),
    store.count(collection, spec),
  ]);
  const shown = found.slice(0, page.limit);
  return {
    members: shown.map(({ id, data }) => ({
      tenantId: id,
      organisationName: text(data?.organisationName),
      joinedAt: textOrNull(data?.joinedAt),
    })),
    next: found.length > page.limit ? shown[shown.length - 1]!.id : null,
    total,
  };
}

/** The organisation joined through the toolkit's portal (fails at commit when recorded already). */
export function addToolkitMember(
  tx: Pick<StoreTransaction, 'create'>,
  toolkit: string,
  member: { tenantId: string; organisationName: string; joinedAt: unknown },
): void {
  const { tenantId, organisationName, joinedAt } = member;
  tx.create(paths.toolkitMember(toolkit, tenantId), {
    tenantId,
    organisationName,
    joinedAt,
    terms: searchTerms(organisationName),
  });
}

/** The organisation leaves the toolkit's members: deleted, its publisher no longer lists it. */
export function removeToolkitMember(
  tx: Pick<StoreTransaction, 'delete'>,
  toolkit: string,
  tenantId: string,
): void {
  tx.delete(paths.toolkitMember(toolkit, tenantId));
}
