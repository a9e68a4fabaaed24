import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { API, MESSAGES, SERVER_ERRORS, type InviteOffer, type StoredMilestone } from '@toolkit/domain';
import type { AuthOutcome } from '@toolkit/parcel';
import { CallableError } from '@toolkit/platform';
import {
  createFakeBackend,
  deferred,
  serverError,
  viaProtocol,
  type FakeHandlers,
  type HandlerFor,
} from '@toolkit/platform/testing';
import { App } from './app';
import { inviteIdFrom } from './invite-journey';
import type { Accepted } from './journey-api';
import { renderWithApi } from './testing/render';

/** The secret an invite's mail carries beside its id. */
const KEY = 'Secret-key_0123456789abcdefghijklmnopqrstuv';

const INVITE = { surveyResultId: 'result-7', surveyId: 'supplier-assessment', tenantId: 'tenant-a' };

/** Stands in for the survey remote: shows where the journey went and how. */
function SurveyProbe() {
  const location = useLocation();
  return (
    <p>
      Survey at {location.pathname}
      {location.search} by {useNavigationType()}
    </p>
  );
}

function NavigationProbe() {
  return <>{useNavigationType()}</>;
}

const OFFER: InviteOffer = {
  state: 'open',
  kind: 'survey',
  email: 'sam@example.com',
  organisationName: 'Harbour Bakery',
  inviterName: 'Ada Lovelace',
  role: 'editor',
  surveyTitle: 'Supplier Sustainability Assessment',
};

