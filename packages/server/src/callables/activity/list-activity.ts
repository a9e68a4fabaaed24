// audit-listActivity: the organisation's audit trail for the Activity screen, newest first, a page
// at a time, of one kind or all. Those who manage the members (owners and admins) read it.
import { ACTIVITY_PAGE_DEFAULT, API, type ActivityEntry, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { listAudit } from '../../repositories/audit';
import { paths } from '../../repositories/paths';
import { tenantUserOf, type TenantUserRecord } from '../../repositories/users';

const nameOf = (member: TenantUserRecord): string | null =>
  `${member.firstName} ${member.lastName}`.trim() || null;

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
    const entries = page.entries.map(({ actorUid, subject, ...entry }): ActivityEntry => {
      const actor = members.get(actorUid);
      const named = subject.type === 'member' ? members.get(subject.id) : undefined;
      return {
        ...entry,
        actor: { uid: actorUid, name: actor ? nameOf(actor) : null, email: actor?.email || null },
        subject: { ...subject, name: named ? (nameOf(named) ?? (named.email || null)) : null },
      };
    });
    return { entries, next: page.next };
  },
});
