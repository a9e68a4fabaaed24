// Tenant isolation and authorisation for EVERY callable in allCallables, against the real Auth
// emulator, PGlite and the local content service. CASES is keyed by the declared callable names
// (@toolkit/domain callables.ts): a new declaration without an entry does not compile. Each entry names one request aimed at tenant A's data and what must happen when it
// comes (1) without a token, (2) from an anonymous session, (3) from tenant B's owner and (4) from
// a caller below the bar; a refusal must leave every stored document byte-for-byte as it was.
import {
  ACCOUNT_DELETION_FRAGMENT,
  API,
  ORGANISATION_DELETION_FRAGMENT,
  type ApiName,
  type DeclarationOverview,
} from '@toolkit/domain';
import { allCallables } from './callables';
import { paths } from './repositories/paths';
import { claimIdOf } from './repositories/result-claims';
import { createReview, reviewOf, type StoredReview } from './repositories/reviews';
import type { DocSnapshot } from './store/port';
import {
  errorOf,
  inviteSentTo,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from './testing';

// Tenant A publishes the seed content's surveys, so its results are real survey results.
const A = 'demo-publisher';
const B = 'tenant-b';
const SURVEY = 'quickscan';
const QUESTION = 'company-name';

type Code = 'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'NOT_FOUND' | 'FAILED_PRECONDITION';
/**
 * Not refused, for the stated reason. Still checked: tenant A's documents do not change and,
 * unless `mayReveal`, the response names none of A's users.
 */
interface Exempt {
  exempt: string;
  mayReveal?: true;
  /** Why the first such call records a fact in tenant A; a repeat of it must still change nothing. */
  recordsOnce?: string;
}
type Outcome = Code | Exempt;
type Who =
  | 'ownerA'
  | 'viewerA'
  | 'userA'
  | 'ownerB'
  | 'noTenant'
  | 'anonymous'
  | 'invitee'
  | 'respondent'
  | 'leaver'
  | 'closer'
  | 'none';

interface Seed {
  ownerA: TestAccount;
  adminA: TestAccount;
  viewerA: TestAccount;
  userA: TestAccount;
  ownerB: TestAccount;
  /** Tenant A's owner's own survey result (also their user result's id). */
  resultA: string;
  inviteA: { inviteId: string; key: string; surveyResultId: string };
  /** An invite of tenant A that nobody has accepted. */
  pendingInviteA: { inviteId: string; key: string };
  /** Tenant A's declaration credential, signed by its owner. */
  credentialA: string;
  /** Tenant A's paid sandbox checkout (tenant A is on Leader) and its invoice. */
  checkoutA: string;
  invoiceA: string;
  /** An action of tenant A's own. */
  customActionA: string;
  /** The token of the confirmation link mailed to an alert recipient outside tenant A. */
  alertTokenA: string;
  /** A result of tenant A's survey that an anonymous respondent (`respondent`) completed. */
  respondentResultA: string;
}

interface Case {
  /** A request aimed at tenant A's data. */
  attack: (seed: Seed) => unknown;
  noToken: Outcome;
  anonymous: Outcome;
  otherTenant: Outcome;
  tooLow: { as: 'viewerA' | 'userA' | 'noTenant'; expect: Outcome };
  /** Who may make the attack request: proves the refusals come from authorisation, not a bad request. */
  rightful: 'ownerA' | 'userA' | 'invitee' | 'respondent' | 'leaver' | 'closer' | 'none';
  /** Sets up what the rightful call needs and the calls before it do not leave (an ownership offer). */
  prepare?: (seed: Seed) => Promise<void>;
  /** The rightful caller's request where the attack's can succeed for nobody (an accepted invite is not declined). */
  rightfulAttack?: (seed: Seed) => unknown;
  /** An invalid request (sent by the rightful caller) and the field its error must name. */
  invalid: { data: (seed: Seed) => unknown; field: string };
}

const MEMBER = { noToken: 'UNAUTHENTICATED', anonymous: 'PERMISSION_DENIED' } as const;
const OWN_ONLY: Exempt = {
  exempt: 'the request names no tenant: it only ever reads or writes the caller’s own',
};
const ANY_MEMBER = { as: 'noTenant', expect: 'PERMISSION_DENIED' } as const;
const RESPONDENT = {
  noToken: 'UNAUTHENTICATED',
  anonymous: 'PERMISSION_DENIED',
  otherTenant: 'PERMISSION_DENIED',
  tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
  rightful: 'ownerA',
} as const;
const resultRef = (seed: Seed) => ({ tenantId: A, surveyId: SURVEY, resultId: seed.resultA });
const inviteRef = (seed: Seed) => ({
  tenantId: A,
  surveyId: SURVEY,
  surveyResultId: seed.inviteA.surveyResultId,
});

let invitees = 0;

/** A member of tenant A who deletes their account in the rightful run, so every seeded caller stays. */
let leaver: TestAccount;
/** The token of the deletion link mailed to the leaver. */
let leaverLink = '';

async function mailLeaverADeletionLink() {
  resultOf(await env.call(API.requestAccountDeletion, null, leaver.token));
  const [mail] = await env.store.query(paths.mail(), { where: [['to', 'array-contains', leaver.email]] });
  const html = String((mail?.data?.message as { html?: string } | undefined)?.html);
  leaverLink = new RegExp(`#${ACCOUNT_DELETION_FRAGMENT}([\\w-]{43})`).exec(html)?.[1] ?? '';
}

/** The owner of a tenant of their own, which they delete in the rightful run. */
let closer: TestAccount;
/** The token of the organisation deletion link mailed to the closer. */
let closerLink = '';

async function mailCloserADeletionLink() {
  resultOf(await env.call(API.requestOrganisationDeletion, null, closer.token));
  const [mail] = await env.store.query(paths.mail(), { where: [['to', 'array-contains', closer.email]] });
  const html = String((mail?.data?.message as { html?: string } | undefined)?.html);
  closerLink = new RegExp(`#${ORGANISATION_DELETION_FRAGMENT}([\\w-]{43})`).exec(html)?.[1] ?? '';
}

/** A claim waiting for tenant A's owner: a fresh anonymous result, asked to be saved under their address. */
let ownersClaim = '';

async function claimForOwnerA(seed: Seed) {
  const respondent = await env.anonymous();
  const ref = { tenantId: A, surveyId: SURVEY };
  const { resultId } = resultOf<{ resultId: string }>(await env.call(API.startResult, ref, respondent.token));
  const saved = { ...ref, resultId, questionId: 'renewable-electricity', answer: 'all', seq: 1 };
  resultOf(await env.call(API.saveAnswer, saved, respondent.token));
  resultOf(await env.call(API.completeResult, { ...ref, resultId }, respondent.token));
  const claim = { ...ref, resultId, email: seed.ownerA.email };
  resultOf(await env.call(API.requestResultClaim, claim, respondent.token));
  ownersClaim = claimIdOf({ ...ref, resultId });
}

/** Answering a claim: only its addressee's; another's claim reads as gone. */
const CLAIM_ANSWER = {
  ...MEMBER,
  attack: (s: Seed) => ({
    claimId: claimIdOf({ tenantId: A, surveyId: SURVEY, resultId: s.respondentResultA }),
  }),
  otherTenant: 'NOT_FOUND',
  tooLow: ANY_MEMBER,
  rightful: 'ownerA',
  prepare: claimForOwnerA,
  rightfulAttack: () => ({ claimId: ownersClaim }),
  invalid: { data: () => ({ claimId: '' }), field: 'claimId' },
} as const;

const OWNERSHIP_ANSWER = {
  ...MEMBER,
  attack: () => null,
  otherTenant: 'FAILED_PRECONDITION',
  tooLow: { as: 'viewerA', expect: 'FAILED_PRECONDITION' },
  invalid: { data: () => [], field: 'data' },
} as const;

/** A standing ownership offer from `owner` to `member`, unless one stands already. */
async function offerOwnershipTo(owner: TestAccount, member: TestAccount) {
  await env.call(API.offerOwnership, { uid: member.uid }, owner.token);
}

/** Evidence on tenant A's owner's result: its organisation's alone (callables/evidence/access.ts). */
const EVIDENCE_QUESTION = 'renewable-electricity';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');
const evidenceRef = (seed: Seed) => ({ surveyId: SURVEY, resultId: seed.resultA });
let evidenceOfA = '';

/** Evidence is added to a completed result; the rightful completion may not have run yet. */
async function completeResultA(seed: Seed) {
  await env.call(API.completeResult, resultRef(seed), seed.ownerA.token);
}

async function addEvidenceToResultA(seed: Seed) {
  await completeResultA(seed);
  const added = {
    ...evidenceRef(seed),
    questionId: EVIDENCE_QUESTION,
    fileName: 'bill.pdf',
    contentBase64: PDF,
  };
  evidenceOfA = resultOf<{ item: { evidenceId: string } }>(
    await env.call(API.addEvidenceFile, added, seed.ownerA.token),
  ).item.evidenceId;
}

/**
 * Reviews. As a publisher, tenant A reviews the results businesses ask it to verify (stored here as
 * the request would store them); as a business, it asks Coastal Council to verify its latest result.
 */
const COASTAL = { tenantId: 'coastal-council', surveyId: 'coastal-check' };
let coastalResultA = 'coastal-result-of-a';

async function completeCoastalResultOfA(seed: Seed) {
  const { resultId } = resultOf<{ resultId: string }>(
    await env.call(API.startResult, COASTAL, seed.ownerA.token),
  );
  const answer = { ...COASTAL, resultId, questionId: 'energy-tracking', answer: 0, seq: 1 };
  resultOf(await env.call(API.saveAnswer, answer, seed.ownerA.token));
  resultOf(await env.call(API.completeResult, { ...COASTAL, resultId }, seed.ownerA.token));
  coastalResultA = resultId;
}

/** A review of a business's quickscan result, which tenant A reviews unless `fields` say otherwise. */
const storeReview = (seed: Seed, reviewId: string, fields: Partial<StoredReview>) =>
  env.store.transaction(async (tx) =>
    createReview(tx, {
      ...reviewOf(reviewId, {}),
      businessTenantId: 'tenant-reviewed',
      publisherTenantId: A,
      surveyId: SURVEY,
      resultId: seed.respondentResultA,
      surveyTitle: 'Quickscan',
      organisationName: 'Reviewed business',
      publisherName: 'Publisher',
      requestedAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...fields,
    }),
  );

/** Stored once, before the first rightful call that needs it. */
let reviewsStored = false;
async function storeReviews(seed: Seed) {
  if (reviewsStored) return;
  reviewsStored = true;
  await storeReview(seed, 'review-by-a', {});
  await storeReview(seed, 'verified-by-a', { status: 'verified', verifiedAt: '2026-01-02T00:00:00.000Z' });
  await storeReview(seed, 'review-of-a', {
    businessTenantId: A,
    publisherTenantId: COASTAL.tenantId,
    // Not a result the evidence cases add to: its review would lock their answers.
    resultId: 'result-asked-about',
    status: 'needsInformation',
    openQuestionIds: [QUESTION],
  });
}

/** A publisher's review: tenant A's members who may review results; another organisation finds none. */
const REVIEWER = (reviewId: string, more: Record<string, unknown> = {}) =>
  ({
    ...MEMBER,
    attack: () => ({ reviewId, ...more }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    prepare: storeReviews,
    invalid: { data: () => ({ reviewId: 'a/b', ...more }), field: 'reviewId' },
  }) as const;

/** The caller's own profile, read once or watched: any member, and only their own. */
const OWN_PROFILE = {
  ...MEMBER,
  attack: () => null,
  otherTenant: OWN_ONLY,
  tooLow: ANY_MEMBER,
  rightful: 'ownerA',
  invalid: { data: () => [], field: 'data' },
} as const;

/** Public reads that name no tenant and reveal nothing about one: every caller gets the same answer. */
const PUBLIC_READ = (what: string) => {
  const exempt: Exempt = { exempt: `public: ${what}` };
  return {
    noToken: exempt,
    anonymous: exempt,
    otherTenant: exempt,
    tooLow: { as: 'noTenant', expect: exempt },
    rightful: 'none',
  } as const;
};

const CASES: Record<ApiName, Case> = {
  [API.setUserRole]: {
    ...MEMBER,
    attack: (s) => ({ uid: s.userA.uid, tenantId: A, role: 'viewer' }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: (s) => ({ uid: s.userA.uid, tenantId: A, role: 'emperor' }), field: 'role' },
  },
  [API.getUserRole]: {
    ...MEMBER,
    attack: (s) => ({ uid: s.ownerA.uid, tenantId: A }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ uid: '', tenantId: A }), field: 'uid' },
  },
  [API.getAvailableRoles]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => 'all', field: 'data' },
  },
  [API.removeUserRole]: {
    ...MEMBER,
    attack: (s) => ({ uid: s.userA.uid, tenantId: A }),
    // Not userA, whose rightful calls follow: a removal ends the member's sessions.
    rightfulAttack: (s) => ({ uid: s.viewerA.uid, tenantId: A }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ tenantId: A }), field: 'uid' },
  },
  [API.getSubscriptionDetails]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => 42, field: 'data' },
  },
  [API.getCustomerEntitlements]: {
    ...MEMBER,
    attack: () => ({ tenantId: A }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => ({}), field: 'tenantId' },
  },
  // The seed's invitee redeemed invite A: whoever else holds its link is refused.
  [API.verifyAndLoginWithInvite]: {
    attack: (s) => ({ inviteId: s.inviteA.inviteId, key: s.inviteA.key }),
    noToken: 'FAILED_PRECONDITION',
    anonymous: 'FAILED_PRECONDITION',
    otherTenant: 'FAILED_PRECONDITION',
    tooLow: { as: 'noTenant', expect: 'FAILED_PRECONDITION' },
    rightful: 'invitee',
    invalid: { data: () => ({ inviteId: 7 }), field: 'inviteId' },
  },
  [API.describeInvite]: {
    ...PUBLIC_READ("the link's key, mailed to its addressee only, is what lets its holder read the offer"),
    noToken: { exempt: "the link's key is the capability", mayReveal: true },
    anonymous: { exempt: "the link's key is the capability", mayReveal: true },
    otherTenant: { exempt: "the link's key is the capability", mayReveal: true },
    tooLow: { as: 'noTenant', expect: { exempt: "the link's key is the capability", mayReveal: true } },
    attack: (s) => ({ inviteId: s.inviteA.inviteId, key: s.inviteA.key }),
    invalid: { data: () => ({ inviteId: 7 }), field: 'inviteId' },
  },
  [API.declineInvite]: {
    // Accepted: nobody can decline it any more, the invitee included.
    attack: (s) => ({ inviteId: s.inviteA.inviteId, key: s.inviteA.key }),
    noToken: 'FAILED_PRECONDITION',
    anonymous: 'FAILED_PRECONDITION',
    otherTenant: 'FAILED_PRECONDITION',
    tooLow: { as: 'noTenant', expect: 'FAILED_PRECONDITION' },
    rightful: 'none',
    rightfulAttack: (s) => s.pendingInviteA,
    invalid: { data: () => ({ inviteId: 7 }), field: 'inviteId' },
  },
  [API.completeSignup]: {
    ...MEMBER,
    attack: () => ({ toolkit: SURVEY }),
    otherTenant: { exempt: 'returns the caller’s own tenant; the request cannot name another' },
    tooLow: {
      as: 'noTenant',
      expect: { exempt: 'any account may sign up; it gets a new tenant of its own' },
    },
    rightful: 'ownerA',
    invalid: { data: () => ({ toolkit: '' }), field: 'toolkit' },
  },
  [API.getProfile]: OWN_PROFILE,
  [API.watchProfile]: OWN_PROFILE,
  [API.updateNames]: {
    ...MEMBER,
    attack: () => ({ firstName: 'Mallory', lastName: 'Intruder' }),
    otherTenant: OWN_ONLY,
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => ({ firstName: 'x'.repeat(101), lastName: 'y' }), field: 'firstName' },
  },
  // One's own data and account: a download and a deletion name no tenant.
  [API.exportMyData]: OWN_PROFILE,
  [API.requestAccountDeletion]: { ...OWN_PROFILE, rightful: 'userA' },
  [API.confirmAccountDeletion]: {
    ...MEMBER,
    attack: () => ({ token: 'A'.repeat(43) }),
    otherTenant: 'NOT_FOUND',
    tooLow: ANY_MEMBER,
    rightful: 'leaver',
    prepare: mailLeaverADeletionLink,
    rightfulAttack: () => ({ token: leaverLink }),
    invalid: { data: () => ({ token: 'not-a-link' }), field: 'token' },
  },
  [API.saveOrganisation]: {
    ...MEMBER,
    attack: () => ({ name: 'Taken over' }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ name: '' }), field: 'name' },
  },
  [API.getQuickscanDetails]: OWN_PROFILE,
  // Deleting the organisation: its owner only, by the link mailed to them.
  [API.requestOrganisationDeletion]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => [], field: 'data' },
  },
  [API.confirmOrganisationDeletion]: {
    ...MEMBER,
    attack: () => ({ token: 'A'.repeat(43) }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'closer',
    prepare: mailCloserADeletionLink,
    rightfulAttack: () => ({ token: closerLink }),
    invalid: { data: () => ({ token: 'not-a-link' }), field: 'token' },
  },
  [API.startResult]: {
    ...RESPONDENT,
    attack: (s) => resultRef(s),
    invalid: { data: () => ({ tenantId: A }), field: 'surveyId' },
  },
  [API.saveAnswer]: {
    ...RESPONDENT,
    attack: (s) => ({ ...resultRef(s), questionId: QUESTION, answer: 'Mallory Ltd', seq: 100 }),
    invalid: { data: (s) => ({ ...resultRef(s), questionId: QUESTION, answer: 'x', seq: -1 }), field: 'seq' },
  },
  [API.completeResult]: {
    ...RESPONDENT,
    attack: (s) => resultRef(s),
    invalid: { data: () => ({ tenantId: A, surveyId: SURVEY }), field: 'resultId' },
  },
  [API.requestResultClaim]: {
    // Only the anonymous session that completed the result may ask to keep it; signed-in callers own theirs.
    attack: (s) => ({ ...resultRef(s), email: 'mallory@example.com' }),
    noToken: 'UNAUTHENTICATED',
    anonymous: 'PERMISSION_DENIED',
    otherTenant: 'FAILED_PRECONDITION',
    tooLow: { as: 'viewerA', expect: 'FAILED_PRECONDITION' },
    rightful: 'respondent',
    rightfulAttack: (s) => ({
      tenantId: A,
      surveyId: SURVEY,
      resultId: s.respondentResultA,
      email: 'keeper@example.com',
    }),
    invalid: { data: (s) => ({ ...resultRef(s), email: 'not an address' }), field: 'email' },
  },
  [API.describeResultClaims]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: {
      exempt: 'the request names no claim: it lists only those waiting for the caller’s address',
    },
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => [], field: 'data' },
  },
  [API.confirmResultClaim]: CLAIM_ANSWER,
  [API.declineResultClaim]: CLAIM_ANSWER,
  [API.listLatestResults]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => 'latest', field: 'data' },
  },
  [API.toggleActionPlan]: {
    ...MEMBER,
    attack: (s) => ({ userResultId: s.resultA, actionId: 'switch-to-led', selected: true }),
    // A user result id is looked up under the caller's own tenant and uid: someone else's is not there;
    // a viewer may read the plan but not change it.
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: {
      data: (s) => ({ userResultId: s.resultA, actionId: 'a', selected: 'yes' }),
      field: 'selected',
    },
  },
  [API.findUsersByEmail]: {
    ...MEMBER,
    attack: (s) => ({ email: s.viewerA.email }),
    otherTenant: { exempt: 'searches only the caller’s own tenant, so finds nobody of A' },
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ email: 'not-an-email' }), field: 'email' },
  },
  [API.listTenantUsers]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => 1, field: 'data' },
  },
  [API.listActivity]: {
    ...MEMBER,
    attack: () => ({}),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ kind: 'role.deleted' }), field: 'kind' },
  },
  [API.createInvite]: {
    ...MEMBER,
    // A new address each time: an invitee joins the inviting tenant and cannot be invited by another.
    attack: () => ({ email: `someone-${++invitees}@example.com`, surveyId: SURVEY }),
    otherTenant: {
      exempt:
        'invites only ever go into the caller’s own tenant (their result is kept by the survey’s publisher)',
    },
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ email: 'someone@example.com', surveyId: 7 }), field: 'surveyId' },
  },
  // By address: tenant B has no invite waiting for tenant A's invitee, so it finds none.
  [API.resendInvite]: {
    ...MEMBER,
    attack: () => ({ email: 'undecided-a@example.com' }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    // The decline case's rightful request declined it; a declined invite is not resent for 30 days.
    prepare: (s) => env.store.update(paths.invite(s.pendingInviteA.inviteId), { status: 'pending' }),
    invalid: { data: () => ({ email: 7 }), field: 'email' },
  },
  [API.withdrawInvite]: {
    ...MEMBER,
    attack: () => ({ email: 'undecided-a@example.com' }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ email: 7 }), field: 'email' },
  },
  [API.saveInviteAnswer]: {
    ...RESPONDENT,
    attack: (s) => ({ ...inviteRef(s), questionId: QUESTION, answer: 'Mallory Ltd', seq: 100 }),
    rightful: 'invitee',
    invalid: { data: (s) => ({ ...inviteRef(s), questionId: QUESTION, answer: 'x', seq: -1 }), field: 'seq' },
  },
  [API.submitInvite]: {
    ...RESPONDENT,
    attack: (s) => ({ ...inviteRef(s), inviteId: s.inviteA.inviteId }),
    rightful: 'invitee',
    invalid: { data: (s) => inviteRef(s), field: 'inviteId' },
  },
  [API.listMilestones]: {
    ...MEMBER,
    attack: (s) => ({ userIds: [s.ownerA.uid] }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ userIds: 'everyone' }), field: 'userIds' },
  },
  [API.getSurveyInsights]: {
    ...MEMBER,
    attack: () => ({ surveyId: SURVEY }),
    // Tenant A publishes the survey: another organisation's staff see nothing of what it received.
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ surveyId: 'a/b' }), field: 'surveyId' },
  },
  [API.getBenchmark]: {
    ...MEMBER,
    attack: () => ({ surveyId: SURVEY }),
    otherTenant: {
      exempt: 'it reads only the caller’s own results and peer statistics that name no organisation',
    },
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ surveyId: 42 }), field: 'surveyId' },
  },
  [API.listComments]: {
    ...MEMBER,
    attack: () => ({ surveyId: SURVEY, questionId: 'business-description' }),
    // Tenant A publishes the survey: another organisation's staff read none of its comments.
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ surveyId: SURVEY, questionId: 'a/b' }), field: 'questionId' },
  },
  [API.listReceivedResults]: {
    ...MEMBER,
    attack: () => ({ surveyId: SURVEY }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ surveyId: SURVEY, limit: 100_000 }), field: 'limit' },
  },
  [API.setResultExcluded]: {
    ...MEMBER,
    attack: (s) => ({
      surveyId: SURVEY,
      resultId: s.respondentResultA,
      excluded: true,
      reason: 'A test run',
    }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: {
      data: (s) => ({ surveyId: SURVEY, resultId: s.respondentResultA, excluded: true }),
      field: 'reason',
    },
  },
  [API.getReceivedResult]: {
    ...MEMBER,
    attack: (s) => ({ surveyId: SURVEY, resultId: s.resultA }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: (s) => ({ surveyId: SURVEY, resultId: `${s.resultA}/x` }), field: 'resultId' },
  },
  [API.exportReceivedResults]: {
    ...MEMBER,
    attack: () => ({ surveyId: SURVEY }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({}), field: 'surveyId' },
  },
  [API.updatePlannedAction]: {
    ...MEMBER,
    attack: (s) => ({
      userResultId: s.resultA,
      actionId: 'switch-to-led',
      status: 'doing',
      owner: null,
      dueDate: null,
    }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: {
      data: (s) => ({
        userResultId: s.resultA,
        actionId: 'switch-to-led',
        status: 'doing',
        owner: null,
        dueDate: '31/12/2026',
      }),
      field: 'dueDate',
    },
  },
  [API.listActions]: {
    ...MEMBER,
    attack: () => ({ surveyId: SURVEY }),
    otherTenant: OWN_ONLY,
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => ({ surveyId: 'a/b' }), field: 'surveyId' },
  },
  [API.listToolkitMembers]: {
    ...MEMBER,
    // Tenant A publishes the seed's quickscan toolkit.
    attack: () => ({ toolkit: 'quickscan' }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ toolkit: '../x' }), field: 'toolkit' },
  },
  [API.getDeclaration]: OWN_PROFILE,
  [API.signDeclaration]: {
    ...MEMBER,
    attack: () => ({ surveyId: 'business-quickscan' }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ surveyId: 'a/b' }), field: 'surveyId' },
  },
  [API.revokeCredential]: {
    ...MEMBER,
    attack: (s) => ({ credentialId: s.credentialA }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ credentialId: '' }), field: 'credentialId' },
  },
  [API.openCredential]: {
    ...MEMBER,
    attack: (s) => ({ credentialId: s.credentialA }),
    otherTenant: 'NOT_FOUND',
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => ({ credentialId: 'a/b' }), field: 'credentialId' },
  },
  [API.getCredentialKeys]: {
    ...PUBLIC_READ('the keys anyone checks a credential with'),
    attack: () => null,
    invalid: { data: () => [], field: 'data' },
  },
  [API.getCredentialStatus]: {
    ...PUBLIC_READ('whether a credential was revoked, which its holder shows anyone'),
    noToken: {
      exempt: 'public: whether a credential was revoked, which its holder shows anyone',
      recordsOnce: 'someone checking the credential got its link from the organisation: it was shared',
    },
    attack: (s) => ({ credentialId: s.credentialA }),
    invalid: { data: () => ({ credentialId: 7 }), field: 'credentialId' },
  },
  [API.getAlerts]: { ...OWN_PROFILE, tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' } },
  [API.saveAlerts]: {
    ...MEMBER,
    attack: () => ({ newResult: [], newTeamMember: ['alerts@example.com'], expertRequest: [] }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: {
      data: () => ({ newResult: ['not-an-address'], newTeamMember: [], expertRequest: [] }),
      field: 'newResult',
    },
  },
  [API.confirmAlertRecipient]: {
    // The mailed token is the capability: one nobody was sent confirms nothing, whoever sends it.
    attack: () => ({ token: 'A'.repeat(43) }),
    noToken: 'NOT_FOUND',
    anonymous: 'NOT_FOUND',
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'noTenant', expect: 'NOT_FOUND' },
    rightful: 'none',
    rightfulAttack: (s) => ({ token: s.alertTokenA }),
    invalid: { data: () => ({ token: 'not-a-token' }), field: 'token' },
  },
  [API.requestExpert]: {
    ...MEMBER,
    attack: () => ({ topic: 'CLIMATE', message: 'How do we measure our footprint?', contact: 'email' }),
    otherTenant: OWN_ONLY,
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => ({ topic: 'CLIMATE', message: 'short', contact: 'email' }), field: 'message' },
  },
  [API.startCheckout]: {
    ...MEMBER,
    attack: () => ({ planId: 'growth' }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ planId: 'free' }), field: 'planId' },
  },
  [API.confirmCheckout]: {
    ...MEMBER,
    attack: (s) => ({ sessionId: s.checkoutA }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ sessionId: 'a/b' }), field: 'sessionId' },
  },
  [API.cancelSubscription]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => [], field: 'data' },
  },
  [API.getSandboxCheckout]: {
    ...MEMBER,
    attack: (s) => ({ sessionId: s.checkoutA }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ sessionId: 7 }), field: 'sessionId' },
  },
  [API.finishSandboxCheckout]: {
    ...MEMBER,
    attack: (s) => ({ sessionId: s.checkoutA, pay: true }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: (s) => ({ sessionId: s.checkoutA, pay: 'yes' }), field: 'pay' },
  },
  [API.listPlanPrices]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: { exempt: 'the prices are the same for every organisation' },
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => [], field: 'data' },
  },
  [API.previewPlanChange]: {
    ...MEMBER,
    attack: () => ({ planId: 'growth', period: 'year' }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ planId: 'growth', period: 'week' }), field: 'period' },
  },
  [API.changePlan]: {
    ...MEMBER,
    attack: () => ({ planId: 'growth', period: 'year' }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ planId: 'free', period: 'year' }), field: 'planId' },
  },
  [API.listInvoices]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => [], field: 'data' },
  },
  [API.openBillingPortal]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => [], field: 'data' },
  },
  [API.getSandboxPortal]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => [], field: 'data' },
  },
  [API.replaceSandboxCard]: {
    ...MEMBER,
    attack: () => ({ last4: '4444' }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ last4: '1234' }), field: 'last4' },
  },
  [API.getSandboxInvoice]: {
    ...MEMBER,
    attack: (s) => ({ invoiceId: s.invoiceA }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ invoiceId: 'a/b' }), field: 'invoiceId' },
  },
  [API.getBrand]: OWN_PROFILE,
  [API.saveBrand]: {
    ...MEMBER,
    attack: () => ({ primaryColor: '#1f5f4a', logo: null }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ primaryColor: 'green', logo: null }), field: 'primaryColor' },
  },
  [API.listEvidence]: {
    ...MEMBER,
    attack: (s) => evidenceRef(s),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: (s) => ({ ...evidenceRef(s), resultId: 'a/b' }), field: 'resultId' },
  },
  [API.addEvidenceFile]: {
    ...MEMBER,
    attack: (s) => ({
      ...evidenceRef(s),
      questionId: EVIDENCE_QUESTION,
      fileName: 'bill.pdf',
      contentBase64: PDF,
    }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    prepare: completeResultA,
    invalid: {
      data: (s) => ({
        ...evidenceRef(s),
        questionId: EVIDENCE_QUESTION,
        fileName: 'bill.pdf',
        contentBase64: '%',
      }),
      field: 'contentBase64',
    },
  },
  [API.addEvidenceLink]: {
    ...MEMBER,
    attack: (s) => ({ ...evidenceRef(s), questionId: EVIDENCE_QUESTION, url: 'https://example.com/bill' }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    prepare: completeResultA,
    invalid: {
      data: (s) => ({ ...evidenceRef(s), questionId: EVIDENCE_QUESTION, url: 'javascript:alert(1)' }),
      field: 'url',
    },
  },
  [API.removeEvidence]: {
    ...MEMBER,
    attack: (s) => ({ ...evidenceRef(s), evidenceId: 'evidence-of-a' }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    prepare: addEvidenceToResultA,
    rightfulAttack: (s) => ({ ...evidenceRef(s), evidenceId: evidenceOfA }),
    invalid: { data: (s) => ({ ...evidenceRef(s), evidenceId: 'a/b' }), field: 'evidenceId' },
  },
  [API.getEvidenceDownload]: {
    ...MEMBER,
    attack: (s) => ({ ...evidenceRef(s), evidenceId: 'evidence-of-a' }),
    otherTenant: 'PERMISSION_DENIED',
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    prepare: addEvidenceToResultA,
    rightfulAttack: (s) => ({ ...evidenceRef(s), evidenceId: evidenceOfA }),
    invalid: { data: (s) => ({ ...evidenceRef(s), evidenceId: 'a/b' }), field: 'evidenceId' },
  },
  [API.saveCustomAction]: {
    ...MEMBER,
    attack: () => ({
      actionId: null,
      title: 'Another action',
      summary: 'Written in the isolation suite.',
      topic: 'CLIMATE',
      effort: 'LOW',
      impact: 'LOW',
    }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: {
      data: () => ({
        actionId: null,
        title: 'Weather',
        summary: '',
        topic: 'WEATHER',
        effort: 'LOW',
        impact: 'LOW',
      }),
      field: 'topic',
    },
  },
  [API.deleteCustomAction]: {
    ...MEMBER,
    attack: (s) => ({ actionId: s.customActionA }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ actionId: 'a/b' }), field: 'actionId' },
  },
  [API.getMateriality]: {
    ...MEMBER,
    attack: () => null,
    otherTenant: OWN_ONLY,
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => [], field: 'data' },
  },
  [API.saveMateriality]: {
    ...MEMBER,
    attack: () => ({ ratings: { 'climate-change': { impact: 5, financial: 3 } } }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: {
      data: () => ({ ratings: { 'climate-change': { impact: 9, financial: 3 } } }),
      field: 'ratings',
    },
  },
  [API.setMilestone]: {
    ...MEMBER,
    // The one milestone a member may tick by hand; the others are refused to everyone.
    attack: () => ({ milestoneId: 'view-declaration-credential', completed: true }),
    otherTenant: OWN_ONLY,
    tooLow: ANY_MEMBER,
    rightful: 'ownerA',
    invalid: { data: () => ({ milestoneId: 'fly-to-the-moon', completed: true }), field: 'milestoneId' },
  },
  [API.recordVisit]: {
    ...MEMBER,
    // Opening Insights needs the permission to view them; it names no survey and no tenant.
    attack: () => ({ visit: 'insights' }),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'userA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ visit: 'priorities', surveyId: 'a/b' }), field: 'surveyId' },
  },
  [API.getMyReview]: OWN_PROFILE,
  [API.requestReview]: {
    ...MEMBER,
    attack: () => ({ surveyId: COASTAL.surveyId, resultId: coastalResultA }),
    // Tenant B has no completed result to ask about, whatever it names.
    otherTenant: 'FAILED_PRECONDITION',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    prepare: completeCoastalResultOfA,
    invalid: { data: () => ({ surveyId: COASTAL.surveyId, resultId: 'a/b' }), field: 'resultId' },
  },
  [API.commentOnReview]: {
    ...REVIEWER('review-by-a', { questionId: QUESTION, text: 'Which bill shows this?' }),
    tooLow: ANY_MEMBER,
  },
  [API.resubmitReview]: REVIEWER('review-of-a'),
  [API.listReviews]: {
    ...MEMBER,
    attack: () => ({}),
    otherTenant: OWN_ONLY,
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ status: 'lost' }), field: 'status' },
  },
  [API.getReview]: REVIEWER('review-by-a'),
  [API.decideReviewQuestion]: REVIEWER('review-by-a', { questionId: QUESTION, decision: 'accepted' }),
  [API.concludeReview]: REVIEWER('review-by-a', { verdict: 'declined', note: 'No evidence.' }),
  [API.withdrawVerification]: REVIEWER('verified-by-a', { reason: 'The bills were not the business’s.' }),
  [API.getOwnershipOffer]: OWN_PROFILE,
  [API.offerOwnership]: {
    ...MEMBER,
    attack: (s) => ({ uid: s.userA.uid }),
    otherTenant: 'NOT_FOUND',
    tooLow: { as: 'viewerA', expect: 'PERMISSION_DENIED' },
    rightful: 'ownerA',
    invalid: { data: () => ({ uid: 7 }), field: 'uid' },
  },
  // Answering or withdrawing an offer names no tenant: anyone else's attempt finds no offer of theirs.
  [API.cancelOwnershipOffer]: {
    ...OWNERSHIP_ANSWER,
    rightful: 'ownerA',
    prepare: (s) => offerOwnershipTo(s.ownerA, s.userA),
  },
  [API.declineOwnership]: {
    ...OWNERSHIP_ANSWER,
    rightful: 'userA',
    prepare: (s) => offerOwnershipTo(s.ownerA, s.userA),
  },
  // Offered by a second owner, so tenant A's owner stays owner for the calls after.
  [API.acceptOwnership]: {
    ...OWNERSHIP_ANSWER,
    rightful: 'userA',
    prepare: async (s) => offerOwnershipTo(await env.member(A, 'owner'), s.userA),
  },
};

