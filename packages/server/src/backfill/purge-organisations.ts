// Deletes for good the organisations whose grace period after deletion has ended (docs/behaviour.md,
// Deleting an organisation): run at the local stack's start and daily in production. What its people
// answered in other organisations' surveys stays counted there, naming nobody, as an account deletion
// leaves it. The tenant record goes last, so a purge cut short is taken up again by the next run.
import { anonymisedResult } from '../callables/account/erase-account';
import { evidenceFilesOf, type EvidenceFiles } from '../evidence/port';
import { organisationKey } from '../repositories/aggregates';
import { record, textOrNull } from '../repositories/decode';
import { paths } from '../repositories/paths';
import type { DocumentStore } from '../store/port';

/** Firestore commits at most 500 writes at once. */
const WRITES_PER_TRANSACTION = 400;

/** The tenant's collections whose path holds no other id (paths.ts, repositories/audit.ts). */
const TENANT_COLLECTIONS = [
  'users',
  'milestones',
  'customActions',
  'expertRequests',
  'audit',
  'credentials',
  'evidence',
];

async function pathsIn(
  store: DocumentStore,
  collection: string,
  where?: [string, string],
): Promise<string[]> {
  const found = await store.query(collection, where ? { where: [[where[0], '==', where[1]]] } : {});
  return found.map((snapshot) => snapshot.path);
}

/** The members the deletion recorded, with their addresses. */
function membersOf(deletion: Record<string, unknown>): { uid: string; email: string }[] {
  return (Array.isArray(deletion.members) ? deletion.members : []).flatMap((entry) => {
    const member = record<unknown>(entry);
    const uid = textOrNull(member.uid);
    const email = textOrNull(member.email);
    return uid && email ? [{ uid, email }] : [];
  });
}

