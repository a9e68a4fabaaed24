// Every callable's handler by name, imported at once: for the local API host (which runs TypeScript
// through a require hook, where the lazy loaders' import() cannot reach a .ts file) and the tests.
// One file each under its area (callables/<area>/<name>.ts, named after the part of its API name
// after the area). Typed by the declarations (@toolkit/domain callables.ts): a declared callable
// missing here, or a handler under another callable's name, does not compile. Cloud Functions loads
// each lazily instead (./loaders.ts).
import { API, type ApiName } from '@toolkit/domain';
import type { Handler, HandlerOf } from '../api/handler';
import type { Access } from '@toolkit/domain';
import type { z } from 'zod';
import { listActions } from './actions/list';
import { getCustomerEntitlements } from './entitlements/get-customer-entitlements';
import { completeSignup } from './account/complete-signup';
import { requestResultClaim } from './claims/request-claim';
import { describeResultClaims } from './claims/describe';
import { confirmResultClaim } from './claims/confirm';
import { declineResultClaim } from './claims/decline';
import { getProfile } from './account/get-profile';
import { updateNames } from './account/update-names';
import { exportMyData } from './account/export-my-data';
import { requestAccountDeletion } from './account/request-deletion';
import { confirmAccountDeletion } from './account/confirm-deletion';
import { watchProfile } from './account/watch-profile';
import { getAvailableRoles } from './admin/get-available-roles';
import { getUserRole } from './admin/get-user-role';
import { removeUserRole } from './admin/remove-user-role';
import { setUserRole } from './admin/set-user-role';
import { exportReceivedResults } from './insights/export-results';
import { getBenchmark } from './insights/get-benchmark';
import { listSurveyComments } from './insights/list-comments';
import { getReceivedResult } from './insights/get-result';
import { listToolkitMembers } from './insights/list-members';
import { listReceivedResults } from './insights/list-results';
import { setResultExcluded } from './insights/set-excluded';
import { getSurveyInsights } from './insights/get-survey-insights';
import { createInvite } from './invites/create';
import { declineInvite } from './invites/decline';
import { describeInvite } from './invites/describe';
import { resendInvite } from './invites/resend';
import { withdrawInvite } from './invites/withdraw';
import { saveInviteAnswer } from './journey/save-answer';
import { submitInvite } from './journey/submit';
import { verifyAndLoginWithInvite } from './journey/verify-and-login-with-invite';
import { listMilestones } from './milestones/list';
import { setMilestone } from './milestones/set';
import { recordVisit } from './milestones/record-visit';
import { saveOrganisation } from './organisation/save';
import { getQuickscanDetails } from './organisation/quickscan-details';
import { confirmOrganisationDeletion } from './organisation/confirm-deletion';
import { requestOrganisationDeletion } from './organisation/request-deletion';
import { listLatestResults } from './results/list-latest';
import { toggleActionPlan } from './results/toggle-action-plan';
import { updatePlannedAction } from './results/update-planned-action';
import { getSubscriptionDetails } from './subscription/get-subscription-details';
import { cancelSubscription } from './billing/cancel-subscription';
import { confirmCheckout } from './billing/confirm-checkout';
import {
  finishSandboxCheckout,
  getSandboxCheckout,
  getSandboxInvoice,
  getSandboxPortal,
  replaceSandboxCard,
} from './billing/sandbox-checkout';
import { startCheckout } from './billing/start-checkout';
import { listPlanPrices } from './billing/list-prices';
import { changePlan, previewPlanChange } from './billing/change-plan';
import { listInvoices, openBillingPortal } from './billing/invoices';
import { getBrand } from './brand/get';
import { saveBrand } from './brand/save';
import { addEvidenceFile } from './evidence/add-file';
import { addEvidenceLink } from './evidence/add-link';
import { getEvidenceDownload } from './evidence/get-download';
import { listEvidence } from './evidence/list';
import { removeEvidence } from './evidence/remove';
import { getMyReview } from './reviews/get-mine';
import { requestReview } from './reviews/request';
import { commentOnReview } from './reviews/comment';
import { resubmitReview } from './reviews/resubmit';
import { listReviews } from './reviews/list';
import { getReview } from './reviews/get';
import { decideReviewQuestion } from './reviews/decide';
import { concludeReview } from './reviews/conclude';
import { withdrawVerification } from './reviews/withdraw';
import { deleteCustomAction } from './actions/delete-custom';
import { saveCustomAction } from './actions/save-custom';
import { getMateriality } from './materiality/get';
import { saveMateriality } from './materiality/save';
import { getCredentialKeys } from './credentials/get-keys';
import { getCredentialStatus } from './credentials/get-status';
import { getDeclaration } from './declaration/get';
import { requestExpert } from './expert/request';
import { getAlerts } from './manage/get-alerts';
import { saveAlerts } from './manage/save-alerts';
import { confirmAlertRecipient } from './manage/confirm-recipient';
import { openCredential } from './declaration/open-credential';
import { revokeCredential } from './declaration/revoke';
import { signDeclaration } from './declaration/sign';
import { completeSurveyResult } from './survey/complete-result';
import { saveAnswer } from './survey/save-answer';
import { startResult } from './survey/start-result';
import { findUsersByEmail } from './users/find-by-email';
import { listTenantUsers } from './users/list-tenant-users';
import { acceptOwnership } from './ownership/accept';
import { cancelOwnershipOffer } from './ownership/cancel';
import { declineOwnership } from './ownership/decline';
import { getOwnershipOffer } from './ownership/get-offer';
import { offerOwnership } from './ownership/offer';
import { listActivity } from './activity/list-activity';

