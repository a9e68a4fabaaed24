// declaration-sign: an owner or admin signs the declaration for the organisation. Who, when and for
// which organisation go on the signer's tenant user; a credential is issued,
// replacing (and revoking) the previous one, and the organisation's sign-declaration milestone is set.
// The credential names the organisation as stored and the stage the server's records give (and,
// while the latest result stands verified, who verified it): the request says only which
// declaration was read. The audit trail records the signing (never the token).
import {
  API,
  attestedStage,
  MILESTONE_OF_ACTION,
  REVOCATION_REASONS,
  SERVER_ERRORS,
  type ApiResponses,
} from '@toolkit/domain';
import { CREDENTIAL_VALID_DAYS } from '@toolkit/domain/credential';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { recordAudit } from '../../repositories/audit';
import { issueCredential, readCredential, revokeCredential } from '../../repositories/credentials';
import { listRecordedMilestones, recordMilestone } from '../../repositories/milestones';
import { readOrganisationProfile, readTenant, setDeclarationCredential } from '../../repositories/tenants';
import { readTenantUser, recordDeclarationSigner } from '../../repositories/users';
import { standingVerification } from '../reviews/review';
import { declarationOverview, loadDeclaration } from './declaration';

const DAY_MS = 24 * 60 * 60 * 1000;

export const signDeclaration = defineHandler(API.signDeclaration, {
  inputMessage: (issues) =>
    issues.some((issue) => issue.message === SERVER_ERRORS.declarationFromStoredFacts)
      ? SERVER_ERRORS.declarationFromStoredFacts
      : null,
  async run({ surveyId }, { caller, deps, now }): Promise<ApiResponses[typeof API.signDeclaration]> {
    const { tenantId, uid } = caller;
    const declaration = await loadDeclaration(deps, tenantId);
    if (!declaration) throw new ApiError('failed-precondition', SERVER_ERRORS.noDeclaration);
    if (declaration.surveyId !== surveyId) {
      throw new ApiError('failed-precondition', SERVER_ERRORS.declarationChanged);
    }
    const [signer, organisationProfile, milestones, verified] = await Promise.all([
      readTenantUser(deps.store, tenantId, uid),
      readOrganisationProfile(deps.store, tenantId),
      listRecordedMilestones(deps.store, tenantId),
      standingVerification(deps.store, tenantId),
    ]);
    const organisation = organisationProfile.name.trim();
    if (!organisation) throw new ApiError('failed-precondition', SERVER_ERRORS.credentialNeedsOrganisation);

    const id = deps.store.newId();
    const signedAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + CREDENTIAL_VALID_DAYS * DAY_MS);
    const stage = attestedStage(milestones);
    const token = await deps.credentials.issue(
      {
        organisation,
        stage,
        declaration: declaration.title,
        ...(verified ? { verification: verified.verification } : {}),
      },
      { id, issuedAt: now, expiresAt },
    );
    const name = [signer?.firstName.trim(), signer?.lastName.trim()].filter(Boolean).join(' ');
    const email = signer?.email.trim() || (caller.email ?? '');

    await deps.store.transaction(async (tx) => {
      const previousId = (await readTenant(tx, tenantId))?.declarationCredentialId;
      const previous = previousId ? await readCredential(tx, tenantId, previousId) : null;
      // Signing again replaces the credential: the old one must not keep vouching for the organisation.
      if (previous && !previous.revokedAt) {
        revokeCredential(tx, tenantId, previous.id, signedAt, REVOCATION_REASONS.replaced(signedAt));
      }
      issueCredential(tx, tenantId, id, {
        token,
        organisation,
        stage,
        declaration: declaration.title,
        surveyId,
        signedAt,
        expiresAt: expiresAt.toISOString(),
        signedBy: { uid, name, email },
        verification: verified?.verification ?? null,
        verifiedReviewId: verified?.reviewId ?? null,
      });
      setDeclarationCredential(tx, tenantId, id);
      recordDeclarationSigner(tx, tenantId, uid, {
        surveyId,
        title: declaration.title,
        organisation,
        signedAt,
        credentialId: id,
      });
      recordMilestone(tx, tenantId, MILESTONE_OF_ACTION.signDeclaration, uid);
      recordAudit(tx, tenantId, {
        actorUid: uid,
        kind: 'declaration.signed',
        subject: { type: 'credential', id },
        before: previous && !previous.revokedAt ? { credentialId: previous.id } : null,
        after: { credentialId: id, declaration: declaration.title, stage },
      });
    });
    return declarationOverview(deps, caller);
  },
});
