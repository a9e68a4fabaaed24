import { Link } from 'react-router';
import styled from 'styled-components';
import { paths } from '@toolkit/domain';
import { buttonStyles, Card, PageTitle, Stack, type ButtonVariant } from '@toolkit/ui';
import type { ShellAuth } from '../auth/firebase-auth';
import { EmailLinkForm } from './email-link-form';

// The demo publisher's Quickscan; resolving a toolkit name to its publisher's survey comes with tenant records.
const DEFAULT_SURVEY = { tenantId: 'demo-publisher', surveyId: 'quickscan' };

const Lead = styled.p`
  font-size: 1.125rem;
  max-width: 40rem;
`;

/** A toolkit's name as it appears in its address, e.g. "green-office", written as a name: "Green office". */
export function toolkitTitle(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const StartLink = styled(Link)<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

/** The portal page, shared by /, /flow/{toolkitName}, /signup and /invite. */
export function Portal({ auth, toolkitName }: { auth: ShellAuth; toolkitName?: string }) {
  const continueUrl = `${window.location.origin}${paths.completeSignup()}${
    toolkitName ? `?toolkit=${encodeURIComponent(toolkitName)}` : ''
  }`;
  return (
    <Stack gap={5}>
      <section aria-labelledby="portal-title">
        <PageTitle id="portal-title">
          {toolkitName
            ? `Welcome to the ${toolkitTitle(toolkitName)} toolkit`
            : 'Where does your business stand on sustainability?'}
        </PageTitle>
        <Lead>
          Answer a short self-assessment, see your results straight away, and follow a clear journey from your
          first steps to leading your sector.
        </Lead>
        <StartLink $variant="primary" to={paths.survey(DEFAULT_SURVEY.tenantId, DEFAULT_SURVEY.surveyId)}>
          Take the Quickscan
        </StartLink>
      </section>
      <Card aria-labelledby="signin-title">
        <h2 id="signin-title">Sign up or sign in</h2>
        <p>We'll e-mail you a link. No password needed.</p>
        <EmailLinkForm
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
