// Completing a result, for the survey and the invite journey alike: who may is the
// domain's rule (decideCompletion); the writes happen in one transaction.
import {
  completionGaps,
  decideCompletion,
  listingOf,
  MILESTONE_OF_ACTION,
  noScoredAnswerMessage,
  scoredQuestionIds,
  type ResultScore,
} from '@toolkit/domain';
import { takeQuota, type Quota } from '../../abuse/limits';
import { ApiError } from '../../api/errors';
import type { ServerSurveyDefinition } from '../../api/handler';
import { renderNotification } from '../../mail/notification';
import {
  addToAggregate,
  countOrganisation,
  INSIGHTS_COUNTERS_MARK,
  organisationCounted,
  organisationKey,
  readPeerEntryGroups,
  recordPeerEntry,
  resultCounts,
} from '../../repositories/aggregates';
import { writeComments } from '../../repositories/comments';
import { completeInvite, readInvite, INVITE_STATUS, inviteIsFor } from '../../repositories/invites';
import { mailDocument, queueMail } from '../../repositories/mail';
import { recordMilestone } from '../../repositories/milestones';
import { mailableAlerts, mergeRecipients, readAlertSettings } from '../../repositories/alerts';
import { paths } from '../../repositories/paths';
import {
  allAnswers,
  readResult,
  updateResult,
  updateUserResult,
  userResultTenant,
  type ResultRef,
  type StoredResult,
} from '../../repositories/results';
import { scoreResult } from '../../scoring';
import { endVerificationByNewerResult } from '../reviews/review';
import {
  accountPath,
  COMPANY_NAME_QUESTION,
  contactOf,
  joinNames,
  organisationAnswer,
  prefilledName,
  respondentContact,
} from './respondent';
import { readTenantUser, type TenantUserRecord } from '../../repositories/users';
import { FieldValue, type DocumentStore } from '../../store/port';

export interface CompletionCaller {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  isAnonymous: boolean;
  tenantId: string | null;
  inviteId: string | null;
}

export interface Completion {
  ref: ResultRef;
  definition: ServerSurveyDefinition;
  caller: CompletionCaller;
  appUrl: string;
  /** The invite journey's submit: only through a pending invite for this result. */
  viaInvite: boolean;
  /** The abuse limits this completion counts against; a result completed before counts for nothing. */
  quota?: Quota;
}

export type CompletionOutcome =
  | { outcome: 'not-found' | 'denied' | 'invite-closed' }
  | { outcome: 'already-completed' | 'completed'; completedAt: string | null; score: ResultScore | null };

/** The respondent as the mail names them: their tenant profile, else the survey link's prefill. */
function respondentName(profile: TenantUserRecord | null, result: StoredResult, email: string | null) {
  return (
    joinNames(profile?.firstName, profile?.lastName) ||
    prefilledName(result) ||
    email ||
    result.respondent.email ||
    null
  );
}

/**
 * Completion in one transaction: the result and the user survey result are marked
 * complete, the score is stored and counted in the survey's aggregate, one notification mail is queued, the
 * caller's complete-quickscan milestone is set and, through an invite, the invite is completed.
 * A result completed before is left alone, so a repeated request sends no second mail.
 */