function renderInvite(
  url: string,
  verify: HandlerFor<typeof API.verifyAndLoginWithInvite>,
  signIn: (token: string) => Promise<AuthOutcome>,
  describe: HandlerFor<typeof API.describeInvite> = () => OFFER,
  decline: HandlerFor<typeof API.declineInvite> = () => ({ status: 'declined' }),
) {
  const api = createFakeBackend({
    [API.describeInvite]: describe,
    [API.verifyAndLoginWithInvite]: verify,
    [API.declineInvite]: decline,
  });
  const tokens: string[] = [];
  const signInWithCustomToken = (token: string) => {
    tokens.push(token);
    return signIn(token);
  };
  renderWithApi(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/survey/*" element={<SurveyProbe />} />
        <Route path="/dashboard" element={<p>Dashboard by {<NavigationProbe />}</p>} />
        <Route path="*" element={<App services={{ signInWithCustomToken }} />} />
      </Routes>
    </MemoryRouter>,
    viaProtocol(api),
  );
  return { calls: api.calls, tokens };
}

const signedIn = async (): Promise<AuthOutcome> => ({ success: true });
/** The name the invitee gives as they accept. */
const NAMES = { firstName: 'Sam', lastName: 'Ng' };

/** Gives the name and accepts. */
async function accept(button = 'Accept and start') {
  const form = await screen.findByRole('form', { name: 'Accept the invitation' });
  await userEvent.type(within(form).getByLabelText('First name'), NAMES.firstName);
  await userEvent.type(within(form).getByLabelText('Last name'), NAMES.lastName);
  await userEvent.click(within(form).getByRole('button', { name: button }));
}
const verifications = <C extends { name: string }>(calls: C[]) =>
  calls.filter((call) => call.name === API.verifyAndLoginWithInvite);
const verified = (): Accepted => ({ inviteData: INVITE, token: 'custom-token-1' });

describe('inviteIdFrom', () => {
  it.each([
    ['?inviteId=from-query', 'from-path', 'from-query'],
    ['', 'from-path', 'from-path'],
    ['?inviteId=%20', 'from-path', 'from-path'],
    ['?inviteId=', ' ', ''],
    ['', undefined, ''],
  ])('reads %j with path segment %j as %j', (search, segment, expected) => {
    expect(inviteIdFrom(new URLSearchParams(search), segment)).toBe(expected);
  });
});

describe('InviteJourney', () => {
  it('asks a team invitee to join, and opens the dashboard as a member once signed in', async () => {
    const teamOffer: InviteOffer = { ...OFFER, kind: 'team', surveyTitle: null };
    const { tokens } = renderInvite(
      `/journey/inv-9?inviteId=inv-9&key=${KEY}`,
      () => ({ inviteData: null, token: 'member-token' }),
      signedIn,
      () => teamOffer,
    );
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent === 'Ada Lovelace invites you to join Harbour Bakery as an editor.',
      ),
    ).toBeInTheDocument();
    await accept('Accept and join');
    expect(await screen.findByText('Dashboard by REPLACE')).toBeInTheDocument();
    expect(tokens).toEqual(['member-token']);
  });

  it('says a withdrawn invitation was withdrawn, and offers nothing to accept', async () => {
    renderInvite(`/journey/inv-3?inviteId=inv-3&key=${KEY}`, verified, signedIn, () => ({
      ...OFFER,
      state: 'withdrawn',
    }));
    expect(await screen.findByText(SERVER_ERRORS.inviteWithdrawn)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('checks the invitation, signs in with its token and opens the first survey section in invite mode', async () => {
    const pending = deferred<Accepted>();
    const { calls, tokens } = renderInvite(
      `/journey/inv-42?inviteId=inv-42&key=${KEY}`,
      () => pending.promise,
      signedIn,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Checking your invitation…');
    await accept();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your invitation…');

    pending.resolve(verified());
    expect(
      await screen.findByText(
        'Survey at /survey/tenant-a/supplier-assessment/section/1?inviteId=inv-42&resultId=result-7 by REPLACE',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      { name: API.describeInvite, data: { inviteId: 'inv-42', key: KEY } },
      { name: API.verifyAndLoginWithInvite, data: { inviteId: 'inv-42', key: KEY, ...NAMES } },
    ]);
    expect(tokens).toEqual(['custom-token-1']);
  });

  it('prefers the invite id of the query string over the path segment', async () => {
    const { calls } = renderInvite(`/journey/from-path?inviteId=from-query&key=${KEY}`, verified, signedIn);
    await accept();
    await screen.findByText(/^Survey at/);
    expect(verifications(calls)[0]?.data).toEqual({ inviteId: 'from-query', key: KEY, ...NAMES });
    expect(screen.getByText(/^Survey at/)).toHaveTextContent('inviteId=from-query&resultId=result-7');
  });

  it('uses the path segment when the query string has no invite id', async () => {
    const { calls } = renderInvite(`/journey/from-path?key=${KEY}`, verified, signedIn);
    await accept();
    await screen.findByText(/^Survey at/);
    expect(verifications(calls)[0]?.data).toEqual({ inviteId: 'from-path', key: KEY, ...NAMES });
  });

  it('says the link is incomplete when there is no invite id, and calls nothing', () => {
    const { calls, tokens } = renderInvite('/journey/%20', verified, signedIn);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This invitation link is incomplete');
    expect(alert).toHaveTextContent(MESSAGES.missingJourneyIds);
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'go to the portal' })).toHaveAttribute('href', '/');
    expect(calls).toEqual([]);
    expect(tokens).toEqual([]);
  });

  it('says a link without its key is not valid, and asks the server nothing', () => {
    const { calls, tokens } = renderInvite('/journey/inv-42?inviteId=inv-42', verified, signedIn);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This invitation link is incomplete');
    expect(alert).toHaveTextContent(SERVER_ERRORS.inviteNotValid);
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
    expect(calls).toEqual([]);
    expect(tokens).toEqual([]);
  });

  it("shows the server's verification error with a link to the portal, without signing in", async () => {
    const { tokens } = renderInvite(
      `/journey/inv-done?inviteId=inv-done&key=${KEY}`,
      () => serverError('failed-precondition', 'This invitation has already been completed.'),
      signedIn,
    );
    await accept();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't open your invitation");
    expect(alert).toHaveTextContent('This invitation has already been completed.');
    // A used or unknown invitation does not get better by trying again.
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'go to the portal' })).toHaveAttribute('href', '/');
    expect(tokens).toEqual([]);
    expect(screen.queryByText(/^Survey at/)).toBeNull();
  });

  it('offers Try again when the server cannot be reached, and then continues', async () => {
    let attempts = 0;
    const { calls } = renderInvite(
      `/journey/inv-42?inviteId=inv-42&key=${KEY}`,
      () => {
        attempts += 1;
        if (attempts === 1) throw new Error('connection refused');
        return verified();
      },
      signedIn,
    );
    await accept();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Could not reach the function journey-verifyAndLoginWithInvite/);

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText(/^Survey at \/survey\/tenant-a\/supplier-assessment\/section\/1/);
    expect(verifications(calls)).toHaveLength(2);
  });

  it('reports a failed sign-in with its message and lets the invitee try again', async () => {
    let outcome: AuthOutcome = { success: false, message: 'The sign-in service is offline.' };
    const { tokens } = renderInvite(
      `/journey/inv-42?inviteId=inv-42&key=${KEY}`,
      verified,
      async () => outcome,
    );
    await accept();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't sign you in");
    expect(alert).toHaveTextContent('The sign-in service is offline.');
    expect(screen.queryByText(/^Survey at/)).toBeNull();

    outcome = { success: true };
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText(/^Survey at/);
    expect(tokens).toEqual(['custom-token-1', 'custom-token-1']);
  });

  it('reports a sign-in that throws instead of answering', async () => {
    renderInvite(`/journey/inv-42?inviteId=inv-42&key=${KEY}`, verified, () =>
      Promise.reject(new Error('Firebase: Error (auth/network-request-failed).')),
    );
    await accept();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't sign you in");
    expect(alert).toHaveTextContent('Firebase: Error (auth/network-request-failed).');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refuses an answer without the ids the survey needs', async () => {
    const { tokens } = renderInvite(
      `/journey/inv-42?inviteId=inv-42&key=${KEY}`,
      () => ({ inviteData: { ...INVITE, surveyResultId: '' }, token: 'custom-token-1' }),
      signedIn,
    );
    await accept();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.missingJourneyIds);
    expect(tokens).toEqual([]);
  });
});

