import { Link } from 'react-router';
import { useRef } from 'react';
import styled from 'styled-components';
import { paths } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import { Button, buttonStyles, Card, MutedText, PageTitle, Stack, type ButtonVariant } from '@toolkit/ui';
import type { ShellAuth } from '../auth/firebase-auth';
import { EmailLinkForm } from './email-link-form';
import { DEFAULT_TOOLKIT, usePortalToolkit } from './portal-toolkit';

const Lead = styled.p`
  font-size: 1.125rem;
  max-width: 40rem;
`;

const Publisher = styled.p`
  font-weight: 600;
`;

const StartLink = styled(Link)<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

/** The portal page, shared by /, /flow/{toolkitName}, /signup and /invite. */
export function Portal({
  auth,
  content,
  toolkitName,
}: {
  auth: ShellAuth;
  content: ContentClient;
  toolkitName?: string;
}) {
  const toolkit = usePortalToolkit(content, toolkitName ?? DEFAULT_TOOLKIT);
  // The plain portal is the product's own; a toolkit's portal is its publisher's, and the shell's
  // theme wears its look (tenant-theme.tsx).
  const own = toolkitName && toolkit.status === 'ready' ? toolkit : null;
  const emailField = useRef<HTMLInputElement>(null);
  // A survey answered with an account is taken once signed up: its button starts the sign-up.
  const needsAccount = toolkit.status === 'ready' && toolkit.survey.requireAccount;
  // The link names the toolkit the organisation signs up through, unless there is no such toolkit.
  const continueUrl = `${window.location.origin}${paths.completeSignup()}${
    toolkitName && toolkit.status !== 'missing' ? `?toolkit=${encodeURIComponent(toolkitName)}` : ''
  }`;
  return (
    <Stack gap={5}>
      <section aria-labelledby="portal-title">
        <PageTitle id="portal-title">
          {own ? `Welcome to the ${own.title} toolkit` : 'Where does your business stand on sustainability?'}
        </PageTitle>
        {own?.publisher && (
          // Its logo heads the page (the shell's header wears the toolkit's look).
          <Publisher>Offered by {own.publisher}</Publisher>
        )}
        <Lead>
          Answer a short self-assessment, see your results straight away, and follow a clear journey from your
          first steps to leading your sector.
        </Lead>
        {toolkit.status === 'ready' &&
          (needsAccount ? (
            <Button onClick={() => emailField.current?.focus()}>Take the Quickscan</Button>
          ) : (
            <StartLink $variant="primary" to={toolkit.surveyPath}>
              Take the Quickscan
            </StartLink>
          ))}
        {needsAccount && (
          <MutedText>
            It is answered with an account: sign up below first, and it opens as soon as you have.
          </MutedText>
        )}
        {toolkit.status === 'missing' && (
          <MutedText role="status">
            There is no toolkit called “{toolkitName}”. Check the address, or sign up below for the general
            Quickscan.
          </MutedText>
        )}
        {toolkit.status === 'failed' && (
          <MutedText role="status">
            The Quickscan cannot be opened just now. Please try again later.
          </MutedText>
        )}
      </section>
      <Card aria-labelledby="signin-title">
        <h2 id="signin-title">Sign up or sign in</h2>
        <p>We'll e-mail you a link. No password needed.</p>
        {own && needsAccount && (
          <p>
            New here? Your organisation joins the {own.title} toolkit, and its Quickscan opens as soon as you
            have signed up.
          </p>
        )}
        <EmailLinkForm
          inputRef={emailField}
          submitLabel="E-mail me a sign-in link"
          successMessage={(email) => `Check your inbox: we sent a sign-in link to ${email}.`}
          onSubmit={async (email) => {
            const result = await auth.sendSignInLink(email, continueUrl);
            return result.success ? null : `We couldn't send the link: ${result.message}`;
          }}
        />
      </Card>
    </Stack>
  );
}
