// Every message the product shows for a failure, written once (docs/behaviour.md, Errors).

import { formatDate } from './dates';
import { formatFileSize } from './evidence';

export const MESSAGES = {
  tenantNotFound: 'Tenant not found',
  setUserRoleFailed: 'Error setting user role',
  getUserRoleFailed: 'Error getting user role',
  getAvailableRolesFailed: 'Error getting available roles',
  removeUserRoleFailed: 'Error removing user role',
  noUserLoggedIn: 'No user logged in',
  entitlementsFetchFailed: 'Failed to fetch entitlements',
  missingJourneyStateIds: 'Missing tenantId, surveyId, or surveyResultId in state.',
  missingJourneyIds: 'Missing tenantId, surveyId, surveyResultId, or inviteId.',
  userNotAuthenticated: 'User not authenticated',
  responseNotJsonObject: 'Response is not valid JSON object.',
  responseMissingData: 'Response is missing data field.',
  notAMember: 'You are not a member of this organisation.',
  inviteForExistingAccount:
    'You already have an account with this e-mail address. Sign in with your e-mail address first, then open this invitation again.',
  inviteSessionEnded:
    'This invitation has ended, so signing in with it no longer works. Sign in with your e-mail address to continue.',
  /** The abuse limit on completed results (docs/decisions.md); the survey adds that answers are kept. */
  tooManyResults:
    'We have received several results in a short time. Please wait a few minutes, then try again.',
  /** The abuse limit on new results from one session or network. */
  tooManyStarts:
    'Many surveys have been started from here in the last hour. Please try again later; any answers you gave are kept.',
  /** The abuse limit on answer saves: far above any person's pace, so only a runaway client meets it. */
  tooManySaves:
    'Your answers are arriving faster than we can save them. They are kept and will be saved in a moment.',
  /**
   * The survey catalogue, which tells a publisher from a business, could not be read: said with
   * "Try again" where a screen depends on it, rather than showing one kind's screens on a guess.
   */
  catalogueUnavailable:
    'We could not tell whether your organisation publishes surveys or answers them, so the screens that depend on it are not shown yet.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * When a full hourly counter lets the caller try again: the end of its window in UTC (the server
 * does not know the reader's time zone) and the minutes left until then, rounded up.
 */
export function retryAfter(windowEnd: Date, now: Date): string {
  const time = windowEnd.toISOString().slice(11, 16);
  const minutes = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 60_000));
  return `Please try again after ${time} UTC (in ${minutes} minute${minutes === 1 ? '' : 's'}).`;
}

/**
 * What the server tells callers, beside the shared messages above: every refusal of a callable,
 * written once here so handlers hold no wording of their own. Kind, specific, and never a raw code.
 */