async function purgeOrganisation(
  store: DocumentStore,
  tenantId: string,
  deletion: Record<string, unknown>,
  surveyIds: readonly string[],
  evidenceFiles: EvidenceFiles,
): Promise<void> {
  const tenant = paths.tenant(tenantId);
  const tenantData = (await store.get(tenant)).data;
  const members = membersOf(deletion);
  const links = (
    await Promise.all(members.map(({ uid }) => store.query(paths.userSurveyResults(tenantId, uid))))
  ).flat();
  const linked = links.flatMap(({ data }) => {
    const surveyTenantId = textOrNull(data?.surveyTenantId);
    const surveyId = textOrNull(data?.surveyId);
    const resultId = textOrNull(data?.resultId);
    return surveyTenantId && surveyId && resultId ? [{ surveyTenantId, surveyId, resultId }] : [];
  });
  // Its own surveys: the catalogue's, and any its members answered.
  const surveys = new Set([
    ...surveyIds,
    ...linked.filter((link) => link.surveyTenantId === tenantId).map((link) => link.surveyId),
  ]);
  const others = linked.filter((link) => link.surveyTenantId !== tenantId);
  const elsewhere = await store
    .transaction((tx) =>
      tx.getAll(others.map((link) => paths.result(link.surveyTenantId, link.surveyId, link.resultId))),
    )
    .then((results) =>
      results.filter(({ data }) => members.some(({ uid }) => uid === textOrNull(data?.userId))),
    );

  const customerId = textOrNull(tenantData?.stripeCustomerId);
  const sandboxCustomers = await pathsIn(store, 'billingSandboxCustomers', ['tenantId', tenantId]);
  const customerIds = [
    ...new Set([...sandboxCustomers.map((path) => path.split('/')[1]!), ...(customerId ? [customerId] : [])]),
  ];
  const toolkit = textOrNull(tenantData?.toolkit);
  const invites = await store.query(paths.invites(), { where: [['tenantId', '==', tenantId]] });
  // Whom the organisation wrote to: its members and those it invited.
  const addressees = new Set([
    ...members.map(({ email }) => email),
    ...invites.flatMap(({ data }) => (textOrNull(data?.email) ? [textOrNull(data?.email)!] : [])),
  ]);
  const found = await Promise.all([
    ...TENANT_COLLECTIONS.map((collection) => pathsIn(store, `${tenant}/${collection}`)),
    ...members.flatMap(({ uid }) => [
      pathsIn(store, paths.userSurveyResults(tenantId, uid)),
      pathsIn(store, paths.milestones(tenantId, uid)),
    ]),
    ...[...surveys].flatMap((surveyId) => [
      pathsIn(store, paths.results(tenantId, surveyId)),
      pathsIn(store, paths.comments(tenantId, surveyId)),
      pathsIn(store, paths.aggregateShards(tenantId, surveyId)),
      pathsIn(store, `${tenant}/aggregates/${surveyId}/organisations`),
      pathsIn(store, paths.aggregatePeers(tenantId, surveyId)),
      pathsIn(store, `${tenant}/aggregates/${surveyId}/peerGroups`),
    ]),
    pathsIn(store, paths.toolkitMembers(tenantId)),
    pathsIn(store, 'alertConfirmations', ['tenantId', tenantId]),
    pathsIn(store, 'credentialStatus', ['tenantId', tenantId]),
    // Its reviews, as the business that asked or the publisher that reviewed.
    pathsIn(store, paths.reviews(), ['businessTenantId', tenantId]),
    pathsIn(store, paths.reviews(), ['publisherTenantId', tenantId]),
    // The organisation's correspondence: invitations, alerts, this deletion's link.
    ...[...addressees].map((email) =>
      store
        .query(paths.mail(), { where: [['to', 'array-contains', email]] })
        .then((mails) => mails.map((mail) => mail.path)),
    ),
    ...customerIds.map((id) => pathsIn(store, 'billingSandboxSessions', ['customerId', id])),
  ]);
  const deletions = [
    ...new Set([
      ...found.flat(),
      ...invites.map(({ path }) => path),
      // Its mark among the distinct organisations of the surveys it answered, and its peer entry.
      ...others.flatMap((link) => [
        paths.aggregateOrganisation(link.surveyTenantId, link.surveyId, organisationKey(tenantId, null)!),
        paths.aggregatePeer(link.surveyTenantId, link.surveyId, tenantId),
      ]),
      paths.organisation(tenantId),
      paths.alerts(tenantId),
      paths.brand(tenantId),
      paths.materiality(tenantId),
      ...(toolkit ? [paths.toolkitMember(toolkit, tenantId)] : []),
      ...customerIds.flatMap((id) => [
        paths.sandboxCustomer(id),
        paths.sandboxSubscription(id),
        paths.stripeCustomer(id),
      ]),
    ]),
  ];

  const writes = [
    ...elsewhere.map(({ path, data }) => ({
      path,
      changes: { ...anonymisedResult(data!), respondentTenantId: null },
    })),
    ...deletions.map((path) => ({ path, changes: null })),
  ];
  // The evidence files go before their records: a purge cut short still finds the organisation.
  await evidenceFiles.removeAll(evidenceFilesOf(tenantId));
  for (let start = 0; start < writes.length; start += WRITES_PER_TRANSACTION) {
    await store.transaction(async (tx) => {
      for (const { path, changes } of writes.slice(start, start + WRITES_PER_TRANSACTION)) {
        if (changes) tx.update(path, changes);
        else tx.delete(path);
      }
    });
  }
  await store.delete(tenant);
}

/** Purges every organisation deleted more than the grace period before `now`; answers their ids. */
export async function purgeDeletedOrganisations(
  store: DocumentStore,
  now: Date,
  { surveyIds = [], evidenceFiles }: { surveyIds?: readonly string[]; evidenceFiles: EvidenceFiles },
): Promise<string[]> {
  const due = await store.query('tenants', { where: [['deletion.purgeAfter', '<=', now.toISOString()]] });
  for (const { id, data } of due)
    await purgeOrganisation(store, id, record<unknown>(data?.deletion), surveyIds, evidenceFiles);
  return due.map(({ id }) => id);
}
