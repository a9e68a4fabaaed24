// The invite journey (SPEC §4, §8): an invited person, signed in with the invite's custom token,
// saves answers to the invite's result and submits it, which completes the result and the invite.
import { API, MESSAGES, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { z } from 'zod';
import { ApiError, invalidArgument, notFound, permissionDenied } from '../api/errors';
import { defineHandler, type Caller } from '../api/handler';
import { completionQuota } from '../abuse/limits';
import { answerSaved } from './answer-saved';
import { checkAnswer, loadSurvey } from '../content';
import { getInvite, INVITE_STATUS, inviteIdOf } from '../repositories/invites';
import { ALREADY_SUBMITTED, completeResult, saveAnswer } from '../repositories/results';
import type { DocumentStore } from '../store/port';

const ID_FIELDS = new Set(['tenantId', 'surveyId', 'surveyResultId', 'inviteId']);
const NOT_YOUR_INVITE = 'This invite is for someone else. Open the link from your invitation e-mail again.';
const RESULT_NOT_FOUND = 'We could not find the survey of this invite. Ask for a new invite.';

/**
 * SPEC §5/§8: a missing or empty id gets the catalogue's message word for word, which the router's
 * generic "Invalid <field>" wording would not give; so these handlers take any input and parse here.
 */
function parseJourney<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  if (issues.some((issue) => issue.path.length === 0 || ID_FIELDS.has(String(issue.path[0])))) {
    throw invalidArgument(MESSAGES.missingJourneyIds);
  }
  const [first] = issues;
  throw invalidArgument(`Invalid ${first?.path.map(String).join('.')}: ${first?.message}`);
}

/** The caller's invite, which must be for exactly this result and still open. */
async function openInvite(
  store: DocumentStore,
  caller: Caller,
  ids: { tenantId: string; surveyId: string; surveyResultId: string; inviteId?: string },
) {
  const inviteId = inviteIdOf(caller);
  if (!inviteId || (ids.inviteId !== undefined && ids.inviteId !== inviteId))
    throw permissionDenied(NOT_YOUR_INVITE);
  const invite = await getInvite(store, inviteId);
  if (
    !invite ||
    invite.redeemedBy !== caller.uid ||
    invite.surveyTenantId !== ids.tenantId ||
    invite.surveyId !== ids.surveyId ||
    invite.surveyResultId !== ids.surveyResultId
  ) {
    throw permissionDenied(NOT_YOUR_INVITE);
  }
  if (invite.status !== INVITE_STATUS.pending) throw new ApiError('failed-precondition', ALREADY_SUBMITTED);
  return inviteId;
}

export const saveInviteAnswer = defineHandler({
  name: API.saveInviteAnswer,
  access: 'signedIn',
  input: z.unknown(),
  async run(raw, { caller, deps, now }): Promise<ApiResponses[typeof API.saveInviteAnswer]> {
    const input = parseJourney(REQUESTS[API.saveInviteAnswer], raw);
    const { tenantId, surveyId, surveyResultId, questionId, answer, seq } = input;
    const inviteId = await openInvite(deps.store, caller, input);
    checkAnswer(await loadSurvey(deps, surveyId), questionId, answer, 'questionId');
    const saved = await saveAnswer(deps.store, {
      ref: { tenantId, surveyId, resultId: surveyResultId },
      who: { uid: caller.uid, inviteId },
      field: 'answers',
      questionId,
      answer,
      seq,
    });
    return answerSaved(saved, { notFound: RESULT_NOT_FOUND, denied: NOT_YOUR_INVITE }, now);
  },
});

export const submitInvite = defineHandler({
  name: API.submitInvite,
  access: 'signedIn',
  input: z.unknown(),
  async run(raw, { caller, deps, now, request }): Promise<ApiResponses[typeof API.submitInvite]> {
    const input = parseJourney(REQUESTS[API.submitInvite], raw);
    const inviteId = await openInvite(deps.store, caller, input);
    const { tenantId, surveyId } = input;
    const outcome = await completeResult(deps.store, {
      ref: { tenantId, surveyId, resultId: input.surveyResultId },
      definition: await loadSurvey(deps, surveyId),
      caller: { ...caller, inviteId },
      appUrl: deps.appUrl,
      viaInvite: true,
      // Each submit mails the publisher, like a survey completion: the same limits apply.
      quota: completionQuota({ uid: caller.uid, ip: request.ip, tenantId, surveyId }, now),
    });
    switch (outcome.outcome) {
      case 'not-found':
        throw notFound(RESULT_NOT_FOUND);
      case 'denied':
        throw permissionDenied(NOT_YOUR_INVITE);
      case 'invite-closed':
      case 'already-completed':
        throw new ApiError('failed-precondition', ALREADY_SUBMITTED);
      default:
        return { status: 'completed' };
    }
  },
});

export const journeyHandlers = [saveInviteAnswer, submitInvite];