export const SERVER_ERRORS = {
  // Sessions and access (the router).
  badAuthorizationHeader: 'The authorization header must be "Bearer <ID token>".',
  sessionInvalid: 'Your session has expired or is not valid. Sign in again.',
  signInRequired: 'Sign in to do this.',
  /** A callable changing roles, billing or membership refuses a session revoked since it signed in. */
  sessionEnded: 'Your session has ended: sign in again.',
  accountInOrganisationRequired: 'This needs an account in an organisation.',
  notAnonymous: 'This needs a signed-in account, not an anonymous session.',
  emailNotVerified:
    'Your e-mail address has not been confirmed yet. Sign in with the link we e-mail you, then try again.',
  bodyNotCallable: 'The request body must be a JSON object with a data field.',
  bodyTooLarge: (kb: number) => `The request body is larger than ${kb} KB.`,
  bodyTooDeep: (levels: number) =>
    `The request nests its data more than ${levels} levels deep, which no function accepts.`,
  sessionIdsUnusable:
    'Your session names an account or organisation in a form this app cannot use. Sign in again.',
  noSuchFunction: (name: string) => `There is no function named "${name}".`,
  invalidField: (field: string, problem: string) => `Invalid ${field}: ${problem}`,
  // What a field of a request may hold: forms show the same words before they send.
  invalidEmail: 'Enter a valid e-mail address, like name@example.com.',
  organisationNameMissing: 'Enter your organisation’s name.',
  textTooLong: (max: number) => `must be at most ${max} characters`,
  expertMessageTooShort: (min: number) => `Tell the expert a little more: at least ${min} characters.`,
  phoneNumber: 'Give a phone number of digits, spaces, +, ( ) or -.',
  internal: 'Something went wrong on our side. Please try again.',
  // A paged list's cursor names a document no longer there (deleted, or from another list).
  pageGone: 'That page is gone: start from the first page.',
  // A person's data rights: deleting one's own account.
  accountLastOwner:
    "You are your organisation's only owner. Make someone else owner first, then delete your account.",
  accountDeletionLinkNotValid:
    'This link no longer deletes an account: a newer link replaced it, or it was used already. Ask for a new one on your Profile.',
  accountDeletionLinkExpired: (hours: number) =>
    `This link has expired: a deletion link works for ${hours} hours. Ask for a new one on your Profile.`,
  // Deleting an organisation (the owner, by a mailed link).
  organisationDeletionByOwnerOnly: 'Only an owner can delete the organisation.',
  organisationDeletionLinkNotValid:
    'This link no longer deletes the organisation: a newer link replaced it, or it was used already. Ask for a new one on Manage.',
  organisationDeletionLinkExpired: (hours: number) =>
    `This link has expired: a deletion link works for ${hours} hours. Ask for a new one on Manage.`,
  // Users and roles.
  manageUsersRequired: 'Only owners and admins can manage users.',
  assignRolesRequired: 'Only owners and admins can change roles.',
  ownTenantOnly: 'You can only manage users of your own organisation.',
  noSuchUser: 'There is no such user in your organisation.',
  noSuchUserId: (uid: string) => `There is no user ${uid} in your organisation.`,
  ownerRoleByOwnerOnly: 'Only an owner can change the role of an owner.',
  lastOwner: 'This is the only owner of the organisation. Make someone else owner first.',
  ownerMadeByOwnerOnly: 'Only an owner can make someone an owner.',
  rolePermissionNotHeld: (role: string, permissions: string) =>
    `You cannot give anyone the ${role} role: it allows ${permissions}, which your own rights do not include.`,
  ownRoleUpward: (role: string) =>
    `You cannot raise your own role to ${role}. Ask an owner of your organisation to do it.`,
  othersRolesHidden: "Only owners and admins can see other users' roles.",
  roleSet: (role: string) => `The user's role is now ${role}.`,
  roleRemoved: (role: string) => `The user's role ${role} was removed.`,
  // Ownership transfer.
  ownershipByOwnerOnly: 'Only an owner can hand over ownership of the organisation.',
  ownershipToSelf: 'You are an owner already. Choose another member to hand ownership to.',
  ownershipToOwner: (name: string) => `${name} is an owner already. Choose a member who is not.`,
  ownershipToUnverified: (name: string) =>
    `${name} has not confirmed their e-mail address yet, so they cannot become owner. Ask them to sign in with the link we e-mail them first.`,
  ownershipOfferStanding: (name: string) =>
    `Ownership is already offered to ${name}. Cancel that offer before making another.`,
  noOwnershipOffer: 'No offer of ownership is waiting.',
  noOwnershipOfferForYou: 'No offer of ownership is waiting for you. It may have been cancelled or declined.',
  ownershipOfferLapsed:
    'This offer of ownership no longer stands: whoever made it is no longer an owner, or it has expired. Ask an owner to offer it again.',
  ownershipOfferNotYours: 'Only the owner who made this offer can cancel it.',
  ownershipOfferRoleChanged:
    'This offer of ownership no longer stands: your role in the organisation changed after it was made. Ask an owner to offer it again.',
  // Organisation, plans and milestones.
  manageSettingsRequired: "Only owners and admins can change the organisation's details.",
  ownEntitlementsOnly: "You can only see your own organisation's entitlements.",
  milestonesNeedAccount: 'Milestones belong to an account in an organisation; sign in first.',
  milestoneNotByHand: (name: string) =>
    `"${name}" is ticked for you when you do it in the app, so it cannot be ticked or cleared by hand.`,
  // Surveys and results.
  surveyNotFound: 'Survey not found',
  surveyNeedsAccount: 'This survey needs an account. Sign in with your e-mail address to take part.',
  resultNotFound: 'We could not find this survey result. Start the survey again from its link.',
  resultNotYours: 'This survey result belongs to someone else.',
  alreadySubmitted: 'This survey was already submitted.',
  noSuchQuestion: (field: string, questionId: string) =>
    `Invalid ${field}: this survey has no question "${questionId}".`,
  invalidAnswer: (questionId: string, problem: string) => `Invalid answer to "${questionId}": ${problem}.`,
  // Invites.
  noSurveyToInvite: (surveyId: string) => `There is no survey "${surveyId}" to invite someone to.`,
  alreadyMember: (email: string) =>
    `${email} is already a member of your organisation. Change their role in the list instead.`,
  /** Said to the invitee only, when they accept: the inviter is never told. */
  inviteIntoSecondOrganisation:
    'Your account already belongs to another organisation, and an account belongs to one organisation only. Ask the person who invited you to invite another address, or decline the invitation.',
  inviteDeclined:
    'This invitation was declined. Ask the person who invited you to send a new one if you change your mind.',
  inviteNotValid: 'This invite link is not valid. Ask the person who invited you to send a new one.',
  inviteUsed: 'This invite has already been used. Ask the person who invited you to send a new one.',
  inviteWithdrawn:
    'This invitation was withdrawn by the organisation that sent it. Ask the person who invited you if you think it should not have been.',
  noInviteTo: (email: string) => `There is no invitation waiting for ${email}.`,
  /** Said to the inviter: the invitee's no holds for a while, so an organisation cannot keep mailing them. */
  inviteRecentlyDeclined: (email: string, until: Date) =>
    `${email} declined your organisation's invitation. You can invite them again from ${formatDate(until.toISOString(), { locale: 'en-AU', timeZone: 'UTC' })}.`,
  inviteMailedRecently: (email: string, minutes: number) =>
    `An invitation was mailed to ${email} less than ${minutes} minutes ago. Wait a few minutes before sending another.`,
  inviteOpened:
    'This invite link has already been opened. If that was you, carry on where you opened it; otherwise ask the person who invited you to send a new one.',
  inviteExpired: (days: number) =>
    `This invite link is more than ${days} days old and has expired. Ask the person who invited you to send a new one.`,
  notYourInvite: 'This invite is for someone else. Open the link from your invitation e-mail again.',
  inviteResultNotFound: 'We could not find the survey of this invite. Ask for a new invite.',
  tooManyInvites: (windowEnd: Date, now: Date) =>
    `Many invites have been sent from your account or organisation in the last hour. ${retryAfter(windowEnd, now)}`,
  // Insights.
  viewInsightsRequired: 'Insights need the view-insights permission. Ask an owner or admin for it.',
  editPlanRequired:
    'Changing the action plan needs the edit-insights permission. Ask an owner or admin for it.',
  editMaterialityRequired:
    'Changing the materiality assessment needs the edit-insights permission. Ask an owner or admin for it.',
  excludeResultsRequired:
    "Excluding a result from the survey's figures, or including it again, is for owners, admins, billing members and editors. Ask an owner or admin for it.",
  actionNotPlanned: 'Add this action to your plan first.',
  notYourSurvey: 'Insights of a survey are shown only to the organisation that publishes it.',
  notYourToolkit: 'Only the publisher of a toolkit sees which organisations joined it.',
  receivedResultNotFound: 'This survey has no such result. It may have been removed.',
  // Declaration.
  noDeclaration: 'Your organisation has no declaration to sign.',
  declarationChanged: 'The declaration has changed since you opened it. Read it again before signing.',
  signDeclarationRequired: 'Only an owner or admin can sign the declaration or revoke its credential.',
  credentialNotFound: 'Your organisation has no credential with this id.',
  credentialNeedsOrganisation: 'Add your organisation name on the Profile page before signing.',
  declarationFromStoredFacts:
    'The declaration is signed with the organisation name on your Profile and the stage your journey has reached; send only the declaration you read.',
  // Manage and Expert.
  manageAlertsRequired:
    'Changing who receives notifications needs the manage-settings or edit-insights permission. Ask an owner or admin.',
  tooManyAlertChanges: (windowEnd: Date, now: Date) =>
    `Notification recipients have been changed, and new addresses e-mailed, many times in the last hour. ${retryAfter(windowEnd, now)}`,
  alertLinkNotValid:
    'This confirmation link is not valid. Open the link from the most recent confirmation e-mail, or ask the organisation to add your address again.',
  alertLinkExpired: (days: number) =>
    `This confirmation link is more than ${days} days old and has expired. Ask the organisation to save your address again for a new link.`,
  alertsForPublishersOnly: (list: string) =>
    `${list} reach the publisher of the survey or toolkit, not a business: leave that list as it is.`,
  alertRecipientRemoved:
    'This address is no longer on the organisation’s list, so there is nothing to confirm and you will receive no notifications.',
  // Billing.
  manageBillingRequired: 'Plans are managed by an owner or a billing member.',
  memberLimit: (limit: number, plan: string) =>
    `Your plan includes up to ${limit} team members. The ${plan} plan allows more: an owner or billing member can upgrade on the Plans page.`,
  roleNeedsPlan: (role: string, plan: string) =>
    `The ${role} role comes with the ${plan} plan. An owner or billing member can upgrade on the Plans page.`,
  featureNeedsPlan: (feature: string, plan: string) =>
    `${feature} comes with the ${plan} plan. An owner or billing member can upgrade on the Plans page.`,
  checkoutNotFound: 'We could not find this checkout for your organisation.',
  sandboxOnly: 'The local checkout page is only available with the local billing sandbox.',
  noSubscription: 'Your organisation has no paid plan to cancel.',
  noPlanToChange: 'Your organisation is on Free: choose a plan to go to its checkout.',
  samePlan: 'Your organisation is on this plan and billing period already.',
  noBillingAccount: 'Your organisation has no billing account yet: it begins with the first checkout.',
  invoiceNotFound: 'We could not find this invoice for your organisation.',
  customActionNotFound: 'This action is no longer there: it may have been deleted.',
  customActionsFull: (max: number) =>
    `Your organisation has ${max} actions of its own, the most it can keep. Delete one to write another.`,
  noSuchPlan: 'There is no such plan.',
  noExperts: 'Your organisation did not join a toolkit with experts to ask.',
  tooManyExpertRequests:
    'You have sent several expert requests in the last hour. Our experts will answer those first; please try again later.',
  // Evidence on an answer.
  evidenceFileTooLarge: (maxBytes: number, bytes: number) =>
    `A file may be at most ${formatFileSize(maxBytes)}; this one is ${formatFileSize(bytes)}.`,
  evidenceFileEmpty: 'This file is empty. Choose the file again, or another one.',
  evidenceFileNotBase64: 'The file did not arrive whole. Choose it again.',
  evidencePerAnswerFull: (max: number) =>
    `An answer holds at most ${max} pieces of evidence. Remove one before adding another.`,
  evidenceTypeRefused: "This file's content is not a PDF, image, spreadsheet or document.",
  evidenceMarkupRefused:
    'This file is a web page or SVG drawing, which could run code when opened. Save it as a PDF or image and add that.',
  evidenceNameNeedsType: (accepted: string) =>
    `Give the file a name that ends in its type, one of ${accepted}.`,
  evidenceNameLies: (extension: string, content: string, suggested: string | null) =>
    `This file is named .${extension} but its content is ${content}.${suggested ? ` Rename it to .${suggested}, or choose the file you meant.` : ' Choose the file you meant.'}`,
  evidenceLinkInvalid:
    'Give a web address that starts with https:// or http://, like https://example.com/report.',
  evidenceNotFound: 'This evidence is no longer there: it may have been removed.',
  evidenceIsLink: 'This evidence is a link, not a file: open its address instead.',
  evidenceNotYours:
    "A result's evidence is seen only by its organisation, and by its publisher's reviewers once asked to verify it.",
  evidenceByOrganisationOnly: 'Only the organisation that gave the answers adds or removes their evidence.',
  evidenceNeedsCompletedResult: 'Evidence is added to a completed result. Finish the survey first.',
  evidenceLockedInReview:
    'The result is being reviewed, so its evidence stays as it was sent until the reviewer answers.',
  evidenceLockedVerified: 'The result is verified, so its evidence stays as it was verified.',
  evidenceQuestionNotReopened:
    "The reviewer asked for more information on other answers; this answer's evidence stays as it was sent.",
  evidenceDownloadNotValid: 'This download link is not valid. Ask for the file again from the evidence list.',
  evidenceDownloadExpired: 'This download link has expired. Ask for the file again from the evidence list.',
} as const;

