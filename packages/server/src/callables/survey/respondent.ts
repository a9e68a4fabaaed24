// Who answered a result: as the result itself says (the survey link's prefill), else as the account
// they answered signed in with. Shared by the notification e-mail, the result's listing and the
// publisher's received results.
import type { RespondentContact } from '@toolkit/domain';
import { filledText } from '../../repositories/decode';
import { paths } from '../../repositories/paths';
import type { StoredResult } from '../../repositories/results';
import { tenantUserOf, type TenantUserRecord } from '../../repositories/users';
import type { DocumentStore, StoreTransaction } from '../../store/port';

export { COMPANY_NAME_QUESTION, organisationAnswer } from '../../repositories/results';

/** First and last name joined, or '' when both are blank. */
export function joinNames(first: unknown, last: unknown): string {
  return [first, last]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .trim();
}

/** The name the survey link's prefill gave (respondent fields, then custom ones), or ''. */
export function prefilledName(result: StoredResult): string {
  return (
    joinNames(result.respondent.firstName, result.respondent.lastName) ||
    joinNames(result.custom.custom_firstName, result.custom.custom_lastName)
  );
}

/** The account that fills what the survey link's prefill left out, when they answered signed in. */
export function accountPath(result: StoredResult): string | null {
  const prefilled = prefilledName(result) !== '' && filledText(result.respondent.email) !== null;
  return prefilled || !result.userId || !result.respondentTenantId
    ? null
    : paths.tenantUser(result.respondentTenantId, result.userId);
}

/**
 * How to reach who answered, as far as they said: the survey link's prefill first, else (when they
 * answered signed in to an organisation) their account's names and address.
 */
export function contactOf(result: StoredResult, account: TenantUserRecord | null): RespondentContact {
  return {
    name: prefilledName(result) || joinNames(account?.firstName, account?.lastName) || null,
    email: filledText(result.respondent.email) ?? filledText(account?.email),
  };
}

export async function respondentContact(
  reader: Pick<StoreTransaction, 'get'>,
  result: StoredResult,
): Promise<RespondentContact> {
  const path = accountPath(result);
  const account = path ? tenantUserOf({ id: result.userId!, data: (await reader.get(path)).data }) : null;
  return contactOf(result, account);
}

/** Each result's contact, the accounts they need read together: one getAll, each account once. */
export async function respondentContacts(
  store: DocumentStore,
  results: readonly StoredResult[],
): Promise<RespondentContact[]> {
  const wanted = [...new Set(results.flatMap((result) => accountPath(result) ?? []))];
  const snapshots = wanted.length > 0 ? await store.transaction((tx) => tx.getAll(wanted)) : [];
  const accounts = new Map(wanted.map((path, index) => [path, tenantUserOf(snapshots[index]!)]));
  return results.map((result) => {
    const path = accountPath(result);
    return contactOf(result, path ? (accounts.get(path) ?? null) : null);
  });
}
