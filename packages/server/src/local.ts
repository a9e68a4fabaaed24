// @toolkit/server/local: what only the local stack runs — the embedded store, the seed data, and
// the mail relay and sign-in link delivery that stand in for the production mail extension.
export { startAuthLinkDelivery, type AuthLinkDelivery } from './mail/auth-links';
export { startMailRelay, type Delivery, type MailRelay } from './mail/relay';
export { DEMO_TENANT_ID, PUBLISHERS, seedPublisherOwners, seedPublisherTenants } from './seed';
export { openPgliteStore } from './store/pglite';
export { loadOrCreateCredentialKey } from './credentials/key-file';
export { createSandboxBilling } from './billing/sandbox';
export { catalogueSurveyIds, runBackfill } from './backfill/run';
export {
  createLocalEvidenceFiles,
  LOCAL_EVIDENCE_ROUTE,
  type LocalEvidenceFiles,
  type OpenedEvidenceFile,
} from './evidence/local';
export { attachmentDisposition } from './evidence/port';