let env: TestEnv;
let seed: Seed;
const tokens = {} as Record<Exclude<Who, 'none'>, string>;

/** Tenant A's documents: its subtree, its members' global records and its invites. */
function tenantAView(docs: DocSnapshot[]): string {
  const members = new Set(
    [seed.ownerA, seed.adminA, seed.viewerA, seed.userA].map((m) => paths.globalUser(m.uid)),
  );
  // A's surveys keep their results under A, so another tenant's invite to one adds its empty result
  // there: that result is the other tenant's, not A's data.
  const othersInviteResults = new Set(
    docs
      .filter((doc) => doc.path.startsWith('survey-invites/') && doc.data?.tenantId !== A)
      .map((doc) =>
        paths.result(
          String(doc.data?.surveyTenantId),
          String(doc.data?.surveyId),
          String(doc.data?.surveyResultId),
        ),
      ),
  );
  return JSON.stringify(
    docs.filter(
      (doc) =>
        (doc.path === paths.tenant(A) ||
          doc.path.startsWith(`${paths.tenant(A)}/`) ||
          members.has(doc.path) ||
          (doc.path.startsWith('survey-invites/') && doc.data?.tenantId === A)) &&
        !othersInviteResults.has(doc.path),
    ),
  );
}

/** An account without a tenant whose address the server has seen proven: signing up ends no session of it. */
async function provenAccount(): Promise<string> {
  const account = await env.account();
  await env.store.set(paths.globalUser(account.uid), {
    addressProvenAt: '2024-01-01T00:00:00.000Z',
    addressProof: 'inbox',
  });
  return account.token;
}

