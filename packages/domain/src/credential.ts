// The declaration credential: a JWT signed with Ed25519 (EdDSA) that names the organisation, the
// journey stage it had reached, the declaration it signed and when. Anyone can check it against the
// published keys (JWKS) without an account; whether it was revoked is asked of the server apart.
// Its own entry (@toolkit/domain/credential), so that jose loads only where credentials are handled.
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { STAGE_NAMES, type StageName } from './journey';
import type { CredentialVerification } from './review';
import { paths } from './routes';

/** The JWT header's `typ`: a token of another kind signed with the same key is not a credential. */
export const CREDENTIAL_TYPE = 'declaration+jwt';
export const CREDENTIAL_ALGORITHM = 'EdDSA';
/** A credential holds for a year; the business signs again to renew it. */
export const CREDENTIAL_VALID_DAYS = 365;

/** What a credential states, and all that the public page shows. */
export interface DeclarationCredential {
  id: string;
  organisation: string;
  stage: StageName;
  declaration: string;
  /** ISO timestamps. */
  signedAt: string;
  expiresAt: string;
  /** Who verified the result behind it, when, and the verified score; null when self-declared. */
  verification: CredentialVerification | null;
}

export type CredentialCheck =
  { status: 'genuine' | 'expired'; credential: DeclarationCredential } | { status: 'not-genuine' };

/** The claims a credential carries beside the registered ones (jti, iat, exp). */
export interface CredentialClaims {
  organisation: string;
  stage: StageName;
  declaration: string;
  /** Only when the publisher verified the organisation's latest result. */
  verification?: CredentialVerification;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A verification claim as signed; anything else (or none) reads as self-declared. */
function verificationOf(value: unknown): CredentialVerification | null {
  if (typeof value !== 'object' || value === null) return null;
  const { publisherName, verifiedAt, verifiedPercent } = value as Record<string, unknown>;
  if (!isText(publisherName) || !isText(verifiedAt) || Number.isNaN(Date.parse(verifiedAt))) return null;
  if (typeof verifiedPercent !== 'number' || !(verifiedPercent >= 0 && verifiedPercent <= 100)) return null;
  return { publisherName, verifiedAt, verifiedPercent };
}

function credentialOf(payload: JWTPayload): DeclarationCredential | null {
  const { jti, iat, exp, organisation, stage, declaration, verification } = payload;
  if (!isText(jti) || typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (!isText(organisation) || !isText(declaration)) return null;
  if (!(STAGE_NAMES as readonly unknown[]).includes(stage)) return null;
  return {
    id: jti,
    organisation,
    stage: stage as StageName,
    declaration,
    signedAt: new Date(iat * 1000).toISOString(),
    expiresAt: new Date(exp * 1000).toISOString(),
    verification: verificationOf(verification),
  };
}

/**
 * Checks the signature against the published keys, then the claims. Any changed byte, another
 * algorithm, an unknown key or a token of another type is `not-genuine`; a genuine credential past
 * its expiry is `expired` (still naming what it stated, so the page can say whose it was).
 */
export async function checkCredential(
  token: string,
  keys: JSONWebKeySet,
  now: Date,
): Promise<CredentialCheck> {
  const verify = (currentDate: Date) =>
    jwtVerify(token, createLocalJWKSet(keys), {
      algorithms: [CREDENTIAL_ALGORITHM],
      typ: CREDENTIAL_TYPE,
      currentDate,
    });
  try {
    const credential = credentialOf((await verify(now)).payload);
    return credential ? { status: 'genuine', credential } : { status: 'not-genuine' };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      // The signature held (jose checks it before the claims): read what the credential stated.
      const { payload } = await verify(new Date(0)).catch(() => ({ payload: null }));
      const credential = payload && credentialOf(payload);
      if (credential) return { status: 'expired', credential };
    }
    return { status: 'not-genuine' };
  }
}

/** Where a credential is checked: the token travels in the fragment, which browsers never send. */
export function credentialUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${paths.verifyCredential()}#${token}`;
}
