// The document paths of SPEC.md §3/§7, written once.
export const paths = {
  globalUser: (uid: string) => `users/${uid}`,
  tenant: (tenantId: string) => `tenants/${tenantId}`,
  tenantUsers: (tenantId: string) => `tenants/${tenantId}/users`,
  tenantUser: (tenantId: string, uid: string) => `tenants/${tenantId}/users/${uid}`,
  organisation: (tenantId: string) => `tenants/${tenantId}/organisation/profile`,
  results: (tenantId: string, surveyId: string) => `tenants/${tenantId}/assessments/${surveyId}/results`,
  result: (tenantId: string, surveyId: string, resultId: string) =>
    `tenants/${tenantId}/assessments/${surveyId}/results/${resultId}`,
  userSurveyResults: (tenantId: string, uid: string) => `tenants/${tenantId}/users/${uid}/surveyResults`,
  userSurveyResult: (tenantId: string, uid: string, id: string) =>
    `tenants/${tenantId}/users/${uid}/surveyResults/${id}`,
  milestones: (tenantId: string, uid: string) => `tenants/${tenantId}/users/${uid}/milestones`,
  milestone: (tenantId: string, uid: string, milestoneId: string) =>
    `tenants/${tenantId}/users/${uid}/milestones/${milestoneId}`,
  /** Counts and score sums per survey, updated with each completion, read by dashboards. */
  aggregate: (tenantId: string, surveyId: string) => `tenants/${tenantId}/aggregates/${surveyId}`,
  invite: (inviteId: string) => `survey-invites/${inviteId}`,
  mail: () => 'mail',
  mailDoc: (id: string) => `mail/${id}`,
} as const;