async function seedTenants(): Promise<Seed> {
  // A joined (and publishes) the seed's quickscan toolkit, whose assessment has a declaration.
  await env.store.set(paths.tenant(A), {
    createdBy: 'system',
    getStarted: true,
    name: 'Publisher',
    toolkit: 'quickscan',
  });
  await env.store.set(paths.organisation(A), { name: 'Publisher' });
  await env.store.set(paths.tenant(B), { createdBy: 'system', getStarted: true, name: 'Tenant B' });
  const ownerA = await env.member(A, 'owner');
  const adminA = await env.member(A, 'admin');
  const viewerA = await env.member(A, 'viewer');
  const userA = await env.member(A, 'user');
  const ownerB = await env.member(B, 'owner');
  await env.member(B, 'admin');
  await env.member(B, 'viewer');

  // Data made through the handlers themselves, so it has the stored shapes.
  const started = resultOf<{ resultId: string }>(
    await env.call(API.startResult, { tenantId: A, surveyId: SURVEY }, ownerA.token),
  );
  resultOf(
    await env.call(
      API.saveAnswer,
      {
        tenantId: A,
        surveyId: SURVEY,
        resultId: started.resultId,
        questionId: QUESTION,
        answer: 'Acme',
        seq: 1,
      },
      ownerA.token,
    ),
  );
  // A scored answer too, so the rightful completion is not refused as empty.
  resultOf(
    await env.call(
      API.saveAnswer,
      {
        tenantId: A,
        surveyId: SURVEY,
        resultId: started.resultId,
        questionId: 'energy-tracking',
        answer: 0,
        seq: 1,
      },
      ownerA.token,
    ),
  );
  for (const owner of [ownerA, ownerB]) {
    resultOf(await env.call(API.saveOrganisation, { name: `Organisation of ${owner.email}` }, owner.token));
  }
  // On Leader first: tenant A's four members and two open invites are more than Free's five.
  const { url: checkoutUrl } = resultOf<{ url: string }>(
    await env.call(API.startCheckout, { planId: 'leader' }, ownerA.token),
  );
  const checkoutA = checkoutUrl.split('/').pop()!;
  resultOf(await env.call(API.finishSandboxCheckout, { sessionId: checkoutA, pay: true }, ownerA.token));
  const invoiceA = resultOf<{ invoices: { id: string }[] }>(
    await env.call(API.listInvoices, null, ownerA.token),
  ).invoices[0]!.id;
  resultOf(
    await env.call(API.createInvite, { email: 'invitee-a@example.com', surveyId: SURVEY }, ownerA.token),
  );
  const inviteA = await inviteSentTo(env.store, 'invitee-a@example.com');
  resultOf(
    await env.call(API.createInvite, { email: 'invitee-b@example.com', surveyId: SURVEY }, ownerB.token),
  );
  resultOf(
    await env.call(API.createInvite, { email: 'undecided-a@example.com', surveyId: SURVEY }, ownerA.token),
  );
  const { inviteId, key } = await inviteSentTo(env.store, 'undecided-a@example.com');
  const pendingInviteA = { inviteId, key };
  const login = resultOf<{ token: string; inviteData: { surveyResultId: string } }>(
    await env.call(API.verifyAndLoginWithInvite, { inviteId: inviteA.inviteId, key: inviteA.key }),
  );
  const invitee = await env.signInWithCustomToken(login.token);
  // The invitee answers a scored question, so the rightful submit is not refused as empty.
  resultOf(
    await env.call(
      API.saveInviteAnswer,
      {
        tenantId: A,
        surveyId: SURVEY,
        surveyResultId: login.inviteData.surveyResultId,
        questionId: 'energy-tracking',
        answer: 0,
        seq: 1,
      },
      invitee,
    ),
  );
  const { customActions } = resultOf<{ customActions: { id: string }[] }>(
    await env.call(
      API.saveCustomAction,
      { actionId: null, title: 'Seeded action', summary: '', topic: 'PEOPLE', effort: 'LOW', impact: 'HIGH' },
      ownerA.token,
    ),
  );
  // The address saveAlerts' rightful request lists again, so its link stays the one mailed here.
  resultOf(
    await env.call(
      API.saveAlerts,
      { newResult: [], newTeamMember: ['alerts@example.com'], expertRequest: [] },
      ownerA.token,
    ),
  );
  const alertMail = (await env.store.query(paths.mail()))
    .map((doc) => String((doc.data as { message?: { html?: string } }).message?.html ?? ''))
    .find((html) => html.includes('/alerts/confirm#'));
  const alertTokenA = /\/alerts\/confirm#([\w-]{43})/.exec(alertMail ?? '')?.[1] ?? '';
  const signed = resultOf<DeclarationOverview>(
    await env.call(API.signDeclaration, { surveyId: 'business-quickscan' }, ownerA.token),
  );

  const respondent = await env.anonymous();
  const { resultId: respondentResultA } = resultOf<{ resultId: string }>(
    await env.call(API.startResult, { tenantId: A, surveyId: SURVEY }, respondent.token),
  );
  const respondentRef = { tenantId: A, surveyId: SURVEY, resultId: respondentResultA };
  resultOf(
    await env.call(
      API.saveAnswer,
      { ...respondentRef, questionId: 'renewable-electricity', answer: 'all', seq: 1 },
      respondent.token,
    ),
  );
  resultOf(await env.call(API.completeResult, respondentRef, respondent.token));

  Object.assign(tokens, {
    ownerA: ownerA.token,
    viewerA: viewerA.token,
    userA: userA.token,
    ownerB: ownerB.token,
    noTenant: await provenAccount(),
    anonymous: (await env.anonymous()).token,
    invitee,
    respondent: respondent.token,
  });
  return {
    ownerA,
    adminA,
    viewerA,
    userA,
    ownerB,
    resultA: started.resultId,
    inviteA: {
      inviteId: inviteA.inviteId,
      key: inviteA.key,
      surveyResultId: login.inviteData.surveyResultId,
    },
    pendingInviteA,
    credentialA: signed.credential!.id,
    checkoutA,
    invoiceA,
    customActionA: customActions[0]!.id,
    alertTokenA,
    respondentResultA,
  };
}

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  seed = await seedTenants();
  leaver = await env.member(A, 'user');
  tokens.leaver = leaver.token;
  closer = await env.member('tenant-closing', 'owner');
  tokens.closer = closer.token;
}, 180_000);