/** In the order the isolation suite's rightful calls need (see the notes in the list). */
export const callableHandlers: { readonly [N in ApiName]: HandlerOf<N> } = {
  [API.setUserRole]: setUserRole,
  [API.getUserRole]: getUserRole,
  [API.getAvailableRoles]: getAvailableRoles,
  [API.removeUserRole]: removeUserRole,
  [API.getSubscriptionDetails]: getSubscriptionDetails,
  [API.getCustomerEntitlements]: getCustomerEntitlements,
  [API.verifyAndLoginWithInvite]: verifyAndLoginWithInvite,
  [API.completeSignup]: completeSignup,
  [API.getProfile]: getProfile,
  [API.watchProfile]: watchProfile,
  [API.updateNames]: updateNames,
  [API.exportMyData]: exportMyData,
  [API.requestAccountDeletion]: requestAccountDeletion,
  [API.confirmAccountDeletion]: confirmAccountDeletion,
  [API.saveOrganisation]: saveOrganisation,
  [API.getQuickscanDetails]: getQuickscanDetails,
  [API.requestOrganisationDeletion]: requestOrganisationDeletion,
  [API.confirmOrganisationDeletion]: confirmOrganisationDeletion,
  [API.startResult]: startResult,
  [API.saveAnswer]: saveAnswer,
  [API.completeResult]: completeSurveyResult,
  [API.saveInviteAnswer]: saveInviteAnswer,
  [API.submitInvite]: submitInvite,
  [API.listLatestResults]: listLatestResults,
  [API.requestResultClaim]: requestResultClaim,
  [API.describeResultClaims]: describeResultClaims,
  [API.confirmResultClaim]: confirmResultClaim,
  [API.declineResultClaim]: declineResultClaim,
  [API.toggleActionPlan]: toggleActionPlan,
  [API.findUsersByEmail]: findUsersByEmail,
  [API.listActivity]: listActivity,
  [API.listTenantUsers]: listTenantUsers,
  [API.createInvite]: createInvite,
  [API.describeInvite]: describeInvite,
  [API.declineInvite]: declineInvite,
  [API.resendInvite]: resendInvite,
  [API.withdrawInvite]: withdrawInvite,
  [API.listMilestones]: listMilestones,
  [API.setMilestone]: setMilestone,
  [API.recordVisit]: recordVisit,
  [API.getSurveyInsights]: getSurveyInsights,
  [API.getBenchmark]: getBenchmark,
  [API.listComments]: listSurveyComments,
  [API.listReceivedResults]: listReceivedResults,
  [API.setResultExcluded]: setResultExcluded,
  [API.getReceivedResult]: getReceivedResult,
  [API.exportReceivedResults]: exportReceivedResults,
  [API.listToolkitMembers]: listToolkitMembers,
  [API.listActions]: listActions,
  [API.updatePlannedAction]: updatePlannedAction,
  [API.getDeclaration]: getDeclaration,
  [API.signDeclaration]: signDeclaration,
  [API.revokeCredential]: revokeCredential,
  [API.openCredential]: openCredential,
  [API.getCredentialKeys]: getCredentialKeys,
  [API.getCredentialStatus]: getCredentialStatus,
  [API.getAlerts]: getAlerts,
  [API.saveAlerts]: saveAlerts,
  [API.confirmAlertRecipient]: confirmAlertRecipient,
  [API.requestExpert]: requestExpert,
  // Before the billing callables too: asking for a review needs tenant A's paid plan.
  [API.getMyReview]: getMyReview,
  [API.requestReview]: requestReview,
  [API.commentOnReview]: commentOnReview,
  [API.resubmitReview]: resubmitReview,
  [API.listReviews]: listReviews,
  [API.getReview]: getReview,
  [API.decideReviewQuestion]: decideReviewQuestion,
  [API.concludeReview]: concludeReview,
  [API.withdrawVerification]: withdrawVerification,
  // Before the billing callables: the isolation suite's rightful cancelSubscription ends tenant A's plan.
  [API.getBrand]: getBrand,
  [API.saveBrand]: saveBrand,
  [API.listEvidence]: listEvidence,
  [API.addEvidenceFile]: addEvidenceFile,
  [API.addEvidenceLink]: addEvidenceLink,
  [API.removeEvidence]: removeEvidence,
  [API.getEvidenceDownload]: getEvidenceDownload,
  [API.saveCustomAction]: saveCustomAction,
  [API.deleteCustomAction]: deleteCustomAction,
  [API.getMateriality]: getMateriality,
  [API.saveMateriality]: saveMateriality,
  [API.startCheckout]: startCheckout,
  [API.confirmCheckout]: confirmCheckout,
  [API.listPlanPrices]: listPlanPrices,
  // Before cancelSubscription: a change needs the paid plan it ends.
  [API.previewPlanChange]: previewPlanChange,
  [API.changePlan]: changePlan,
  [API.cancelSubscription]: cancelSubscription,
  [API.getSandboxCheckout]: getSandboxCheckout,
  [API.finishSandboxCheckout]: finishSandboxCheckout,
  [API.listInvoices]: listInvoices,
  [API.openBillingPortal]: openBillingPortal,
  [API.getSandboxPortal]: getSandboxPortal,
  [API.replaceSandboxCard]: replaceSandboxCard,
  [API.getSandboxInvoice]: getSandboxInvoice,
  // Accepting makes tenant A's user an owner in the isolation suite's rightful calls: after the others.
  [API.getOwnershipOffer]: getOwnershipOffer,
  [API.offerOwnership]: offerOwnership,
  [API.cancelOwnershipOffer]: cancelOwnershipOffer,
  [API.declineOwnership]: declineOwnership,
  [API.acceptOwnership]: acceptOwnership,
};

/** The handlers in a list, as the router takes them. */
export const allCallables: readonly Handler<Access, z.ZodType, unknown, ApiName>[] =
  Object.values(callableHandlers);
