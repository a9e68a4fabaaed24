// The callable names (docs/behaviour.md, Callables), apart from the request and response types so that the
// request schemas can use them without importing those types back.
export const API = {
  // The callables the browser calls by name.
  setUserRole: 'admin-setUserRole',
  getUserRole: 'admin-getUserRole',
  getAvailableRoles: 'admin-getAvailableRoles',
  removeUserRole: 'admin-removeUserRole',
  getSubscriptionDetails: 'subscription-getSubscriptionDetails',
  getCustomerEntitlements: 'entitlements-getCustomerEntitlements',
  verifyAndLoginWithInvite: 'journey-verifyAndLoginWithInvite',
  // What would otherwise be document reads and writes from the browser, one callable each.
  completeSignup: 'account-completeSignup',
  getProfile: 'account-getProfile',
  /** The live tenant user profile: streams the profile as it changes. */
  watchProfile: 'account-watchProfile',
  updateNames: 'account-updateNames',
  /** Everything the product holds about the caller, as one download (docs/behaviour.md, A person's data). */
  exportMyData: 'account-exportMyData',
  /** Mails the caller a fresh link that confirms deleting their account. */
  requestAccountDeletion: 'account-requestDeletion',
  /** The mailed link's token: deletes the caller's account, anonymising their results. */
  confirmAccountDeletion: 'account-confirmDeletion',
  saveOrganisation: 'organisation-save',
  /** An owner asks to delete the organisation: a fresh confirmation link is mailed to them. */
  requestOrganisationDeletion: 'organisation-requestDeletion',
  /** The mailed link's token: the organisation is closed at once and its data purged after the grace period. */
  confirmOrganisationDeletion: 'organisation-confirmDeletion',
  startResult: 'survey-startResult',
  saveAnswer: 'survey-saveAnswer',
  completeResult: 'survey-completeResult',
  listLatestResults: 'results-listLatest',
  /**
   * An anonymous respondent asks to keep a completed result: it is claimed for the address once that
   * address is proven (docs/behaviour.md, Saving results).
   */
  requestResultClaim: 'results-requestClaim',
  /** The results waiting for the caller's proven address, named for them to confirm or decline. */
  describeResultClaims: 'claims-describe',
  /** The addressee confirms a waiting result is theirs: it joins their organisation. */
  confirmResultClaim: 'claims-confirm',
  /** The addressee says a waiting result is not theirs: the claim is discarded. */
  declineResultClaim: 'claims-decline',
  toggleActionPlan: 'results-toggleActionPlan',
  /** Status, owner and due date of an action in the plan. */
  updatePlannedAction: 'results-updatePlannedAction',
  /** The action catalogue for the caller's latest completed result: suggestions, plan, changes. */
  listActions: 'actions-list',
  findUsersByEmail: 'users-findByEmail',
  listTenantUsers: 'users-listTenantUsers',
  createInvite: 'invites-create',
  /** What an invite link offers (who invites, into what), before its holder accepts or declines. */
  describeInvite: 'invites-describe',
  declineInvite: 'invites-decline',
  /** Mails a pending invite's link again (by address: the inviter never holds the link). */
  resendInvite: 'invites-resend',
  /** Takes back an invite not accepted yet: its link then says it was withdrawn. */
  withdrawInvite: 'invites-withdraw',
  saveInviteAnswer: 'journey-saveAnswer',
  submitInvite: 'journey-submit',
  listMilestones: 'milestones-list',
  setMilestone: 'milestones-set',
  /** A publisher's view of the results its survey received. */
  getSurveyInsights: 'insights-getSurveyInsights',
  /** A business's own results of a survey over time, beside its peers'. */
  getBenchmark: 'insights-getBenchmark',
  /** The comments (answers to one open question) a publisher's survey received, newest first, searchable. */
  listComments: 'insights-listComments',
  /** The results a publisher's survey received: one page, filtered, sorted and searched, with its count. */
  listReceivedResults: 'insights-listResults',
  /** Marks a received result excluded (a test or junk) or counted again: it leaves or rejoins the aggregates. */
  setResultExcluded: 'insights-setExcluded',
  /** One received result in full: the drill-down the notification e-mail links to. */
  getReceivedResult: 'insights-getResult',
  /** The organisations that signed up through a toolkit the caller's organisation publishes. */
  listToolkitMembers: 'insights-listMembers',
  /** Every completed result of a survey as CSV, streamed page by page. */
  exportReceivedResults: 'insights-exportResults',
  /** The declaration to sign (from the CMS), who signed it and the organisation's credential. */
  getDeclaration: 'declaration-get',
  /** An owner or admin signs for the organisation, which issues a credential. */
  signDeclaration: 'declaration-sign',
  /** An owner or admin revokes the organisation's credential. */
  revokeCredential: 'declaration-revoke',
  /** Opening the credential from the Declaration screen (the view-declaration-credential milestone). */
  openCredential: 'declaration-openCredential',
  /** Public: the keys credentials are signed with, as a JWKS. */
  getCredentialKeys: 'credentials-getKeys',
  /** Public: whether a credential was revoked. */
  getCredentialStatus: 'credentials-getStatus',
  /** Who receives which notification of the member's organisation. */
  getAlerts: 'manage-getAlerts',
  saveAlerts: 'manage-saveAlerts',
  /** Public: an alert recipient outside the organisation confirms its address by the mailed link. */
  confirmAlertRecipient: 'manage-confirmRecipient',
  /** A member asks the toolkit's experts a question (the Expert page). */
  requestExpert: 'expert-request',
  /** A Checkout Session for a paid plan; the answer's url is where the member pays. */
  startCheckout: 'billing-startCheckout',
  /** Whether a checkout the member returned from belongs to their organisation and is paid. */
  confirmCheckout: 'billing-confirmCheckout',
  /** Ends the organisation's paid subscription: back to Free. */
  cancelSubscription: 'billing-cancelSubscription',
  /** The local sandbox's checkout page: what is being bought, and paying or cancelling it. */
  getSandboxCheckout: 'billing-getSandboxCheckout',
  finishSandboxCheckout: 'billing-finishSandboxCheckout',
  /** The paid plans' prices, from the billing provider. */
  listPlanPrices: 'billing-listPrices',
  /** What moving a paid organisation to another plan or period does to the current period. */
  previewPlanChange: 'billing-previewChange',
  changePlan: 'billing-changePlan',
  /** The organisation's invoices and receipts, newest first. */
  listInvoices: 'billing-listInvoices',
  /** The provider's customer portal (payment method, cancellation); its answer's url opens it. */
  openBillingPortal: 'billing-openPortal',
  /** The local sandbox's portal and receipts: the card on file, replacing it, one invoice. */
  getSandboxPortal: 'billing-getSandboxPortal',
  replaceSandboxCard: 'billing-replaceSandboxCard',
  getSandboxInvoice: 'billing-getSandboxInvoice',
  /** The organisation's brand (brandkit) and whether its plan applies it. */
  getBrand: 'brand-get',
  saveBrand: 'brand-save',
  /** Writes or changes an action of the organisation's own (custom-opportunities). */
  saveCustomAction: 'actions-saveCustom',
  deleteCustomAction: 'actions-deleteCustom',
  /** The organisation's double-materiality ratings (materiality-assessment). */
  getMateriality: 'materiality-get',
  saveMateriality: 'materiality-save',
  /** The organisation's audit trail (the Activity screen): newest first, a page at a time, by kind. */
  listActivity: 'audit-listActivity',
  /** An owner offers ownership to another member; they accept or decline, the owner may withdraw it. */
  offerOwnership: 'ownership-offer',
  acceptOwnership: 'ownership-accept',
  declineOwnership: 'ownership-decline',
  cancelOwnershipOffer: 'ownership-cancel',
  /** The pending ownership offer, for those who manage users and for the member it is made to. */
  getOwnershipOffer: 'ownership-getOffer',
} as const;