afterAll(() => env?.stop(), 60_000);

const callAs = (who: Who, name: string, data: unknown) =>
  env.call(name, data, who === 'none' ? undefined : tokens[who]);

async function expectOutcome(who: Who, name: string, data: unknown, outcome: Outcome) {
  if (typeof outcome !== 'string' && outcome.recordsOnce) await callAs(who, name, data);
  const before = await env.store.exportAll();
  const response = await callAs(who, name, data);
  const after = await env.store.exportAll();
  if (typeof outcome === 'string') {
    expect({ who, status: errorOf(response).status }).toEqual({ who, status: outcome });
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    return;
  }
  expect(tenantAView(after)).toBe(tenantAView(before));
  if (!outcome.mayReveal) {
    const text = JSON.stringify(response.body);
    for (const member of [seed.ownerA, seed.adminA, seed.viewerA, seed.userA]) {
      expect(text).not.toContain(member.uid);
      expect(text).not.toContain(member.email);
    }
  }
}

it('has a case for every handler, and no case for a handler that does not exist', () => {
  const names = allCallables.map((handler) => handler.name as string);
  expect(names.filter((name) => !(name in CASES))).toEqual([]);
  expect(Object.keys(CASES).filter((name) => !names.includes(name))).toEqual([]);
});

describe.each(allCallables.map((handler) => handler.name).filter((name) => name in CASES))('%s', (name) => {
  const entry = CASES[name];

  it('(1) without a token', () => expectOutcome('none', name, entry.attack(seed), entry.noToken));
  it('(2) from an anonymous session', () =>
    expectOutcome('anonymous', name, entry.attack(seed), entry.anonymous));
  it("(3) from tenant B's owner, aimed at tenant A", () =>
    expectOutcome('ownerB', name, entry.attack(seed), entry.otherTenant));
  it(`(4) from a caller below the bar (${entry.tooLow.as})`, () =>
    expectOutcome(entry.tooLow.as, name, entry.attack(seed), entry.tooLow.expect));

  it(`refuses an invalid ${entry.invalid.field} with invalid-argument and writes nothing`, async () => {
    const before = await snapshotStore(env.store);
    const error = errorOf(await callAs(entry.rightful, name, entry.invalid.data(seed)));
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain(entry.invalid.field);
    expect(await snapshotStore(env.store)).toBe(before);
  });
});