export function contentServiceFailure(serviceName: string): string {
  return `Could not receive the data from ${serviceName}!`;
}

// The reasons the guard chain logs with a redirect (docs/behaviour.md, Guard chain).
export const GUARD_REASONS = [
  'unknown route',
  'not logged in',
  'survey not completed',
  'survey not found',
  'signed in',
  'more rights needed',
  'billing access needed',
  'insights access needed',
  'management access needed',
  'anonymous',
  'default tenant only',
] as const;
export type GuardReason = (typeof GUARD_REASONS)[number];

export type CallableErrorCode =
  | 'ok'
  | 'cancelled'
  | 'unknown'
  | 'invalid-argument'
  | 'deadline-exceeded'
  | 'not-found'
  | 'already-exists'
  | 'permission-denied'
  | 'resource-exhausted'
  | 'failed-precondition'
  | 'aborted'
  | 'out-of-range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data-loss'
  | 'unauthenticated';

// Client side: HTTP status of a callable response to its code.
export const CALLABLE_CODE_BY_STATUS: Readonly<Record<number, CallableErrorCode>> = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  499: 'cancelled',
  500: 'internal',
  501: 'unimplemented',
  503: 'unavailable',
  504: 'deadline-exceeded',
};

export function codeForHttpStatus(status: number): CallableErrorCode {
  if (status >= 200 && status < 300) return 'ok';
  return CALLABLE_CODE_BY_STATUS[status] ?? 'unknown';
}

// Server side: the status a handler answers with for a code it throws.
export const HTTP_STATUS_BY_CODE: Readonly<Record<CallableErrorCode, number>> = {
  ok: 200,
  cancelled: 499,
  unknown: 500,
  'invalid-argument': 400,
  'deadline-exceeded': 504,
  'not-found': 404,
  'already-exists': 409,
  'permission-denied': 403,
  'resource-exhausted': 429,
  'failed-precondition': 400,
  aborted: 409,
  'out-of-range': 400,
  unimplemented: 501,
  internal: 500,
  unavailable: 503,
  'data-loss': 500,
  unauthenticated: 401,
};

export const CALLABLE_ERROR_CODES = Object.keys(HTTP_STATUS_BY_CODE) as CallableErrorCode[];

export function isCallableErrorCode(value: unknown): value is CallableErrorCode {
  return typeof value === 'string' && Object.hasOwn(HTTP_STATUS_BY_CODE, value);
}

export const CALLABLE_TIMEOUT_MS = 70000;
export const FUNCTIONS_REGION = 'australia-southeast1';
