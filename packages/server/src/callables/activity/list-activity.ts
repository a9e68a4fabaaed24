// audit-listActivity: the organisation's audit trail for the Activity screen, newest first, a page
// at a time, of one kind or all. Those who manage the members (owners and admins) read it.
import { ACTIVITY_PAGE_DEFAULT, API, type ActivityEntry, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { listAudit, type StoredAuditEntry } from '../../repositories/audit';
import { paths } from '../../repositories/paths';
import { allAnswers, toStoredResult } from '../../repositories/results';
import { tenantUserOf, type TenantUserRecord } from '../../repositories/users';
import type { DocumentStore } from '../../store/port';
import { organisationAnswer, respondentContacts } from '../survey/respondent';

const nameOf = (member: TenantUserRecord): string | null =>
  `${member.firstName} ${member.lastName}`.trim() || null;

/** A result as the Results workbench names it: its organisation, else who answered; and when it completed. */
interface NamedResult {
  name: string | null;
  completedAt: string | null;
}

/** The result subjects' ids ("survey/result"), as paths of the organisation's own surveys' results. */
function resultPath(tenantId: string, subjectId: string): string | null {
  const [surveyId, resultId, ...rest] = subjectId.split('/');
  return surveyId && resultId && rest.length === 0 ? paths.result(tenantId, surveyId, resultId) : null;
}

/**
 * The page's results, named as the organisation's Results show them, read together. A result that
 * is gone (its respondent's data erased) names nobody.
 */
async function namedResults(
  store: DocumentStore,
  tenantId: string,
  entries: readonly StoredAuditEntry[],
): Promise<Map<string, NamedResult>> {
  const wanted = [
    ...new Set(entries.flatMap(({ subject }) => (subject.type === 'result' ? [subject.id] : []))),
  ].flatMap((id) => {
    const path = resultPath(tenantId, id);
    return path ? [{ id, path }] : [];
  });
  if (wanted.length === 0) return new Map();
  const read = await store.transaction((tx) => tx.getAll(wanted.map(({ path }) => path)));
  const found = wanted.flatMap(({ id }, index) => {
    const data = read[index]!.data;
    return data ? [{ id, result: toStoredResult(data) }] : [];
  });
  const contacts = await respondentContacts(
    store,
    found.map(({ result }) => result),
  );
  return new Map(
    found.map(({ id, result }, index) => [
      id,
      {
        name: organisationAnswer(allAnswers(result)) ?? (contacts[index]!.name || contacts[index]!.email),
        completedAt: result.completedAt,
      },
    ]),
  );
}

export const listActivity = defineHandler(API.listActivity, {
  async run({ kind, cursor, limit }, { caller, deps }): Promise<ApiResponses[typeof API.listActivity]> {
    const { tenantId } = caller;
    const page = await listAudit(deps.store, tenantId, {
      kind,
      cursor,
      limit: limit ?? ACTIVITY_PAGE_DEFAULT,
    });
    // Actors and member subjects are named as they are now, one read for the page; a former
    // member is named by no one (their record is gone).
    const uids = [
      ...new Set(
        page.entries.flatMap((entry) => [
          entry.actorUid,
          ...(entry.subject.type === 'member' ? [entry.subject.id] : []),
        ]),
      ),
    ].filter(Boolean);
    const members = new Map<string, TenantUserRecord>();
    if (uids.length) {
      const read = await deps.store.transaction((tx) =>
        tx.getAll(uids.map((uid) => paths.tenantUser(tenantId, uid))),
      );
      read.forEach((snapshot) => {
        const member = tenantUserOf(snapshot);
        if (member) members.set(member.uid, member);
      });
    }
    // Results are named only to those who may open them on Results (view-insights).
    const results = caller.permissions.viewInsights
      ? await namedResults(deps.store, tenantId, page.entries)
      : new Map<string, NamedResult>();
    const entries = page.entries.map(({ actorUid, subject, ...entry }): ActivityEntry => {
      const actor = members.get(actorUid);
      const actorNamed = { uid: actorUid, name: actor ? nameOf(actor) : null, email: actor?.email || null };
      if (subject.type === 'result') {
        const named = results.get(subject.id);
        return {
          ...entry,
          actor: actorNamed,
          subject: { ...subject, name: named?.name ?? null, completedAt: named?.completedAt ?? null },
        };
      }
      const named = subject.type === 'member' ? members.get(subject.id) : undefined;
      return {
        ...entry,
        actor: actorNamed,
        subject: { ...subject, name: named ? (nameOf(named) ?? (named.email || null)) : null },
      };
    });
    return { entries, next: page.next };
  },
});
