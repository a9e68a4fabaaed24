// Signs declaration credentials with one Ed25519 key and publishes its public half as a JWKS
// (@toolkit/domain/credential checks them). The private key is a JWK: a secret in production, a
// file in the local stack's data folder (./key-file.ts).
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import { CREDENTIAL_ALGORITHM, CREDENTIAL_TYPE, type CredentialClaims } from '@toolkit/domain/credential';

export interface CredentialIssuer {
  /** A signed credential (JWT) with the given id, issue and expiry times. */
  issue(claims: CredentialClaims, meta: { id: string; issuedAt: Date; expiresAt: Date }): Promise<string>;
  publicKeys(): Promise<JSONWebKeySet>;
}

const PRIVATE_PART = 'd';

/** A new private signing key as a JWK, with its thumbprint as key id. */
export async function generateCredentialKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(CREDENTIAL_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: CREDENTIAL_ALGORITHM };
}

/** Refuses a key that cannot sign credentials, naming what is wrong. */
function checkedKey(jwk: JWK): JWK & { kid: string } {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519')
    throw new Error('The credential signing key must be an Ed25519 JWK (kty OKP, crv Ed25519).');
  if (typeof jwk[PRIVATE_PART] !== 'string')
    throw new Error('The credential signing key must be the private JWK (with "d").');
  if (typeof jwk.kid !== 'string' || jwk.kid === '')
    throw new Error('The credential signing key needs a key id ("kid").');
  return jwk as JWK & { kid: string };
}

/** The key is imported on first use, so a bad secret fails the call that needs it, with its reason. */
export function createCredentialIssuer(loadKey: () => JWK | Promise<JWK>): CredentialIssuer {
  let imported: Promise<{ jwk: JWK & { kid: string }; key: CryptoKey | Uint8Array }> | undefined;
  const signingKey = () =>
    (imported ??= (async () => {
      const jwk = checkedKey(await loadKey());
      return { jwk, key: await importJWK(jwk, CREDENTIAL_ALGORITHM) };
    })());
  return {
    async issue(claims, { id, issuedAt, expiresAt }) {
      const { jwk, key } = await signingKey();
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: CREDENTIAL_ALGORITHM, typ: CREDENTIAL_TYPE, kid: jwk.kid })
        .setJti(id)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async publicKeys() {
      const { jwk } = await signingKey();
      const { [PRIVATE_PART]: _private, ...publicJwk } = jwk;
      return { keys: [{ ...publicJwk, use: 'sig' }] };
    },
  };
}