// The matrix again as a crowd: 5,000 requests aimed at tenant A, each a random callable's attack
// from a random one of the callers who may not make it, in a random (seeded) order. Each gets the
// refusal its case names, and tenant A's documents are the same afterwards.
it('5,000 random cross-tenant requests: none succeeds, and tenant A is unchanged', async () => {
  let state = 20_261_125;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const names = allCallables.map((handler) => handler.name).filter((name) => name in CASES);
  const before = tenantAView(await env.store.exportAll());
  const outcomes = new Map<string, number>();
  for (let i = 0; i < 5_000; i += 1) {
    const name = pick(names);
    const entry = CASES[name];
    const [who, outcome] = pick<[Who, Outcome]>([
      ['none', entry.noToken],
      ['anonymous', entry.anonymous],
      ['ownerB', entry.otherTenant],
      [entry.tooLow.as, entry.tooLow.expect],
    ]);
    const response = await callAs(who, name, entry.attack(seed));
    if (typeof outcome === 'string') {
      expect({ name, who, status: errorOf(response).status }).toEqual({ name, who, status: outcome });
    }
    const key = typeof outcome === 'string' ? outcome : 'exempt';
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  expect(tenantAView(await env.store.exportAll())).toBe(before);
  expect([...outcomes.keys()].sort()).toEqual(
    expect.arrayContaining(['NOT_FOUND', 'PERMISSION_DENIED', 'UNAUTHENTICATED']),
  );
}, 180_000);

// After the refusals: each attack request, made by the one entitled to it, succeeds.
describe('the same requests from the rightful caller', () => {
  it.each(allCallables.map((handler) => handler.name).filter((name) => name in CASES))('%s', async (name) => {
    const entry = CASES[name];
    await entry.prepare?.(seed);
    const response = await callAs(entry.rightful, name, (entry.rightfulAttack ?? entry.attack)(seed));
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 200 });
  });
});

describe('a downgrade applies to the next request', () => {
  // Set back to user, not removed: a removal also ends the session (auth/revocation.test.ts).
  it("refuses an admin's old token once their role is set back to user", async () => {
    const admin = await env.member(A, 'admin');
    resultOf(await env.call(API.listTenantUsers, null, admin.token));

    resultOf(
      await env.call(API.setUserRole, { uid: admin.uid, tenantId: A, role: 'user' }, seed.ownerA.token),
    );

    const before = await snapshotStore(env.store);
    expect(errorOf(await env.call(API.listTenantUsers, null, admin.token)).status).toBe('PERMISSION_DENIED');
    expect(
      errorOf(
        await env.call(API.setUserRole, { uid: seed.userA.uid, tenantId: A, role: 'admin' }, admin.token),
      ).status,
    ).toBe('PERMISSION_DENIED');
    expect(await snapshotStore(env.store)).toBe(before);
  });
});
