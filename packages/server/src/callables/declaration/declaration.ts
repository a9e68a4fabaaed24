// What the declaration callables share: the declaration of the organisation's toolkit (from the CMS)
// and the organisation's latest credential.
import type { DeclarationOverview, OrganisationCredential } from '@toolkit/domain';
import { credentialUrl } from '@toolkit/domain/credential';
import { ApiError } from '../../api/errors';
import type { Member, ServerDeps } from '../../api/handler';
import { holdsPermission } from '../../api/permissions';
import { loadSurvey } from '../../content';
import { readCredential } from '../../repositories/credentials';
import { readTenant } from '../../repositories/tenants';

export type Declaration = NonNullable<DeclarationOverview['declaration']>;

/** The declaration on the assessment of the toolkit the organisation joined; null without one. */
export async function loadDeclaration(deps: ServerDeps, tenantId: string): Promise<Declaration | null> {
  const tenant = await readTenant(deps.store, tenantId);
  if (!tenant?.toolkit) return null;
  let toolkit;
  try {
    toolkit = await deps.content.getToolkit(tenant.toolkit);
  } catch (error) {
    throw new ApiError('unavailable', error instanceof Error ? error.message : String(error));
  }
  if (!toolkit) return null;
  const survey = await loadSurvey(deps, toolkit.assessment);
  if (!survey.declaration.text) return null;
  return {
    surveyId: survey.id,
    title: `${toolkit.title} declaration`,
    text: survey.declaration.text,
    outro: survey.declaration.outro,
  };
}

/** The organisation's latest credential, which the tenant record points to. */
export async function latestCredential(
  deps: ServerDeps,
  tenantId: string,
): Promise<OrganisationCredential | null> {
  const id = (await readTenant(deps.store, tenantId))?.declarationCredentialId;
  const credential = id ? await readCredential(deps.store, tenantId, id) : null;
  return credential && { ...credential, url: credentialUrl(deps.appUrl, credential.token) };
}

export async function declarationOverview(deps: ServerDeps, caller: Member): Promise<DeclarationOverview> {
  const [declaration, credential] = await Promise.all([
    loadDeclaration(deps, caller.tenantId),
    latestCredential(deps, caller.tenantId),
  ]);
  return { declaration, credential, canSign: holdsPermission(caller, 'signDeclaration') };
}
