// The invite link: its holder sees who invites them into what, and accepts or declines. Accepting
// (journey-verifyAndLoginWithInvite) makes them a member, signs them in with the invite's custom token
// and opens the survey in invite mode; declining grants nothing.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { API, INVITE_LIFETIME_DAYS, MESSAGES, paths, SERVER_ERRORS, type InviteOffer } from '@toolkit/domain';
import type { AppServices, AuthOutcome } from '@toolkit/parcel';
import { callApi, isCallableError, verifyAndLoginWithInvite } from '@toolkit/platform';
import { Button, Card, ErrorPanel, MutedText, PageTitle, Spinner, Stack } from '@toolkit/ui';

export type InviteServices = Pick<AppServices, 'callable' | 'signInWithCustomToken'>;

interface Failure {
  title: string;
  message: string;
  /** Worth another try: the network or the sign-in failed, not the invite itself. */
  retry: boolean;
}

const TRANSIENT = new Set(['unavailable', 'deadline-exceeded', 'cancelled', 'internal', 'unknown']);

const INCOMPLETE_TITLE = 'This invitation link is incomplete';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]}px;
`;

/** What an invite that can no longer be accepted says, by its state. */
const CLOSED: Record<Exclude<InviteOffer['state'], 'open' | 'accepted'>, string> = {
  used: SERVER_ERRORS.inviteUsed,
  declined: SERVER_ERRORS.inviteDeclined,
  expired: SERVER_ERRORS.inviteExpired(INVITE_LIFETIME_DAYS),
};

// "an editor", "a user": the roles' names sound as they are spelt, but for the u of user.
const article = (role: string) => (/^[aeio]/.test(role) ? 'an' : 'a');

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

/** The invite id comes from the query string, else from the path segment. */
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

type Offer =
  { status: 'loading' } | { status: 'ready'; offer: InviteOffer } | { status: 'failed'; failure: Failure };

type Decision = 'undecided' | 'accepted' | 'declining' | 'declined';

export function InviteJourney({ services }: { services: InviteServices }) {
  const titleId = useId();
  const { inviteId: segment } = useParams();
  const [search] = useSearchParams();
  const inviteId = inviteIdFrom(search, segment);
  const navigate = useNavigate();
  const [offer, setOffer] = useState<Offer>({ status: 'loading' });
  const [offerAttempt, setOfferAttempt] = useState(0);
  const [decision, setDecision] = useState<Decision>('undecided');
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
    setOffer({ status: 'loading' });
    callApi(latest.current.services.callable, API.describeInvite, { inviteId }).then(
      (described) => active && setOffer({ status: 'ready', offer: described }),
      (error: unknown) => active && setOffer({ status: 'failed', failure: verificationFailure(error) }),
    );
    return () => {
      active = false;
    };
  }, [inviteId, offerAttempt]);

  useEffect(() => {
    if (!inviteId || decision !== 'accepted') return;
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
      // The invite journey cannot save or submit without these ids.
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
  }, [inviteId, decision, attempt]);

  const decline = async () => {
    setDecision('declining');
    setFailure(null);
    try {
      await callApi(services.callable, API.declineInvite, { inviteId });
      setDecision('declined');
    } catch (error) {
      setDecision('undecided');
      setFailure({ ...verificationFailure(error), title: "We couldn't decline the invitation" });
    }
  };

  const shown: Failure | null = !inviteId
    ? { title: INCOMPLETE_TITLE, message: MESSAGES.missingJourneyIds, retry: false }
    : offer.status === 'failed'
      ? offer.failure
      : failure;
  const retry = () =>
    offer.status === 'failed' ? setOfferAttempt((count) => count + 1) : setAttempt((count) => count + 1);
  const ready = offer.status === 'ready' ? offer.offer : null;
  const closed = ready && ready.state !== 'open' && ready.state !== 'accepted' ? CLOSED[ready.state] : null;

  let body;
  if (shown || closed) {
    body = (
      <>
        <ErrorPanel
          title={shown?.title ?? "This invitation can't be used"}
          message={shown?.message ?? closed ?? ''}
          onRetry={shown?.retry ? retry : undefined}
        />
        <p>
          If the link still does not work, ask the person who invited you for a new one, or{' '}
          <PortalLink to={paths.portal()}>go to the portal</PortalLink>.
        </p>
      </>
    );
  } else if (decision === 'declined' && ready) {
    body = (
      <p role="status">
        You declined the invitation to join {ready.organisationName || 'the organisation'}. You have not
        joined, and nothing was shared with them. You can close this page.
      </p>
    );
  } else if (ready && decision === 'undecided') {
    const organisation = ready.organisationName || 'an organisation';
    body = (
      <>
        <p>
          <strong>{ready.inviterName || organisation}</strong> invites you to join{' '}
          <strong>{organisation}</strong> as {article(ready.role)} <strong>{ready.role}</strong>, and to take
          the <strong>{ready.surveyTitle}</strong>.
        </p>
        <MutedText>
          This invitation was sent to {ready.email}. Accepting makes you a member of {organisation} with this
          address; declining tells them you said no and shares nothing else.
        </MutedText>
        {ready.state === 'accepted' && (
          <MutedText>
            This invitation has been accepted already. If that was you, continue where you left off.
          </MutedText>
        )}
        <Actions>
          <Button onClick={() => setDecision('accepted')}>
            {ready.state === 'accepted' ? 'Continue' : 'Accept and start'}
          </Button>
          {ready.state === 'open' && (
            <Button variant="secondary" onClick={() => void decline()}>
              Decline
            </Button>
          )}
        </Actions>
      </>
    );
  } else {
    const label = decision === 'declining' ? 'Declining…' : 'Checking your invitation…';
    body = (
      <Checking>
        <Spinner label={label} />
        <span aria-hidden="true">{label}</span>
      </Checking>
    );
  }

  return (
    <Card aria-labelledby={titleId}>
      <Stack gap={4}>
        <PageTitle id={titleId} style={{ marginBottom: 0 }}>
          Your invitation
        </PageTitle>
        {body}
      </Stack>
    </Card>
  );
}
