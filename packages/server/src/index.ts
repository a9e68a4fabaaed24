// @toolkit/server: what @toolkit/functions (Cloud Functions and the local backend) wires together.
export { createRouter, type Router, type ApiResponse } from './api/router';
export {
  defineHandler,
  implement,
  type Handler,
  type HandlerOf,
  type ServerDeps,
  type ContentPort,
} from './api/handler';
export { ApiError } from './api/errors';
export { createFirebaseAuthPort, verifiedTokenOf, type AuthPort, type VerifiedToken } from './auth/port';
export { createContentPort } from './content';
export { createCredentialIssuer, generateCredentialKey, type CredentialIssuer } from './credentials/issuer';
export { createCloudStorageEvidenceFiles } from './evidence/cloud-storage';
export type { EvidenceFiles } from './evidence/port';
export { createFirestoreStore } from './store/firestore';
export { UNDECLARED_QUERY } from './store/query-shapes';
export { allCallables, callableHandlers } from './callables';
export { callableLoaders, loadersOf, type CallableLoaders } from './callables/loaders';
export type { DocumentStore } from './store/port';
export type { BillingPort } from './billing/port';
export { deferredBilling } from './billing/deferred';
// Document paths, for tools that seed or read the store beside the server (benches).
export { paths } from './repositories/paths';
// The billing sandbox holds nothing local-only: the deployed functions serve it where BILLING_PROVIDER=sandbox.
export { createSandboxBilling } from './billing/sandbox';
export { purgeDeletedOrganisations } from './backfill/purge-organisations';
export { catalogueSurveyIds } from './backfill/run';
