// SPEC §2 /journey/{inviteId}, §7 journey-verifyAndLoginWithInvite, §8 journey errors: the invitee is
// signed in with the invite's custom token and answers the survey in invite mode.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { MESSAGES, paths } from '@toolkit/domain';
import type { AppServices, AuthOutcome } from '@toolkit/parcel';
import { isCallableError, verifyAndLoginWithInvite } from '@toolkit/platform';
import { Card, ErrorPanel, PageTitle, Spinner, Stack } from '@toolkit/ui';

export type InviteServices = Pick<AppServices, 'callable' | 'signInWithCustomToken'>;

interface Failure {
  title: string;
  message: string;
  /** Worth another try: the network or the sign-in failed, not the invite itself. */
  retry: boolean;
}

const TRANSIENT = new Set(['unavailable', 'deadline-exceeded', 'cancelled', 'internal', 'unknown']);

const INCOMPLETE_TITLE = 'This invitation link is incomplete';

const Checking = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const PortalLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget};
  color: ${({ theme }) => theme.colors.link};
  font-weight: 600;
`;

/** SPEC §2: the invite id comes from the query string, else from the path segment. */
export function inviteIdFrom(search: URLSearchParams, segment: string | undefined): string {
  return search.get('inviteId')?.trim() || segment?.trim() || '';
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error.';
}

function verificationFailure(error: unknown): Failure {
  return {
    title: "We couldn't open your invitation",
    message: messageOf(error),
    retry: !isCallableError(error) || TRANSIENT.has(error.code),
  };
}

export function InviteJourney({ services }: { services: InviteServices }) {
  const titleId = useId();
  const { inviteId: segment } = useParams();
  const [search] = useSearchParams();
  const inviteId = inviteIdFrom(search, segment);
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<Failure | null>(null);

  // The verification runs once per invite and attempt, whatever new props or router state arrive
  // while it runs (signing in makes the shell re-render the parcel).
  const latest = useRef({ services, navigate });
  useEffect(() => {
    latest.current = { services, navigate };
  });

  useEffect(() => {
    if (!inviteId) return;
    let active = true;
    setFailure(null);
    const run = async () => {
      const { callable, signInWithCustomToken } = latest.current.services;
      let verified;
      try {
        verified = await verifyAndLoginWithInvite(callable, { inviteId });
      } catch (error) {
        if (active) setFailure(verificationFailure(error));
        return;
      }
      if (!active) return;
      // SPEC §5: the invite journey cannot save or submit without these ids.
      const data = verified?.inviteData;
      if (!data?.tenantId || !data.surveyId || !data.surveyResultId || !verified.token) {
        setFailure({ title: INCOMPLETE_TITLE, message: MESSAGES.missingJourneyIds, retry: false });
        return;
      }
      const { tenantId, surveyId, surveyResultId } = data;
      let outcome: AuthOutcome;
      try {
        outcome = await signInWithCustomToken(verified.token);
      } catch (error) {
        outcome = { success: false, message: messageOf(error) };
      }
      if (!active) return;
      if (!outcome.success) {
        setFailure({ title: "We couldn't sign you in", message: outcome.message, retry: true });
        return;
      }
      const query = new URLSearchParams({ inviteId, resultId: surveyResultId });
      latest.current.navigate(`${paths.surveySection(tenantId, surveyId, 1)}?${query}`, { replace: true });
    };
    void run();
    return () => {
      active = false;
    };
  }, [inviteId, attempt]);

  const shown: Failure | null = inviteId
    ? failure
    : { title: INCOMPLETE_TITLE, message: MESSAGES.missingJourneyIds, retry: false };

  return (
    <Card aria-labelledby={titleId}>
      <Stack gap={4}>
        <PageTitle id={titleId} style={{ marginBottom: 0 }}>
          Your invitation
        </PageTitle>
        {shown ? (
          <>
            <ErrorPanel
              title={shown.title}
              message={shown.message}
              onRetry={shown.retry ? () => setAttempt((count) => count + 1) : undefined}
            />
            <p>
              If the link still does not work, ask the person who invited you for a new one, or{' '}
              <PortalLink to={paths.portal()}>go to the portal</PortalLink>.
            </p>
          </>
        ) : (
          <Checking>
            <Spinner label="Checking your invitation…" />
            <span aria-hidden="true">Checking your invitation…</span>
          </Checking>
        )}
      </Stack>
    </Card>
  );
}
