// Erasing a person's account (docs/behaviour.md, A person's data): their records go, their results
// stay counted without anything that names them, and documents of the organisation stop naming them
// as who created, changed or ticked them. The person appears in documents of every kind, so this one
// module reads and writes them all for the erasure, in the caller's transaction.
import { ALERT_KINDS, listingOf } from '@toolkit/domain';
import { DELIVERED_CODES } from '../mail/auth-links';
import type { DocData, DocSnapshot, StoreTransaction } from '../store/port';
import { recordAudit } from './audit';
import { record, textOrNull } from './decode';
import { offerRecordOf, ownershipOfferPath } from './ownership-offers';
import { paths } from './paths';
import { allAnswers, organisationAnswer, toStoredResult } from './results';
import { listOrganisationReviews, unnamedReview, updateReview } from './reviews';

/** Fields by which a document of the organisation names the member who created, changed or used it. */
const NAMED_BY = ['createdBy', 'updatedBy', 'completedBy', 'withdrawnBy', 'redeemedBy', 'usedBy'] as const;

/** The survey link's fields that name who answered; `tenant` stays (it names the organisation). */
const RESPONDENT_FIELDS = ['firstName', 'lastName', 'email'];

const byPerson = (data: DocData | null, uid: string) => NAMED_BY.filter((field) => data?.[field] === uid);

/** The document's fields that name the person, set to null (none: nothing to write). */
function unnamed(data: DocData | null, uid: string): DocData | null {
  const fields = byPerson(data, uid);
  return fields.length === 0 ? null : Object.fromEntries(fields.map((field) => [field, null]));
}

/** A result without who answered: no user, no prefilled name or address, and search terms of its organisation only. */
export function anonymisedResult(data: DocData): DocData {
  const result = toStoredResult(data);
  const respondent = Object.fromEntries(
    Object.entries(result.respondent).filter(([field]) => !RESPONDENT_FIELDS.includes(field)),
  );
  const stored = record<unknown>(data.listing);
  const listing =
    data.listing === undefined
      ? {}
      : {
          listing: {
            ...stored,
            terms: listingOf({
              answers: allAnswers(result),
              score: result.score,
              contact: { name: null, email: null },
              organisation: organisationAnswer(allAnswers(result)),
            }).terms,
          },
        };
  return { userId: null, respondent, ...listing };
}

/** The documents of every collection that name the person in one of NAMED_BY. */
async function namedIn(tx: StoreTransaction, collections: string[], uid: string): Promise<DocSnapshot[]> {
  const found = await Promise.all(
    collections.flatMap((collection) =>
      NAMED_BY.map((field) => tx.query(collection, { where: [[field, '==', uid]] })),
    ),
  );
  return [...new Map(found.flat().map((snapshot) => [snapshot.path, snapshot])).values()];
}

/**
 * Deletes the person's records in every organisation of `tenants` (theirs first) and anonymises what
 * stays, recording 'account.deleted' in their organisation's trail (who: their uid; before: their
 * role; nothing that names them).
 */
export async function erasePerson(
  tx: StoreTransaction,
  person: { uid: string; email: string; tenantId: string },
  tenants: readonly string[],
): Promise<void> {
  const { uid, email } = person;
  const memberships = await tx.getAll(tenants.map((tenantId) => paths.tenantUser(tenantId, uid)));
  const role = memberships[0]?.data ? textOrNull(memberships[0].data.role) : null;

  const [userResults, milestones, settings, named, invites, mails, authLinks, expertRequests, reviews] =
    await Promise.all([
      Promise.all(tenants.map((tenantId) => tx.query(paths.userSurveyResults(tenantId, uid)))),
      Promise.all(tenants.map((tenantId) => tx.query(paths.milestones(tenantId, uid)))),
      tx.getAll(
        tenants.flatMap((tenantId) => [
          paths.tenant(tenantId),
          paths.organisation(tenantId),
          paths.alerts(tenantId),
          paths.brand(tenantId),
          paths.materiality(tenantId),
          ownershipOfferPath(tenantId),
        ]),
      ),
      namedIn(
        tx,
        [
          ...tenants.flatMap((tenantId) => [
            paths.organisationMilestones(tenantId),
            paths.customActions(tenantId),
            paths.evidence(tenantId),
          ]),
          paths.invites(),
        ],
        uid,
      ),
      tx.query(paths.invites(), { where: [['email', '==', email]] }),
      tx.query(paths.mail(), { where: [['to', 'array-contains', email]] }),
      tx.query(DELIVERED_CODES, { where: [['email', '==', email]] }),
      Promise.all(
        tenants.map((tenantId) =>
          tx.query(`${paths.tenant(tenantId)}/expertRequests`, {
            where: [['requestedBy.uid', '==', uid]],
          }),
        ),
      ),
      Promise.all(tenants.map((tenantId) => listOrganisationReviews(tx, tenantId))),
    ]);
  const links = userResults.flat();
  const results = await tx.getAll(
    links.flatMap(({ data }) => {
      const surveyTenantId = textOrNull(data?.surveyTenantId);
      const surveyId = textOrNull(data?.surveyId);
      const resultId = textOrNull(data?.resultId);
      return surveyTenantId && surveyId && resultId ? [paths.result(surveyTenantId, surveyId, resultId)] : [];
    }),
  );

  // Their own records go.
  for (const { path, data } of memberships) if (data) tx.delete(path);
  for (const { path } of [...links, ...milestones.flat(), ...invites, ...mails, ...authLinks])
    tx.delete(path);
  tx.delete(paths.globalUser(uid));
  // Review threads keep what was said, by a former member.
  for (const review of reviews.flat()) {
    const changes = unnamedReview(review, uid);
    if (changes) updateReview(tx, review.reviewId, changes);
  }
  // Their results stay counted, naming nobody.
  for (const { path, data } of results) {
    if (data && textOrNull(data.userId) === uid) tx.update(path, anonymisedResult(data));
  }
  // The organisation's documents no longer say who made them; its alerts no longer go to them.
  const invitesGone = new Set(invites.map(({ path }) => path));
  for (const { path, data } of [...settings, ...named]) {
    const changes = unnamed(data, uid);
    if (changes && !invitesGone.has(path)) tx.update(path, changes);
  }
  for (const { path, data } of settings.filter(({ path }) => path.endsWith('/settings/alerts'))) {
    const lists = [...ALERT_KINDS, 'confirmed'] as const;
    const holding = lists.filter(
      (list) => Array.isArray(data?.[list]) && (data[list] as unknown[]).includes(email),
    );
    if (holding.length > 0) {
      tx.update(
        path,
        Object.fromEntries(
          holding.map((list) => [list, (data![list] as unknown[]).filter((entry) => entry !== email)]),
        ),
      );
    }
  }
  // An ownership offer made by them or to them ends: nobody could take it, and it would name them.
  for (const { path, data } of settings.filter(({ path }) => path.endsWith('/settings/ownershipOffer'))) {
    const offer = offerRecordOf(data);
    if (offer && (offer.fromUid === uid || offer.toUid === uid)) tx.delete(path);
  }
  // Their questions to the experts stay the organisation's, without who asked or their phone number.
  for (const { path } of expertRequests.flat()) tx.update(path, { requestedBy: null, phone: null });

  recordAudit(tx, person.tenantId, {
    actorUid: uid,
    kind: 'account.deleted',
    subject: { type: 'member', id: uid },
    before: role === null ? null : { role },
    after: null,
  });
}
