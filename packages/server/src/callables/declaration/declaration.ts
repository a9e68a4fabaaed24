// What the declaration callables share: the declaration of the organisation's toolkit (from the CMS),
// the organisation's latest credential, and who may sign.
import {
  canSignDeclaration,
  SERVER_ERRORS,
  STAGE_NAMES,
  type DeclarationOverview,
  type OrganisationCredential,
  type StageName,
} from '@toolkit/domain';
import { credentialUrl } from '@toolkit/domain/credential';
import { ApiError, permissionDenied } from '../../api/errors';
import type { Member, ServerDeps } from '../../api/handler';
import { loadSurvey } from '../../content';
import { paths } from '../../repositories/paths';
import { getTenant } from '../../repositories/tenants';
import type { DocData } from '../../store/port';

export type Declaration = NonNullable<DeclarationOverview['declaration']>;

export function requireSigner(caller: Member): void {
  if (!canSignDeclaration(caller.role)) throw permissionDenied(SERVER_ERRORS.signDeclarationRequired);
}

/** The declaration on the assessment of the toolkit the organisation joined; null without one. */
export async function loadDeclaration(deps: ServerDeps, tenantId: string): Promise<Declaration | null> {
  const tenant = await getTenant(deps.store, tenantId);
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

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function toCredential(id: string, data: DocData, appUrl: string): OrganisationCredential {
  const signedBy = (data.signedBy ?? {}) as Record<string, unknown>;
  const stage = STAGE_NAMES.find((name) => name === data.stage) ?? STAGE_NAMES[0];
  return {
    id,
    token: text(data.token),
    url: credentialUrl(appUrl, text(data.token)),
    organisation: text(data.organisation),
    stage: stage as StageName,
    declaration: text(data.declaration),
    signedAt: text(data.signedAt),
    expiresAt: text(data.expiresAt),
    signedBy: { name: text(signedBy.name), email: text(signedBy.email) },
    revokedAt: typeof data.revokedAt === 'string' ? data.revokedAt : null,
  };
}

/** The organisation's latest credential, which the tenant record points to. */
export async function latestCredential(
  deps: ServerDeps,
  tenantId: string,
): Promise<OrganisationCredential | null> {
  const tenant = await deps.store.get(paths.tenant(tenantId));
  const id = tenant.data?.declarationCredentialId;
  if (typeof id !== 'string') return null;
  const credential = await deps.store.get(paths.tenantCredential(tenantId, id));
  return credential.data ? toCredential(id, credential.data, deps.appUrl) : null;
}

export async function declarationOverview(deps: ServerDeps, caller: Member): Promise<DeclarationOverview> {
  const [declaration, credential] = await Promise.all([
    loadDeclaration(deps, caller.tenantId),
    latestCredential(deps, caller.tenantId),
  ]);
  return { declaration, credential, canSign: canSignDeclaration(caller.role) };
}
