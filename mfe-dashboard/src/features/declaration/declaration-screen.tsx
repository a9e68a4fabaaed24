// Declaration: the toolkit's declaration from the CMS, signed for the organisation by an owner or
// admin; signing issues a credential anyone can check on its public page, shared as a link or a QR
// code. Opening, copying or downloading it is sharing it, recorded by the server (docs/journey.md);
// an owner or admin can revoke it.
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { formatDate } from '@toolkit/domain';
import { describeError, QueryView } from '@toolkit/data';
import type { DeclarationOverview, OrganisationCredential } from '@toolkit/domain';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { useOrganisationNameFirst } from '../../arrival';
import { useDeclarationQuery } from '../../shared/api';
import { CredentialQr } from './credential-qr';
import {
  useOpenCredentialMutation,
  useRevokeCredentialMutation,
  useSignDeclarationMutation,
} from './declaration-api';

const Confirm = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  align-items: flex-start;
  min-height: ${({ theme }) => theme.touchTarget};
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.125rem;
    flex: none;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: center;
`;

const LinkField = styled.input`
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget};
  font: inherit;
  font-size: 0.875rem;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
`;

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph, index) => <p key={index}>{paragraph}</p>);

function CredentialCard({
  credential,
  canRevoke,
  revoking,
  onRevoke,
}: {
  credential: OrganisationCredential;
  canRevoke: boolean;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const headingId = useId();
  const [recordSharing] = useOpenCredentialMutation();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const revoked = credential.revokedAt !== null;

  // Recorded as the member shares it; the link opens, copies or downloads whether or not the record arrives.
  const shared = () => {
    recordSharing(credential.id)
      .unwrap()
      .catch((error: unknown) => console.warn('Sharing the credential was not recorded.', error));
  };

  const copy = () => {
    navigator.clipboard.writeText(credential.url).then(
      () => {
        setCopied('copied');
        shared();
      },
      () => setCopied('failed'),
    );
  };

  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>Your declaration credential</SectionHeading>
        {revoked ? (
          <ErrorText>
            Revoked on {formatDate(credential.revokedAt)}. Its page now tells anyone who checks it that it no
            longer stands.
          </ErrorText>
        ) : (
          <MutedText>
            Signed for {credential.organisation} by {credential.signedBy.name || credential.signedBy.email} on{' '}
            {formatDate(credential.signedAt)}, at the {credential.stage} stage. Valid until{' '}
            {formatDate(credential.expiresAt)}. Anyone can check it, without an account, from this link or QR
            code.
          </MutedText>
        )}
        {!revoked && <CredentialQr url={credential.url} onDownload={shared} />}
        <Actions>
          <a href={credential.url} target="_blank" rel="noopener" onClick={shared}>
            Open the credential
          </a>
          {!revoked && (
            <Button type="button" variant="secondary" onClick={copy}>
              Copy the link
            </Button>
          )}
        </Actions>
        <label>
          <MutedText as="span">Credential link</MutedText>
          <LinkField readOnly value={credential.url} onFocus={(event) => event.target.select()} />
        </label>
        <div aria-live="polite">
          {copied === 'copied' && <MutedText>Link copied.</MutedText>}
          {copied === 'failed' && (
            <ErrorText>We couldn't copy the link; select it and copy it instead.</ErrorText>
          )}
        </div>
        {canRevoke && !revoked && !confirming && (
          <div>
            <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
              Revoke the credential
            </Button>
          </div>
        )}
        {confirming && !revoked && (
          <Stack gap={2} role="group" aria-label="Confirm revoking">
            <p>
              Revoke this credential? Everyone who checks it will see that it is revoked. You can sign again
              for a new one.
            </p>
            <Actions>
              <Button type="button" onClick={onRevoke} disabled={revoking}>
                {revoking ? 'Revoking…' : 'Yes, revoke it'}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </Actions>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function DeclarationView({ overview }: { overview: DeclarationOverview }) {
  const headingId = useId();
  const [agreed, setAgreed] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [sign, signing] = useSignDeclarationMutation();
  const [revoke, revoking] = useRevokeCredentialMutation();
  const { declaration, credential, canSign } = overview;
  const busy = signing.isLoading || revoking.isLoading;
  // The latest request's failure: starting one forgets the other's.
  const problem = unconfirmed
    ? 'Tick the box to confirm that you may sign for your organisation.'
    : signing.isError
      ? describeError(signing.error, 'sign the declaration')
      : revoking.isError
        ? describeError(revoking.error, 'revoke the credential')
        : null;

  // The screen shows the new declaration state as the changed query answers again.
  const signDeclaration = async (surveyId: string) => {
    revoking.reset();
    try {
      await sign(surveyId).unwrap();
      setAgreed(false);
    } catch {
      // Shown from the request's state.
    }
  };
  const revokeCredential = async (credentialId: string) => {
    setUnconfirmed(false);
    signing.reset();
    try {
      await revoke(credentialId).unwrap();
      setAgreed(false);
    } catch {
      // Shown from the request's state.
    }
  };

  if (!declaration) {
    return (
      <Card>
        <Stack gap={3}>
          <SectionHeading>No declaration to sign</SectionHeading>
          <MutedText>
            Your organisation did not join a toolkit with a declaration, so there is nothing to sign here.
          </MutedText>
        </Stack>
      </Card>
    );
  }
  const signed = credential !== null && credential.revokedAt === null;
  let signArea: ReactNode;
  if (canSign) {
    signArea = (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setUnconfirmed(!agreed);
          if (agreed) void signDeclaration(declaration.surveyId);
        }}
      >
        <Stack gap={3}>
          <Confirm>
            <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
            <span>I have read the declaration and may sign it for my organisation.</span>
          </Confirm>
          <div>
            <Button type="submit" disabled={busy}>
              {signing.isLoading
                ? 'Signing…'
                : signed
                  ? 'Sign again for a new credential'
                  : 'Sign the declaration'}
            </Button>
          </div>
        </Stack>
      </form>
    );
  } else if (!signed) {
    signArea = <MutedText>Only an owner or admin can sign the declaration for your organisation.</MutedText>;
  }

  return (
    <Stack>
      <Card aria-labelledby={headingId}>
        <Stack gap={3}>
          <SectionHeading id={headingId}>{declaration.title}</SectionHeading>
          <div>{paragraphs(declaration.text)}</div>
          {signed && declaration.outro && <div>{paragraphs(declaration.outro)}</div>}
          {signArea}
          {problem && <ErrorText role="alert">{problem}</ErrorText>}
        </Stack>
      </Card>
      {credential && (
        <CredentialCard
          credential={credential}
          canRevoke={canSign}
          revoking={revoking.isLoading}
          onRevoke={() => void revokeCredential(credential.id)}
        />
      )}
    </Stack>
  );
}

export function DeclarationScreen() {
  const declaration = useDeclarationQuery();
  const { data } = declaration;
  const namingFirst = useOrganisationNameFirst(
    'Your declaration is signed in your organisation’s name, so add it here first.',
    Boolean(data?.declaration && data.canSign),
  );
  if (namingFirst) return null;
  return (
    <Stack>
      <PageTitle>Declaration</PageTitle>
      <QueryView query={declaration} doing="load the declaration">
        {(overview) => <DeclarationView overview={overview} />}
      </QueryView>
    </Stack>
  );
}
