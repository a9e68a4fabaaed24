// expert-request: a member asks the experts of the toolkit their organisation joined. The request is
// kept, mailed to the publisher's expert recipients (or, without any, the assessment's notification
// recipients) and confirmed to the requester; all in one transaction with the hourly limit.
import { API, ESG_TOPIC_NAMES, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { expertRequestQuota, takeQuota } from '../../abuse/limits';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { loadSurvey } from '../../content';
import { mailableAlerts, readAlertSettings } from '../../repositories/alerts';
import { createExpertRequest } from '../../repositories/expert-requests';
import { escapeHtml, mailDocument, queueMail } from '../../repositories/mail';
import { readOrganisationProfile, readTenant } from '../../repositories/tenants';
import { readTenantUser } from '../../repositories/users';
import { verifiedEmailOf } from '../access';

/** Escaped, with the requester's line breaks kept. */
const paragraphHtml = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');
const wrap = (lines: string[]) =>
  `<div style="max-width:580px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#1e2a26">${lines.join('')}</div>`;

export const requestExpert = defineHandler(API.requestExpert, {
  async run(
    { topic, message, contact, phone },
    { caller, deps, now },
  ): Promise<ApiResponses[typeof API.requestExpert]> {
    const { tenantId, uid } = caller;
    // The experts reply to this address, so it must be the caller's proven one.
    const email = verifiedEmailOf(caller);
    const tenant = await readTenant(deps.store, tenantId);
    let toolkit;
    try {
      toolkit = tenant?.toolkit ? await deps.content.getToolkit(tenant.toolkit) : null;
    } catch (error) {
      throw new ApiError('unavailable', error instanceof Error ? error.message : String(error));
    }
    if (!toolkit) throw new ApiError('failed-precondition', SERVER_ERRORS.noExperts);
    const [publisherAlerts, requester, organisation] = await Promise.all([
      readAlertSettings(deps.store, toolkit.tenantId),
      readTenantUser(deps.store, tenantId, uid),
      readOrganisationProfile(deps.store, tenantId),
    ]);
    let experts = mailableAlerts(publisherAlerts).expertRequest;
    if (experts.length === 0) experts = (await loadSurvey(deps, toolkit.assessment)).notificationRecipients;
    if (experts.length === 0) throw new ApiError('failed-precondition', SERVER_ERRORS.noExperts);

    const name = [requester?.firstName.trim(), requester?.lastName.trim()].filter(Boolean).join(' ');
    const organisationName = organisation.name.trim() || 'An organisation';
    const topicName = topic === 'OTHER' ? 'Something else' : ESG_TOPIC_NAMES[topic];
    const reachBy = contact === 'phone' ? `phone, on ${phone}` : `e-mail, at ${email}`;
    const requestId = deps.store.newId();

    await deps.store.transaction(async (tx) => {
      await takeQuota(tx, expertRequestQuota(uid, now));
      createExpertRequest(tx, tenantId, requestId, {
        topic,
        message,
        contact,
        phone: phone ?? null,
        requestedBy: { uid, name, email },
        toolkit: toolkit.name,
        sentTo: experts,
      });
      queueMail(
        tx,
        deps.store.newId(),
        mailDocument({
          to: experts,
          subject: `Expert request from ${organisationName}: ${topicName}`,
          html: wrap([
            `<p>${escapeHtml(name || email)} of <strong>${escapeHtml(organisationName)}</strong> asks an expert about <strong>${escapeHtml(topicName)}</strong>.</p>`,
            `<blockquote style="margin:0;padding:12px 16px;background:#f3f6f4">${paragraphHtml(message)}</blockquote>`,
            `<p>They would like to be contacted by ${escapeHtml(reachBy)}.</p>`,
          ]),
        }),
      );
      if (email) {
        queueMail(
          tx,
          deps.store.newId(),
          mailDocument({
            to: [email],
            subject: `We received your expert request: ${topicName}`,
            html: wrap([
              `<p>Hello${name ? ` ${escapeHtml(name)}` : ''},</p>`,
              `<p>Thank you. Your question about <strong>${escapeHtml(topicName)}</strong> went to the toolkit's experts, who will contact you by ${escapeHtml(reachBy)}.</p>`,
              `<p>Your message:</p>`,
              `<blockquote style="margin:0;padding:12px 16px;background:#f3f6f4">${paragraphHtml(message)}</blockquote>`,
            ]),
          }),
        );
      }
    });
    return { status: 'sent', requestId, to: email };
  },
});
