// Every callable, one file each under its area (callables/<area>/<name>.ts, named after the part of
// its API name after the area). The router, both API hosts, Cloud Functions and the isolation suite
// (which covers each entry automatically) read this list.
import type { Handler } from '../api/handler';
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
import { saveOrganisation } from './organisation/save';
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

export const allCallables: readonly Handler[] = [
  setUserRole,
  getUserRole,
  getAvailableRoles,
  removeUserRole,
  getSubscriptionDetails,
  getCustomerEntitlements,
  verifyAndLoginWithInvite,
  completeSignup,
  getProfile,
  watchProfile,
  updateNames,
  exportMyData,
  requestAccountDeletion,
  confirmAccountDeletion,
  saveOrganisation,
  requestOrganisationDeletion,
  confirmOrganisationDeletion,
  startResult,
  saveAnswer,
  completeSurveyResult,
  saveInviteAnswer,
  submitInvite,
  listLatestResults,
  requestResultClaim,
  describeResultClaims,
  confirmResultClaim,
  declineResultClaim,
  toggleActionPlan,
  findUsersByEmail,
  listActivity,
  listTenantUsers,
  createInvite,
  describeInvite,
  declineInvite,
  resendInvite,
  withdrawInvite,
  listMilestones,
  setMilestone,
  getSurveyInsights,
  getBenchmark,
  listSurveyComments,
  listReceivedResults,
  setResultExcluded,
  getReceivedResult,
  exportReceivedResults,
  listToolkitMembers,
  listActions,
  updatePlannedAction,
  getDeclaration,
  signDeclaration,
  revokeCredential,
  openCredential,
  getCredentialKeys,
  getCredentialStatus,
  getAlerts,
  saveAlerts,
  confirmAlertRecipient,
  requestExpert,
  // Before the billing callables: the isolation suite's rightful cancelSubscription ends tenant A's plan.
  getBrand,
  saveBrand,
  saveCustomAction,
  deleteCustomAction,
  getMateriality,
  saveMateriality,
  startCheckout,
  confirmCheckout,
  listPlanPrices,
  // Before cancelSubscription: a change needs the paid plan it ends.
  previewPlanChange,
  changePlan,
  cancelSubscription,
  getSandboxCheckout,
  finishSandboxCheckout,
  listInvoices,
  openBillingPortal,
  getSandboxPortal,
  replaceSandboxCard,
  getSandboxInvoice,
  // Accepting makes tenant A's user an owner in the isolation suite's rightful calls: after the others.
  getOwnershipOffer,
  offerOwnership,
  cancelOwnershipOffer,
  declineOwnership,
  acceptOwnership,
];
