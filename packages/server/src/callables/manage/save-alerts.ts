// manage-saveAlerts: replaces who receives which notification; each address validated by the
// request schema, duplicates kept once. A member's proven address receives alerts at once; any
// other address is mailed a confirmation link and receives nothing until it opens it. A change of
// the lists is recorded in the audit trail: the lists that changed, as they were and are. A business
// is offered only the lists of notifications that can happen to it (alertKindsFor) and sends the
// others back as stored: a change to one of those is refused.
import { randomBytes } from 'node:crypto';
import {
  ALERT_CONFIRMATION_DAYS,
  ALERT_KINDS,
  ALERT_LABELS,
  alertKindsFor,
  API,
  SERVER_ERRORS,
  tenantKindOf,
  type AlertRecipients,
  type ApiResponses,
} from '@toolkit/domain';
import { alertsQuota, quotaPaths, takeQuota } from '../../abuse/limits';
import { ApiError, invalidArgument } from '../../api/errors';
import { defineHandler, type ServerDeps } from '../../api/handler';
import {
  alertSettingsOf,
  alertTokenHash,
  createAlertConfirmation,
  deleteAlertConfirmation,
  mergeRecipients,
  writeAlertSettings,
  type PendingRecipient,
} from '../../repositories/alerts';
import { changedFields, recordAudit } from '../../repositories/audit';
import { alertConfirmationMail, queueMail } from '../../repositories/mail';
import { paths } from '../../repositories/paths';
import { organisationProfileOf } from '../../repositories/tenants';
import { listTenantUsers } from '../../repositories/users';
import { verifiedEmailOf } from '../access';

const DAY = 24 * 60 * 60 * 1000;

/** The listed addresses that belong to members of the organisation whose address is proven. */
async function provenMembers(deps: ServerDeps, tenantId: string, listed: readonly string[]) {
  const members = await listTenantUsers(deps.store, tenantId);
  const uidOf = new Map(members.map((member) => [member.email.toLowerCase(), member.uid]));
  const proven = await Promise.all(
    listed
      .filter((address) => uidOf.has(address))
      .map(async (address) => {
        const account = await deps.auth.getUserByEmail(address);
        return account !== null && account.uid === uidOf.get(address) && account.emailVerified
          ? [address]
          : [];
      }),
  );
  return new Set(proven.flat());
}

const FOR_PUBLISHERS_ONLY = ALERT_KINDS.filter((kind) => !alertKindsFor('business').includes(kind));
const sameList = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/**
 * Refuses a change to a list only a publisher is offered when the organisation publishes no survey;
 * the catalogue is read only when such a list changes.
 */
async function refuseListsNotOffered(deps: ServerDeps, tenantId: string, alerts: AlertRecipients) {
  const { listed } = alertSettingsOf((await deps.store.get(paths.alerts(tenantId))).data ?? null);
  const changed = FOR_PUBLISHERS_ONLY.filter((kind) => !sameList(listed[kind], alerts[kind]));
  if (changed.length === 0) return;
  let surveys;
  try {
    surveys = await deps.content.getSurveyList();
  } catch (error) {
    throw new ApiError('unavailable', error instanceof Error ? error.message : String(error));
  }
  if (tenantKindOf(tenantId, new Map(surveys.map((survey) => [survey.id, survey]))) === 'publisher') return;
  const problems = Object.fromEntries(
    changed.map((kind) => [kind, SERVER_ERRORS.alertsForPublishersOnly(ALERT_LABELS[kind].title)]),
  );
  throw invalidArgument(problems[changed[0]!]!, { fields: changed, problems });
}

export const saveAlerts = defineHandler(API.saveAlerts, {
  async run(input, { caller, deps, now }): Promise<ApiResponses[typeof API.saveAlerts]> {
    const requestedBy = verifiedEmailOf(caller);
    const { tenantId } = caller;
    const alerts = Object.fromEntries(
      ALERT_KINDS.map((kind) => [kind, mergeRecipients(input[kind].map((address) => address.toLowerCase()))]),
    ) as AlertRecipients;
    await refuseListsNotOffered(deps, tenantId, alerts);
    const listed = mergeRecipients(...ALERT_KINDS.map((kind) => alerts[kind]));
    const members = await provenMembers(deps, tenantId, listed);
    const quotaOf = (mails: number) => alertsQuota({ tenantId, uid: caller.uid }, now, mails);
    const appUrl = deps.appUrl.replace(/\/+$/, '');
    const sentAt = now.toISOString();

    const pending = await deps.store.transaction(async (tx) => {
      const [current, organisation, ...counters] = await tx.getAll([
        paths.alerts(tenantId),
        paths.organisation(tenantId),
        ...quotaPaths(quotaOf(0)),
      ]);
      const before = alertSettingsOf(current?.data ?? null);
      const confirmed = listed.filter(
        (address) => members.has(address) || before.confirmed.includes(address),
      );
      // A link still valid is not mailed again: saving the list repeatedly sends nothing more.
      const stillValid = (entry: PendingRecipient) =>
        now.getTime() - Date.parse(entry.sentAt) < ALERT_CONFIRMATION_DAYS * DAY;
      const kept: PendingRecipient[] = [];
      const toMail: string[] = [];
      for (const email of listed.filter((address) => !confirmed.includes(address))) {
        const earlier = before.pending.find((entry) => entry.email === email);
        if (earlier && stillValid(earlier)) kept.push(earlier);
        else toMail.push(email);
      }
      // Each mail counts, so a list cannot be turned over and over to mail new strangers.
      await takeQuota(tx, quotaOf(toMail.length), counters);

      const { name: organisationName } = organisationProfileOf(organisation?.data ?? null);
      const mailed = toMail.map((email): PendingRecipient => {
        const token = randomBytes(32).toString('base64url');
        const tokenHash = alertTokenHash(token);
        createAlertConfirmation(tx, tokenHash, {
          tenantId,
          email,
          sentAt,
          expiresAt: new Date(now.getTime() + ALERT_CONFIRMATION_DAYS * DAY),
        });
        queueMail(
          tx,
          deps.store.newId(),
          alertConfirmationMail({
            email,
            link: `${appUrl}/alerts/confirm#${token}`,
            organisationName,
            requestedBy,
            kinds: ALERT_KINDS.filter((kind) => alerts[kind].includes(email)).map(
              (kind) => ALERT_LABELS[kind].title,
            ),
          }),
        );
        return { email, tokenHash, sentAt };
      });
      const waiting = listed.flatMap((email) =>
        [...kept, ...mailed].filter((entry) => entry.email === email),
      );
      // A link of an address no longer waiting (removed, or replaced by a new link) stops working.
      for (const { tokenHash } of before.pending) {
        if (!kept.some((entry) => entry.tokenHash === tokenHash)) {
          deleteAlertConfirmation(tx, tokenHash);
        }
      }
      writeAlertSettings(tx, tenantId, { listed: alerts, confirmed, pending: waiting }, caller.uid);
      const change = changedFields(before.listed, alerts);
      if (change) {
        recordAudit(tx, tenantId, {
          actorUid: caller.uid,
          kind: 'alerts.changed',
          subject: { type: 'alerts', id: tenantId },
          ...change,
        });
      }
      return waiting.map((entry) => entry.email);
    });
    return { alerts, pending };
  },
});
