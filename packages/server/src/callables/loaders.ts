// Each callable's handler module, imported on its function's first call. A deployed function loads
// only its own handler and what that imports (the survey's saves never load exceljs, pdf-lib or
// Stripe), and function discovery needs none of them: the names come from the keys.
// Typed by the declarations (@toolkit/domain callables.ts): a declared callable without a loader, or
// a loader of another callable's handler, does not compile.
import { API, type ApiName } from '@toolkit/domain';
import type { HandlerOf } from '../api/handler';

export type CallableLoaders = { readonly [N in ApiName]: () => Promise<HandlerOf<N>> };

export const callableLoaders: CallableLoaders = {
  [API.setUserRole]: async () => (await import('./admin/set-user-role.js')).setUserRole,
  [API.getUserRole]: async () => (await import('./admin/get-user-role.js')).getUserRole,
  [API.getAvailableRoles]: async () => (await import('./admin/get-available-roles.js')).getAvailableRoles,
  [API.removeUserRole]: async () => (await import('./admin/remove-user-role.js')).removeUserRole,
  [API.getSubscriptionDetails]: async () =>
    (await import('./subscription/get-subscription-details.js')).getSubscriptionDetails,
  [API.getCustomerEntitlements]: async () =>
    (await import('./entitlements/get-customer-entitlements.js')).getCustomerEntitlements,
  [API.verifyAndLoginWithInvite]: async () =>
    (await import('./journey/verify-and-login-with-invite.js')).verifyAndLoginWithInvite,
  [API.completeSignup]: async () => (await import('./account/complete-signup.js')).completeSignup,
  [API.getProfile]: async () => (await import('./account/get-profile.js')).getProfile,
  [API.watchProfile]: async () => (await import('./account/watch-profile.js')).watchProfile,
  [API.updateNames]: async () => (await import('./account/update-names.js')).updateNames,
  [API.exportMyData]: async () => (await import('./account/export-my-data.js')).exportMyData,
  [API.requestAccountDeletion]: async () =>
    (await import('./account/request-deletion.js')).requestAccountDeletion,
  [API.confirmAccountDeletion]: async () =>
    (await import('./account/confirm-deletion.js')).confirmAccountDeletion,
  [API.saveOrganisation]: async () => (await import('./organisation/save.js')).saveOrganisation,
  [API.getQuickscanDetails]: async () =>
    (await import('./organisation/quickscan-details.js')).getQuickscanDetails,
  [API.requestOrganisationDeletion]: async () =>
    (await import('./organisation/request-deletion.js')).requestOrganisationDeletion,
  [API.confirmOrganisationDeletion]: async () =>
    (await import('./organisation/confirm-deletion.js')).confirmOrganisationDeletion,
  [API.startResult]: async () => (await import('./survey/start-result.js')).startResult,
  [API.saveAnswer]: async () => (await import('./survey/save-answer.js')).saveAnswer,
  [API.completeResult]: async () => (await import('./survey/complete-result.js')).completeSurveyResult,
  [API.saveInviteAnswer]: async () => (await import('./journey/save-answer.js')).saveInviteAnswer,
  [API.submitInvite]: async () => (await import('./journey/submit.js')).submitInvite,
  [API.listLatestResults]: async () => (await import('./results/list-latest.js')).listLatestResults,
  [API.requestResultClaim]: async () => (await import('./claims/request-claim.js')).requestResultClaim,
  [API.describeResultClaims]: async () => (await import('./claims/describe.js')).describeResultClaims,
  [API.confirmResultClaim]: async () => (await import('./claims/confirm.js')).confirmResultClaim,
  [API.declineResultClaim]: async () => (await import('./claims/decline.js')).declineResultClaim,
  [API.toggleActionPlan]: async () => (await import('./results/toggle-action-plan.js')).toggleActionPlan,
  [API.findUsersByEmail]: async () => (await import('./users/find-by-email.js')).findUsersByEmail,
  [API.listActivity]: async () => (await import('./activity/list-activity.js')).listActivity,
  [API.listTenantUsers]: async () => (await import('./users/list-tenant-users.js')).listTenantUsers,
  [API.createInvite]: async () => (await import('./invites/create.js')).createInvite,
  [API.describeInvite]: async () => (await import('./invites/describe.js')).describeInvite,
  [API.declineInvite]: async () => (await import('./invites/decline.js')).declineInvite,
  [API.resendInvite]: async () => (await import('./invites/resend.js')).resendInvite,
  [API.withdrawInvite]: async () => (await import('./invites/withdraw.js')).withdrawInvite,
  [API.listMilestones]: async () => (await import('./milestones/list.js')).listMilestones,
  [API.setMilestone]: async () => (await import('./milestones/set.js')).setMilestone,
  [API.recordVisit]: async () => (await import('./milestones/record-visit.js')).recordVisit,
  [API.getSurveyInsights]: async () => (await import('./insights/get-survey-insights.js')).getSurveyInsights,
  [API.getBenchmark]: async () => (await import('./insights/get-benchmark.js')).getBenchmark,
  [API.listComments]: async () => (await import('./insights/list-comments.js')).listSurveyComments,
  [API.listReceivedResults]: async () => (await import('./insights/list-results.js')).listReceivedResults,
  [API.setResultExcluded]: async () => (await import('./insights/set-excluded.js')).setResultExcluded,
  [API.getReceivedResult]: async () => (await import('./insights/get-result.js')).getReceivedResult,
  [API.exportReceivedResults]: async () =>
    (await import('./insights/export-results.js')).exportReceivedResults,
  [API.listToolkitMembers]: async () => (await import('./insights/list-members.js')).listToolkitMembers,
  [API.listActions]: async () => (await import('./actions/list.js')).listActions,
  [API.updatePlannedAction]: async () =>
    (await import('./results/update-planned-action.js')).updatePlannedAction,
  [API.getDeclaration]: async () => (await import('./declaration/get.js')).getDeclaration,
  [API.signDeclaration]: async () => (await import('./declaration/sign.js')).signDeclaration,
  [API.revokeCredential]: async () => (await import('./declaration/revoke.js')).revokeCredential,
  [API.openCredential]: async () => (await import('./declaration/open-credential.js')).openCredential,
  [API.getCredentialKeys]: async () => (await import('./credentials/get-keys.js')).getCredentialKeys,
  [API.getCredentialStatus]: async () => (await import('./credentials/get-status.js')).getCredentialStatus,
  [API.getAlerts]: async () => (await import('./manage/get-alerts.js')).getAlerts,
  [API.saveAlerts]: async () => (await import('./manage/save-alerts.js')).saveAlerts,
  [API.confirmAlertRecipient]: async () =>
    (await import('./manage/confirm-recipient.js')).confirmAlertRecipient,
  [API.requestExpert]: async () => (await import('./expert/request.js')).requestExpert,
  [API.getBrand]: async () => (await import('./brand/get.js')).getBrand,
  [API.saveBrand]: async () => (await import('./brand/save.js')).saveBrand,
  [API.listEvidence]: async () => (await import('./evidence/list.js')).listEvidence,
  [API.addEvidenceFile]: async () => (await import('./evidence/add-file.js')).addEvidenceFile,
  [API.addEvidenceLink]: async () => (await import('./evidence/add-link.js')).addEvidenceLink,
  [API.removeEvidence]: async () => (await import('./evidence/remove.js')).removeEvidence,
  [API.getEvidenceDownload]: async () => (await import('./evidence/get-download.js')).getEvidenceDownload,
  [API.saveCustomAction]: async () => (await import('./actions/save-custom.js')).saveCustomAction,
  [API.deleteCustomAction]: async () => (await import('./actions/delete-custom.js')).deleteCustomAction,
  [API.getMateriality]: async () => (await import('./materiality/get.js')).getMateriality,
  [API.saveMateriality]: async () => (await import('./materiality/save.js')).saveMateriality,
  [API.startCheckout]: async () => (await import('./billing/start-checkout.js')).startCheckout,
  [API.confirmCheckout]: async () => (await import('./billing/confirm-checkout.js')).confirmCheckout,
  [API.listPlanPrices]: async () => (await import('./billing/list-prices.js')).listPlanPrices,
  [API.previewPlanChange]: async () => (await import('./billing/change-plan.js')).previewPlanChange,
  [API.changePlan]: async () => (await import('./billing/change-plan.js')).changePlan,
  [API.cancelSubscription]: async () => (await import('./billing/cancel-subscription.js')).cancelSubscription,
  [API.getSandboxCheckout]: async () => (await import('./billing/sandbox-checkout.js')).getSandboxCheckout,
  [API.finishSandboxCheckout]: async () =>
    (await import('./billing/sandbox-checkout.js')).finishSandboxCheckout,
  [API.listInvoices]: async () => (await import('./billing/invoices.js')).listInvoices,
  [API.openBillingPortal]: async () => (await import('./billing/invoices.js')).openBillingPortal,
  [API.getSandboxPortal]: async () => (await import('./billing/sandbox-checkout.js')).getSandboxPortal,
  [API.replaceSandboxCard]: async () => (await import('./billing/sandbox-checkout.js')).replaceSandboxCard,
  [API.getSandboxInvoice]: async () => (await import('./billing/sandbox-checkout.js')).getSandboxInvoice,
  [API.getMyReview]: async () => (await import('./reviews/get-mine.js')).getMyReview,
  [API.requestReview]: async () => (await import('./reviews/request.js')).requestReview,
  [API.commentOnReview]: async () => (await import('./reviews/comment.js')).commentOnReview,
  [API.resubmitReview]: async () => (await import('./reviews/resubmit.js')).resubmitReview,
  [API.listReviews]: async () => (await import('./reviews/list.js')).listReviews,
  [API.getReview]: async () => (await import('./reviews/get.js')).getReview,
  [API.decideReviewQuestion]: async () => (await import('./reviews/decide.js')).decideReviewQuestion,
  [API.concludeReview]: async () => (await import('./reviews/conclude.js')).concludeReview,
  [API.withdrawVerification]: async () => (await import('./reviews/withdraw.js')).withdrawVerification,
  [API.getOwnershipOffer]: async () => (await import('./ownership/get-offer.js')).getOwnershipOffer,
  [API.offerOwnership]: async () => (await import('./ownership/offer.js')).offerOwnership,
  [API.cancelOwnershipOffer]: async () => (await import('./ownership/cancel.js')).cancelOwnershipOffer,
  [API.declineOwnership]: async () => (await import('./ownership/decline.js')).declineOwnership,
  [API.acceptOwnership]: async () => (await import('./ownership/accept.js')).acceptOwnership,
};

/** Loaders that hand over handlers already imported (the local API host's, see ./index.ts). */
export function loadersOf(handlers: { readonly [N in ApiName]: HandlerOf<N> }): CallableLoaders {
  const loaders: Partial<Record<ApiName, () => Promise<unknown>>> = {};
  for (const name of Object.keys(handlers) as ApiName[]) loaders[name] = async () => handlers[name];
  return loaders as CallableLoaders;
}
