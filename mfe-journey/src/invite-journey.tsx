// The invite link: its holder sees who invites them into what, and accepts or declines. Accepting
// asks their name, which their team sees (journey-verifyAndLoginWithInvite makes them a member under
// it and signs them in with the invite's custom token); a team invite then opens the dashboard, a survey invite the survey in invite mode. Declining
// grants nothing.
import { useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import styled from 'styled-components';
import { API, INVITE_LIFETIME_DAYS, MESSAGES, paths, SERVER_ERRORS, type InviteOffer } from '@toolkit/domain';
import { Loading, LoadError, toQueryError } from '@toolkit/data';
import { useRequestForm } from '@toolkit/data/form';
import { REQUESTS } from '@toolkit/domain/requests';
import type { AppServices, AuthOutcome } from '@toolkit/parcel';
import { Button, Card, ErrorPanel, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { FieldGrid, TextField } from '@toolkit/ui/form';
import { ErrorText } from '@toolkit/ui/error-text';
import {
  useAcceptInviteMutation,
  useDeclineInviteMutation,
  useInviteQuery,
  type Accepted,
  type Acceptance,
} from './journey-api';

export type InviteServices = Pick<AppServices, 'signInWithCustomToken'>;

interface Failure {
  title: string;
  message: string;
  /** Worth another try: the network or the sign-in failed, not the invite itself. */
  retry: boolean;
}

const TRANSIENT = new Set(['unavailable', 'deadline-exceeded', 'cancelled', 'internal', 'unknown']);

const INCOMPLETE: Failure = {
  title: 'This invitation link is incomplete',
  message: MESSAGES.missingJourneyIds,
  retry: false,
};

/** A link without its key (cut short, or mailed before links carried one) opens nothing. */
const KEYLESS: Failure = {
  title: 'This invitation link is incomplete',
  message: SERVER_ERRORS.inviteNotValid,
  retry: false,
};

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
  withdrawn: SERVER_ERRORS.inviteWithdrawn,
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

/** The fields the invitee fills in as they accept. */
const NAME_FIELDS = ['firstName', 'lastName'] as const;

/** A refusal of the name they gave: said beside its field, not as the invitation's failure. */
const refusesName = (error: unknown): boolean =>
  NAME_FIELDS.some((field) => field in toQueryError(error).fields);

function failureOf(error: unknown, title: string): Failure {
  const { code, message } = toQueryError(error);
  return { title, message: message || 'Unknown error.', retry: TRANSIENT.has(code) };
}

function Pending({ label }: { label: string }) {
  return (
    <Checking>
      <Loading label={label} />
      <span aria-hidden="true">{label}</span>
    </Checking>
  );
}

function PortalAdvice() {
  return (
    <p>
      If the link still does not work, ask the person who invited you for a new one, or{' '}
      <PortalLink to={paths.portal()}>go to the portal</PortalLink>.
    </p>
  );
}

export function InviteJourney({ services }: { services: InviteServices }) {
  const titleId = useId();
  const { inviteId: segment } = useParams();
  const [search] = useSearchParams();
  const inviteId = inviteIdFrom(search, segment);
  // The key opens the invite; without it (a link cut short) the id alone opens nothing.
  const key = search.get('key')?.trim() ?? '';
  const link = { inviteId, key };
  // Checked as the server checks the acceptance: each name required, trimmed, at most 100 characters.
  const form = useRequestForm(REQUESTS[API.verifyAndLoginWithInvite], {
    defaultValues: { ...link, firstName: '', lastName: '' },
    labels: { firstName: 'First name', lastName: 'Last name' },
  });
  const navigate = useNavigate();
  const offer = useInviteQuery(inviteId && key ? link : skipToken);
  const [accept, accepting] = useAcceptInviteMutation();
  const [decline, declining] = useDeclineInviteMutation();
  // What failed after the server accepted: its answer lacked the survey's ids, or signing in failed.
  const [afterAccepting, setAfterAccepting] = useState<Failure | null>(null);

  /** `acceptance`: the link with the name given; the link alone to carry on after accepting. */
  async function start(acceptance: Acceptance = link) {
    setAfterAccepting(null);
    let accepted: Accepted;
    try {
      accepted = await accept(acceptance).unwrap();
    } catch (error) {
      // A refused name is said beside its field; anything else, by the page.
      if (refusesName(error)) form.showFailure(error, 'accept the invitation');
      return;
    }
    // A team invite has no survey (null); a survey invite's journey cannot save or submit without these ids.
    const data = accepted?.inviteData;
    if (!accepted?.token || (data !== null && (!data?.tenantId || !data.surveyId || !data.surveyResultId))) {
      setAfterAccepting(INCOMPLETE);
      return;
    }
    let outcome: AuthOutcome;
    try {
      outcome = await services.signInWithCustomToken(accepted.token);
    } catch (error) {
      outcome = { success: false, message: messageOf(error) };
    }
    if (!outcome.success) {
      setAfterAccepting({ title: "We couldn't sign you in", message: outcome.message, retry: true });
      return;
    }
    if (data === null) {
      navigate(paths.dashboard(), { replace: true });
      return;
    }
    const query = new URLSearchParams({ inviteId, resultId: data.surveyResultId });
    navigate(`${paths.surveySection(data.tenantId, data.surveyId, 1)}?${query}`, { replace: true });
  }

  const failure: Failure | null = !inviteId
    ? INCOMPLETE
    : !key
      ? KEYLESS
      : accepting.isError && !refusesName(accepting.error)
        ? failureOf(accepting.error, "We couldn't open your invitation")
        : declining.isError
          ? failureOf(declining.error, "We couldn't decline the invitation")
          : afterAccepting;
  const retry = declining.isError
    ? () => void decline(link)
    : () => void start(accepting.originalArgs ?? link);
  const ready = offer.currentData;
  const closed = ready && ready.state !== 'open' && ready.state !== 'accepted' ? CLOSED[ready.state] : null;

  let body;
  if (failure) {
    body = (
      <>
        <ErrorPanel
          title={failure.title}
          message={failure.message}
          onRetry={failure.retry ? retry : undefined}
        />
        <PortalAdvice />
      </>
    );
  } else if (accepting.isLoading || accepting.isSuccess) {
    // Verifying, then signing in, then on to the dashboard or the survey.
    body = <Pending label="Checking your invitation…" />;
  } else if (declining.isLoading) {
    body = <Pending label="Declining…" />;
  } else if (offer.isError && !ready) {
    body = (
      <>
        <LoadError error={offer.error} doing="open your invitation" onRetry={() => void offer.refetch()} />
        <PortalAdvice />
      </>
    );
  } else if (!ready) {
    body = <Pending label="Checking your invitation…" />;
  } else if (declining.isSuccess) {
    body = (
      <p role="status">
        You declined the invitation to join {ready.organisationName || 'the organisation'}. You have not
        joined, and nothing was shared with them. You can close this page.
      </p>
    );
  } else if (closed) {
    body = (
      <>
        <ErrorPanel title="This invitation can't be used" message={closed} />
        <PortalAdvice />
      </>
    );
  } else {
    const organisation = ready.organisationName || 'an organisation';
    body = (
      <>
        <p>
          <strong>{ready.inviterName || organisation}</strong> invites you to join{' '}
          <strong>{organisation}</strong> as {article(ready.role)} <strong>{ready.role}</strong>
          {ready.surveyTitle === null ? (
            '.'
          ) : (
            <>
              , and to take the <strong>{ready.surveyTitle}</strong>.
            </>
          )}
        </p>
        <MutedText>
          This invitation was sent to {ready.email}. Accepting makes you a member of {organisation} with this
          address; declining tells them you said no and shares nothing else.
        </MutedText>
        {ready.state === 'accepted' ? (
          <>
            <MutedText>
              This invitation has been accepted already. If that was you, continue where you left off.
            </MutedText>
            <Actions>
              <Button onClick={() => void start()}>Continue</Button>
            </Actions>
          </>
        ) : (
          <form
            aria-label="Accept the invitation"
            noValidate
            onSubmit={(event) => void form.handleSubmit((acceptance) => start(acceptance))(event)}
          >
            <Stack gap={3}>
              <MutedText>Your name, as the team at {organisation} will see it:</MutedText>
              <FieldGrid>
                <TextField
                  label="First name"
                  autoComplete="given-name"
                  required
                  {...form.field('firstName')}
                />
                <TextField
                  label="Last name"
                  autoComplete="family-name"
                  required
                  {...form.field('lastName')}
                />
              </FieldGrid>
              {form.failure && <ErrorText role="alert">{form.failure}</ErrorText>}
              <Actions>
                <Button type="submit">
                  {ready.surveyTitle === null ? 'Accept and join' : 'Accept and start'}
                </Button>
                <Button type="button" variant="secondary" onClick={() => void decline(link)}>
                  Decline
                </Button>
              </Actions>
            </Stack>
          </form>
        )}
      </>
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