describe('the offer, before anything is accepted', () => {
  it('says who invites whom into what, and signs nobody in until they accept', async () => {
    const { calls, tokens } = renderInvite(`/journey/inv-42?inviteId=inv-42&key=${KEY}`, verified, signedIn);
    expect(
      await screen.findByText((_, element) =>
        element?.tagName === 'P'
          ? element.textContent ===
            'Ada Lovelace invites you to join Harbour Bakery as an editor, and to take the Supplier Sustainability Assessment.'
          : false,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/This invitation was sent to sam@example.com/)).toBeInTheDocument();
    expect(verifications(calls)).toEqual([]);
    expect(tokens).toEqual([]);
  });

  it('declines: the server is told, nobody is signed in, and the page says what it meant', async () => {
    const { calls, tokens } = renderInvite(`/journey/inv-42?inviteId=inv-42&key=${KEY}`, verified, signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    // The "Declining…" spinner is a status too, until the server has answered.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'You declined the invitation to join Harbour Bakery. You have not joined',
      ),
    );
    expect(calls.map((call) => call.name)).toEqual([API.describeInvite, API.declineInvite]);
    expect(tokens).toEqual([]);
  });

  it.each([
    ['used', SERVER_ERRORS.inviteUsed],
    ['declined', SERVER_ERRORS.inviteDeclined],
  ] as const)('shows a %s invitation as closed, with no buttons to accept it', async (state, message) => {
    renderInvite(`/journey/inv-42?inviteId=inv-42&key=${KEY}`, verified, signedIn, () => ({
      ...OFFER,
      state,
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Accept and start' })).toBeNull();
  });

  it('says "a user" and "an editor"', async () => {
    renderInvite(`/journey/inv-42?inviteId=inv-42&key=${KEY}`, verified, signedIn, () => ({
      ...OFFER,
      role: 'user',
    }));
    expect(await screen.findByText(/invites you to join/)).toHaveTextContent('as a user, and to take');
  });

  it('lets an invitee who accepted already continue, without offering to decline', async () => {
    renderInvite(`/journey/inv-42?inviteId=inv-42&key=${KEY}`, verified, signedIn, () => ({
      ...OFFER,
      state: 'accepted',
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByText(/^Survey at/);
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('asks the name before accepting: each required, said beside its field, nothing sent until given', async () => {
    const { calls } = renderInvite(`/journey/inv-42?inviteId=inv-42&key=${KEY}`, verified, signedIn);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Accept the invitation' });
    const first = within(form).getByLabelText('First name');
    const last = within(form).getByLabelText('Last name');
    await user.type(first, '   ');
    await user.click(within(form).getByRole('button', { name: 'Accept and start' }));
    expect(await within(form).findByText('Enter your first name.')).toBeInTheDocument();
    expect(within(form).getByText('Enter your last name.')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Enter your first name.');
    await user.clear(first);
    await user.type(first, 'Sam');
    await user.type(last, 'N'.repeat(101));
    await user.click(within(form).getByRole('button', { name: 'Accept and start' }));
    expect(await within(form).findByText('Last name must be at most 100 characters.')).toBeInTheDocument();
    expect(within(form).queryByText('Enter your first name.')).toBeNull();
    expect(verifications(calls)).toEqual([]);

    await user.clear(last);
    await user.type(last, '  Ng ');
    await user.click(within(form).getByRole('button', { name: 'Accept and start' }));
    await screen.findByText(/^Survey at/);
    expect(verifications(calls).map((call) => call.data)).toEqual([
      { inviteId: 'inv-42', key: KEY, firstName: 'Sam', lastName: 'Ng' },
    ]);
  });

  it("shows the server's refusal of a name beside the field, and accepts once it is changed", async () => {
    let refuse = true;
    const { calls } = renderInvite(
      `/journey/inv-42?inviteId=inv-42&key=${KEY}`,
      () => {
        if (!refuse) return verified();
        refuse = false;
        throw new CallableError('invalid-argument', 'lastName: Use letters in your name.', {
          hasServerMessage: true,
          details: { problems: { lastName: 'Use letters in your name.' } },
        });
      },
      signedIn,
    );
    await accept();
    expect(await screen.findByText('Use letters in your name.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Accept and start' }));
    await screen.findByText(/^Survey at/);
    expect(verifications(calls)).toHaveLength(2);
  });

  it('offers Try again when the offer cannot be loaded', async () => {
    let attempts = 0;
    renderInvite(`/journey/inv-42?inviteId=inv-42&key=${KEY}`, verified, signedIn, () => {
      attempts += 1;
      if (attempts === 1) throw new Error('connection refused');
      return OFFER;
    });
    await userEvent.click(
      within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByRole('button', { name: 'Accept and start' })).toBeInTheDocument();
  });
});

describe('what the journey shows once the invitation is answered', () => {
  const LINK = `/journey/inv-42?inviteId=inv-42&key=${KEY}`;

  /** The remote at /step1, with links to move between the journey and the invitation in one document. */
  function renderWithLinks(handlers: FakeHandlers) {
    const backend = createFakeBackend(handlers);
    renderWithApi(
      <MemoryRouter initialEntries={['/step1']}>
        <nav>
          <Link to="/step1">My journey</Link>
          <Link to={LINK}>The invitation</Link>
        </nav>
        <Routes>
          <Route path="/survey/*" element={<SurveyProbe />} />
          <Route path="*" element={<App services={{ signInWithCustomToken: signedIn }} />} />
        </Routes>
      </MemoryRouter>,
      viaProtocol(backend),
    );
    return { backend, user: userEvent.setup() };
  }

  it("accepting asks for the journey again: the invitee's own milestones replace the earlier session's", async () => {
    let stored: StoredMilestone[] = [];
    const { backend, user } = renderWithLinks({
      [API.listMilestones]: () => ({ milestones: { 'caller-uid': stored } }),
      [API.describeInvite]: () => OFFER,
      [API.verifyAndLoginWithInvite]: verified,
    });
    expect(await screen.findByText('1 of 19 milestones · 5%')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'The invitation' }));
    // Signed in as the invitee from now on, whose business details are in.
    stored = [{ id: 'update-organisation', completed: true }];
    await accept();
    await screen.findByText(/^Survey at/);

    await user.click(screen.getByRole('link', { name: 'My journey' }));
    expect(await screen.findByText('2 of 19 milestones · 10%')).toBeInTheDocument();
    expect(backend.callsTo(API.listMilestones)).toHaveLength(2);
  });

  it('declining shows the link as declined when it is opened again, without asking the server', async () => {
    const { backend, user } = renderWithLinks({
      [API.listMilestones]: () => ({ milestones: {} }),
      [API.describeInvite]: () => OFFER,
      [API.declineInvite]: () => ({ status: 'declined' }),
    });
    await user.click(screen.getByRole('link', { name: 'The invitation' }));
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await screen.findByText(/^You declined the invitation/);

    await user.click(screen.getByRole('link', { name: 'My journey' }));
    await user.click(screen.getByRole('link', { name: 'The invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_ERRORS.inviteDeclined);
    expect(screen.queryByRole('button', { name: 'Accept and start' })).toBeNull();
    expect(backend.callsTo(API.describeInvite)).toHaveLength(1);
  });
});
