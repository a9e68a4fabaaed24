// The public check of a declaration credential (/verify#<credential>): no sign-in. The signature is
// checked here, in the browser, against the published keys; the server is asked only whether the
// credential was revoked, and why. The page shows what the credential states and nothing more: who
// verified the result it rests on, or that it is self-declared.
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { API } from '@toolkit/domain';
import type { DeclarationCredential } from '@toolkit/domain/credential';
import { callApi, type CallableClient } from '@toolkit/platform';
import { Button, Card, MutedText, PageTitle, Spinner } from '@toolkit/ui';
import { ErrorText } from '@toolkit/ui/error-text';
import { Facts } from '@toolkit/ui/facts';

type Verdict =
  | { kind: 'checking' }
  | { kind: 'missing' }
  | { kind: 'not-genuine' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'genuine' | 'expired'; credential: DeclarationCredential }
  | { kind: 'revoked'; credential: DeclarationCredential; revokedAt: string | null; reason: string | null };

/** The credential travels in the fragment, which the browser never sends to any server. */
const tokenOfLocation = () => decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();

export async function verifyCredential(callable: CallableClient, token: string, now: Date): Promise<Verdict> {
  if (!token) return { kind: 'missing' };
  const [{ checkCredential }, keys] = await Promise.all([
    import('@toolkit/domain/credential'),
    callApi(callable, API.getCredentialKeys, null),
  ]);
  const check = await checkCredential(token, keys, now);
  if (check.status === 'not-genuine') return { kind: 'not-genuine' };
  const { status, revokedAt, reason } = await callApi(callable, API.getCredentialStatus, {
    credentialId: check.credential.id,
  });
  // A genuine signature whose id the issuer does not know was never issued by it.
  if (status === 'unknown') return { kind: 'not-genuine' };
  if (status === 'revoked') return { kind: 'revoked', credential: check.credential, revokedAt, reason };
  return { kind: check.status, credential: check.credential };
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** The verdict and who vouches for the result, side by side where there is room. */
const VerdictRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  & > p {
    margin: 0;
  }
`;

const Verdict = styled.p<{ $tone: 'good' | 'bad' | 'warn' }>`
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.medium};
  font-weight: 700;
  font-size: 1.125rem;
  color: ${({ $tone }) => ($tone === 'good' ? '#0b5d1e' : $tone === 'warn' ? '#6b4100' : '#8a1020')};
  background: ${({ $tone }) => ($tone === 'good' ? '#e3f4e6' : $tone === 'warn' ? '#fff1d6' : '#fde4e6')};
`;

const Vouched = styled.p`
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  font-weight: 600;
  font-size: 1.125rem;
`;

/** Who verified the result the declaration rests on, or that nobody did. */
const vouchedBy = ({ verification }: DeclarationCredential) =>
  verification
    ? `Verified by ${verification.publisherName} on ${dateOf(verification.verifiedAt)}`
    : 'Self-declared';

/** The verdict, beside who vouches for the result. */
function Verdicts({
  tone,
  children,
  credential,
}: {
  tone: 'good' | 'bad' | 'warn';
  children: string;
  credential: DeclarationCredential;
}) {
  return (
    <VerdictRow>
      <Verdict $tone={tone}>{children}</Verdict>
      <Vouched>{vouchedBy(credential)}</Vouched>
    </VerdictRow>
  );
}

function CredentialFacts({ credential }: { credential: DeclarationCredential }) {
  const { verification } = credential;
  return (
    <Facts aria-label="What the credential states">
      <dt>Organisation</dt>
      <dd>{credential.organisation}</dd>
      <dt>Journey stage</dt>
      <dd>{credential.stage}</dd>
      <dt>Score</dt>
      <dd>
        {verification
          ? `${verification.verifiedPercent}%, verified by ${verification.publisherName}`
          : 'Self-declared, not verified'}
      </dd>
      <dt>Declaration</dt>
      <dd>{credential.declaration}</dd>
      <dt>Signed on</dt>
      <dd>{dateOf(credential.signedAt)}</dd>
      <dt>Valid until</dt>
      <dd>{dateOf(credential.expiresAt)}</dd>
      <dt>Credential id</dt>
      <dd>{credential.id}</dd>
    </Facts>
  );
}

export function VerifyCredential({ callable }: { callable: CallableClient }) {
  const [token, setToken] = useState(tokenOfLocation);
  const [verdict, setVerdict] = useState<Verdict>({ kind: 'checking' });

  const check = useCallback(() => {
    setVerdict({ kind: 'checking' });
    verifyCredential(callable, token, new Date()).then(setVerdict, (error: unknown) =>
      setVerdict({ kind: 'unavailable', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [callable, token]);

  useEffect(check, [check]);
  useEffect(() => {
    const follow = () => setToken(tokenOfLocation());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  return (
    <Card>
      <PageTitle>Declaration credential check</PageTitle>
      <div aria-live="polite">
        {verdict.kind === 'checking' && <Spinner label="Checking the credential…" />}
        {verdict.kind === 'missing' && (
          <p>There is no credential to check. Open the link or scan the QR code you were given.</p>
        )}
        {verdict.kind === 'not-genuine' && (
          <>
            <Verdict $tone="bad">Not genuine</Verdict>
            <p>
              This credential was changed or was not issued by us, so it proves nothing. Ask the organisation
              for its credential link again.
            </p>
          </>
        )}
        {verdict.kind === 'unavailable' && (
          <>
            <ErrorText role="alert">We could not check this credential just now: {verdict.message}</ErrorText>
            <Button onClick={check}>Try again</Button>
          </>
        )}
        {verdict.kind === 'genuine' && (
          <>
            <Verdicts tone="good" credential={verdict.credential}>
              Genuine and valid
            </Verdicts>
            <CredentialFacts credential={verdict.credential} />
          </>
        )}
        {verdict.kind === 'expired' && (
          <>
            <Verdicts tone="warn" credential={verdict.credential}>
              Expired
            </Verdicts>
            <p>
              This credential was genuine but expired on {dateOf(verdict.credential.expiresAt)}. The
              organisation can sign its declaration again to renew it.
            </p>
            <CredentialFacts credential={verdict.credential} />
          </>
        )}
        {verdict.kind === 'revoked' && (
          <>
            <Verdicts tone="bad" credential={verdict.credential}>
              Revoked
            </Verdicts>
            {verdict.reason ? (
              <p>
                {verdict.reason} It was revoked{verdict.revokedAt ? ` on ${dateOf(verdict.revokedAt)}` : ''}{' '}
                and no longer stands.
              </p>
            ) : (
              <p>
                The organisation revoked this credential
                {verdict.revokedAt ? ` on ${dateOf(verdict.revokedAt)}` : ''}. It no longer stands.
              </p>
            )}
            <CredentialFacts credential={verdict.credential} />
          </>
        )}
      </div>
      <MutedText>
        The signature is checked in your browser against the published key; only the credential&apos;s id is
        sent to ask whether it was revoked.
      </MutedText>
    </Card>
  );
}
