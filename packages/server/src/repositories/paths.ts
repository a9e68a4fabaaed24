// The document paths (docs/behaviour.md, Data model), written once.
import { idProblem } from '@toolkit/domain/requests';

/**
 * Each id must be one segment of the id alphabet: the request schemas check ids already, and this
 * second check means a handler that forgot to cannot reach another document ("u1/milestones/x").
 * A plain Error on purpose: the router logs it and answers `internal`, as for any bug.
 */
function segment(id: unknown): string {
  const problem = typeof id === 'string' ? idProblem(id) : 'must be a string';
  if (problem !== null) {
    throw new Error(
      `Refused the store path segment ${JSON.stringify(String(id).slice(0, 140))}: it ${problem}.`,
    );
  }
  return id as string;
}

/** A path whose every interpolated id is checked with `segment`. */
function path(literals: TemplateStringsArray, ...ids: string[]): string {
  return literals.reduce((built, literal, i) => built + segment(ids[i - 1]) + literal);
}

export const paths = {
  globalUser: (uid: string) => path`users/${uid}`,
  tenant: (tenantId: string) => path`tenants/${tenantId}`,
  tenantUsers: (tenantId: string) => path`tenants/${tenantId}/users`,
  tenantUser: (tenantId: string, uid: string) => path`tenants/${tenantId}/users/${uid}`,
  organisation: (tenantId: string) => path`tenants/${tenantId}/organisation/profile`,
  results: (tenantId: string, surveyId: string) => path`tenants/${tenantId}/assessments/${surveyId}/results`,
  result: (tenantId: string, surveyId: string, resultId: string) =>
    path`tenants/${tenantId}/assessments/${surveyId}/results/${resultId}`,
  /** A survey's comments (answers to its open questions), one per result and question. */
  comments: (tenantId: string, surveyId: string) =>
    path`tenants/${tenantId}/assessments/${surveyId}/comments`,
  comment: (tenantId: string, surveyId: string, resultId: string, questionId: string) =>
    path`tenants/${tenantId}/assessments/${surveyId}/comments/${resultId}_${questionId}`,
  userSurveyResults: (tenantId: string, uid: string) => path`tenants/${tenantId}/users/${uid}/surveyResults`,
  userSurveyResult: (tenantId: string, uid: string, id: string) =>
    path`tenants/${tenantId}/users/${uid}/surveyResults/${id}`,
  /** The organisation's milestones (docs/journey.md), shared by its members. */
  organisationMilestones: (tenantId: string) => path`tenants/${tenantId}/milestones`,
  organisationMilestone: (tenantId: string, milestoneId: string) =>
    path`tenants/${tenantId}/milestones/${milestoneId}`,
  /** A member's milestones from before they were the organisation's: still read, no longer written. */
  milestones: (tenantId: string, uid: string) => path`tenants/${tenantId}/users/${uid}/milestones`,
  milestone: (tenantId: string, uid: string, milestoneId: string) =>
    path`tenants/${tenantId}/users/${uid}/milestones/${milestoneId}`,
  /** A survey's counts are kept in shards (domain insights.ts), read together by Insights. */
  aggregateShards: (tenantId: string, surveyId: string) =>
    path`tenants/${tenantId}/aggregates/${surveyId}/shards`,
  aggregateShard: (tenantId: string, surveyId: string, shard: number) =>
    path`tenants/${tenantId}/aggregates/${surveyId}/shards/${String(shard)}`,
  /** Marks an organisation as counted among the survey's distinct organisations. */
  aggregateOrganisation: (tenantId: string, surveyId: string, organisationKey: string) =>
    path`tenants/${tenantId}/aggregates/${surveyId}/organisations/${organisationKey}`,
  /** A business tenant's latest completed result of the survey and the peer groups it names. */
  aggregatePeers: (tenantId: string, surveyId: string) =>
    path`tenants/${tenantId}/aggregates/${surveyId}/peers`,
  aggregatePeer: (tenantId: string, surveyId: string, organisationTenantId: string) =>
    path`tenants/${tenantId}/aggregates/${surveyId}/peers/${organisationTenantId}`,
  /** A peer group's published figures (its id: the group key with '-' for ':', e.g. 'sector-retail'). */
  peerGroupSnapshot: (tenantId: string, surveyId: string, snapshotId: string) =>
    path`tenants/${tenantId}/aggregates/${surveyId}/peerGroups/${snapshotId}`,
  /** A toolkit's own record: what the server keeps about it beside the content service's. */
  toolkit: (toolkit: string) => path`toolkits/${toolkit}`,
  /** The organisations that signed up through a toolkit's portal, one document each. */
  toolkitMembers: (toolkit: string) => path`toolkits/${toolkit}/members`,
  toolkitMember: (toolkit: string, tenantId: string) => path`toolkits/${toolkit}/members/${tenantId}`,
  /** An organisation's declaration credentials, each with its token, signer and revocation. */
  tenantCredential: (tenantId: string, credentialId: string) =>
    path`tenants/${tenantId}/credentials/${credentialId}`,
  /** Whether a credential was revoked, found by its id alone (the public check has no tenant). */
  credentialStatus: (credentialId: string) => path`credentialStatus/${credentialId}`,
  /** Who receives which notification of the organisation (Manage alerts). */
  alerts: (tenantId: string) => path`tenants/${tenantId}/settings/alerts`,
  /** An alert recipient's pending confirmation, by the sha256 of its link's token (manage/alerts). */
  alertConfirmation: (tokenHash: string) => path`alertConfirmations/${tokenHash}`,
  /** The organisation's brand: colour and logo (brandkit). */
  brand: (tenantId: string) => path`tenants/${tenantId}/settings/brand`,
  /** The organisation's own actions (custom-opportunities). */
  customActions: (tenantId: string) => path`tenants/${tenantId}/customActions`,
  customAction: (tenantId: string, actionId: string) => path`tenants/${tenantId}/customActions/${actionId}`,
  /** The organisation's evidence on its results' answers, one document per file or link (repositories/evidence.ts). */
  evidence: (tenantId: string) => path`tenants/${tenantId}/evidence`,
  evidenceItem: (tenantId: string, evidenceId: string) => path`tenants/${tenantId}/evidence/${evidenceId}`,
  /** The organisation's double-materiality ratings (materiality-assessment). */
  materiality: (tenantId: string) => path`tenants/${tenantId}/settings/materiality`,
  /** A member's question to the toolkit's experts, kept with what was sent. */
  expertRequest: (tenantId: string, requestId: string) =>
    path`tenants/${tenantId}/expertRequests/${requestId}`,
  /** The local billing sandbox's customers, checkout sessions and subscriptions (billing/sandbox.ts). */
  sandboxCustomer: (customerId: string) => path`billingSandboxCustomers/${customerId}`,
  sandboxSession: (sessionId: string) => path`billingSandboxSessions/${sessionId}`,
  sandboxSubscription: (customerId: string) => path`billingSandboxSubscriptions/${customerId}`,
  /** Stripe's customers as its webhooks last told (billing/stripe.ts), and the events already processed. */
  stripeCustomer: (customerId: string) => path`billingStripeCustomers/${customerId}`,
  stripeEvent: (eventId: string) => path`billingStripeEvents/${eventId}`,
  /** Reviews of businesses' results by the publisher of their survey, one per request (repositories/reviews.ts). */
  reviews: () => 'reviews',
  review: (reviewId: string) => path`reviews/${reviewId}`,
  invites: () => 'survey-invites',
  invite: (inviteId: string) => path`survey-invites/${inviteId}`,
  mail: () => 'mail',
  mailDoc: (id: string) => path`mail/${id}`,
  /** One abuse-limit counter for one window (abuse/limits.ts); expired by a TTL policy on expiresAt. */
  rateLimit: (counterId: string) => path`rateLimits/${counterId}`,
} as const;
