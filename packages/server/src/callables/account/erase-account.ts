// What deleting a person's account removes and what it keeps (docs/behaviour.md, A person's data):
// their records go, their results stay counted without anything that names them, and documents of
// the organisation stop naming them as who created, changed or ticked them (the writes are
// repositories/erasure.ts). One transaction, so a failure leaves the account whole.
import { SERVER_ERRORS } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { erasePerson } from '../../repositories/erasure';
import { paths } from '../../repositories/paths';
import { tenantUsersOf, readGlobalUser } from '../../repositories/users';
import type { DocumentStore, StoreTransaction } from '../../store/port';

export { anonymisedResult } from '../../repositories/erasure';

export interface Person {
  uid: string;
  /** Lowercased, as every stored address is. */
  email: string;
  tenantId: string;
}

/**
 * The last owner of an organisation with other members cannot leave it ownerless (the role rule);
 * alone, they may go.
 */
export async function refuseLastOwner(
  reader: Pick<StoreTransaction, 'query'>,
  person: Person,
): Promise<void> {
  const members = tenantUsersOf(await reader.query(paths.tenantUsers(person.tenantId))).filter(
    (member) => !member.invitePending,
  );
  const me = members.find((member) => member.uid === person.uid);
  const others = members.filter((member) => member.uid !== person.uid);
  if (me?.role === 'owner' && others.length > 0 && !others.some((member) => member.role === 'owner')) {
    throw new ApiError('failed-precondition', SERVER_ERRORS.accountLastOwner);
  }
}

/** The organisations the person belongs to: their own, and any their global user lists. */
export async function tenantsOf(
  store: Pick<StoreTransaction, 'get'>,
  person: Pick<Person, 'uid' | 'tenantId'>,
): Promise<string[]> {
  const global = await readGlobalUser(store, person.uid);
  return [...new Set([person.tenantId, ...(global?.tenants ?? [])])];
}

/**
 * Deletes the person's records and anonymises what stays (repositories/erasure.ts), unless they are
 * the last owner of an organisation with other members; one transaction, so a failure leaves the
 * account whole.
 */
export async function eraseAccount(store: DocumentStore, person: Person): Promise<void> {
  await store.transaction(async (tx) => {
    await refuseLastOwner(tx, person);
    await erasePerson(tx, person, await tenantsOf(tx, person));
  });
}