export async function completeResult(
  store: DocumentStore,
  completion: Completion,
): Promise<CompletionOutcome> {
  const { ref, definition, caller, appUrl, viaInvite, quota } = completion;
  let businessTenantId: string | null = null;
  const outcome = await store.transaction(async (tx): Promise<CompletionOutcome> => {
    const result = await readResult(tx, ref);
    if (!result) return { outcome: 'not-found' };
    businessTenantId = result.respondentTenantId;
    const invite = caller.inviteId ? await readInvite(tx, caller.inviteId) : null;
    const inviteMatches = inviteIsFor(invite, ref);
    const inviteOpen = invite?.status === INVITE_STATUS.pending;
    const decision = decideCompletion({
      viaInvite,
      isStarter: result.userId !== null && result.userId === caller.uid,
      inviteMatches,
      inviteOpen,
      isCompleted: result.isCompleted,
    });
    if (decision === 'already-completed') {
      return { outcome: decision, completedAt: result.completedAt, score: result.score };
    }
    if (decision !== 'complete') return { outcome: decision };

    const userResultPath = result.userId
      ? paths.userSurveyResult(userResultTenant(ref, result), result.userId, ref.resultId)
      : null;
    const userResult = userResultPath ? await tx.get(userResultPath) : null;
    const answers = allAnswers(result);
    const organisation = organisationKey(result.respondentTenantId, answers[COMPANY_NAME_QUESTION]);
    const newOrganisation = organisation !== null && !(await organisationCounted(tx, ref, organisation));
    // Only a business tenant is a peer: a name typed into the survey proves no organisation.
    const peerGroupsBefore = result.respondentTenantId
      ? await readPeerEntryGroups(tx, ref, result.respondentTenantId)
      : null;
    const callerTenant = caller.isAnonymous ? null : caller.tenantId;
    const profile = callerTenant ? await readTenantUser(tx, callerTenant, caller.uid) : null;
    // The listing names a signed-in respondent by their account when the link gave no name; the
    // caller's own account is read once, for the mail and the listing alike.
    const contact =
      callerTenant && accountPath(result) === paths.tenantUser(callerTenant, caller.uid)
        ? contactOf(result, profile)
        : await respondentContact(tx, result);
    // The publisher's own recipients for new results join the survey definition's.
    const publisherAlerts = await readAlertSettings(tx, ref.tenantId);
    const recipients = mergeRecipients(
      definition.notificationRecipients,
      mailableAlerts(publisherAlerts).newResult,
    );
    // Counted in this transaction: a repeated or concurrent request for the result counts once.
    if (quota) await takeQuota(tx, quota);
    // Never an empty result (the refusal undoes the quota taken above with the transaction).
    const gaps = completionGaps(
      definition.sections.map((section) => section.questions.map((question) => question.id)),
      new Set(scoredQuestionIds(definition.sections)),
      answers,
    );
    if (!gaps.canComplete) {
      const empty = gaps.emptySections.map((index) => definition.sections[index]!.title);
      throw new ApiError('failed-precondition', noScoredAnswerMessage(empty));
    }

    const score = scoreResult(definition, answers);
    const completed = {
      isCompleted: true,
      updatedAt: FieldValue.serverTimestamp(),
      completedAt: FieldValue.serverTimestamp(),
    };
    const listing = listingOf({ answers, score, contact, organisation: organisationAnswer(answers) });
    updateResult(tx, ref, {
      ...completed,
      score,
      listing,
      [INSIGHTS_COUNTERS_MARK]: true,
    });
    writeComments(tx, ref, definition, answers, completed.completedAt);
    if (result.userId && userResult?.data) {
      updateUserResult(tx, userResultTenant(ref, result), result.userId, ref.resultId, completed);
    }
    const counts = resultCounts(
      definition,
      { score, answers },
      { day: new Date().toISOString().slice(0, 10), newOrganisation },
    );
    const peerChanges =
      result.respondentTenantId && peerGroupsBefore
        ? recordPeerEntry(tx, ref, result.respondentTenantId, {
            previous: peerGroupsBefore,
            now: Object.keys(counts.groups ?? {}),
          })
        : {};
    addToAggregate(tx, ref, { ...counts, ...peerChanges });
    if (newOrganisation && organisation) countOrganisation(tx, ref, organisation);
    if (recipients.length > 0) {
      const { subject, html } = renderNotification({
        surveyTitle: definition.title,
        organisation: organisationAnswer(answers),
        // A publisher is told only an address the respondent proved, never one merely registered.
        respondentName: respondentName(profile, result, caller.emailVerified ? caller.email : null),
        primaryLogo: definition.primaryLogo,
        secondaryLogo: definition.secondaryLogo,
        primaryColor: definition.primaryColor,
        appUrl,
        surveyId: ref.surveyId,
        resultId: ref.resultId,
        score,
      });
      queueMail(
        tx,
        store.newId(),
        mailDocument({
          to: recipients,
          bcc: definition.notificationBcc,
          subject,
          html,
        }),
      );
    }
    if (caller.tenantId && !caller.isAnonymous) {
      recordMilestone(tx, caller.tenantId, MILESTONE_OF_ACTION.completeSurvey, caller.uid);
    }
    if (inviteMatches && caller.inviteId && inviteOpen) {
      completeInvite(tx, caller.inviteId);
    }
    return { outcome: 'completed', completedAt: null, score };
  });
  if (outcome.outcome !== 'completed') return outcome;
  const completedAt = (await readResult(store, ref))?.completedAt ?? null;
  // A newer result ends the verification of an older one, after the completion's transaction, which
  // therefore never holds the organisation's reviews: one query of its verified reviews, usually none.
  if (businessTenantId && completedAt) {
    await endVerificationByNewerResult(store, {
      businessTenantId,
      surveyId: ref.surveyId,
      resultId: ref.resultId,
      completedAt,
      uid: caller.uid,
    });
  }
  return { ...outcome, completedAt };
}
