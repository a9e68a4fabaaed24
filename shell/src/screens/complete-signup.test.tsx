import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { API, type AuthClaims } from '@toolkit/domain';
import { CallableError, type ContentClient } from '@toolkit/platform';
import { createFakeBackend, type FakeBackend } from '@toolkit/platform/testing';
import { buildTheme } from '@toolkit/ui';
import { AddressMismatchError, type ShellAuth } from '../auth/firebase-auth';
import { CompleteSignup, toolkitOf } from './complete-signup';

describe('toolkitOf', () => {
  it('reads the toolkit from the continue URL the portal put in the link', () => {
    expect(toolkitOf('http://localhost:3000/complete-signup?toolkit=energy&oobCode=x&mode=signIn')).toBe(
      'energy',
    );
  });

  it('reads it from a nested continueUrl when the provider wraps the link', () => {
    const continueUrl = encodeURIComponent('http://localhost:3000/complete-signup?toolkit=waste');
    expect(toolkitOf(`http://localhost:3000/complete-signup?mode=signIn&continueUrl=${continueUrl}`)).toBe(
      'waste',
    );
  });

  it('falls back to the Quickscan toolkit for the plain portal', () => {
    expect(toolkitOf('http://localhost:3000/complete-signup?mode=signIn&oobCode=x')).toBe('quickscan');
  });
});

function fakeAuth(claims: AuthClaims) {
  return {
    isSignInLink: jest.fn(() => Promise.resolve(true)),
    pendingEmail: () => 'ann@example.com',
    completeSignInLink: jest.fn((_href: string, _email: string) =>
      Promise.resolve({ success: true as const }),
    ),
    signInWithCustomToken: jest.fn(() => Promise.resolve({ success: true as const })),
    refreshClaims: jest.fn(() => Promise.resolve(claims)),
  };
}

/** The CMS's toolkits as far as the next step goes: the survey each portal offers, and its access. */
const portalSurvey = (id: string, tenantId: string, requireAccount: boolean) => ({
  id,
  tenantId,
  requireAccount,
  primaryColor: '#0b5d7a',
  secondaryColor: '#f4d35e',
  tertiaryColor: '#eeeeee',
  quaternaryColor: '#dddddd',
  globalFont: null,
  textColor: '#111111',
  primaryLogo: null,
  secondaryLogo: null,
  mobileSecondaryLogo: null,
});

const TOOLKITS: Record<string, unknown> = {
  quickscan: {
    title: 'Sustainability Quickscan',
    publisher: 'Demo Publisher Business Network',
    assessment: portalSurvey('business-quickscan', 'demo-publisher', true),
    publicSurvey: portalSurvey('quickscan', 'demo-publisher', false),
  },
  coastal: {
    title: 'Coastal Green Business Check',
    publisher: 'Coastal Council',
    assessment: portalSurvey('coastal-check', 'coastal-council', true),
    publicSurvey: null,
  },
};

const cms = (fail = false) =>
  ({
    request: async (_query: string, variables?: { name: string }) => {
      if (fail) throw new Error('Could not receive the data from content service!');
      return { toolkit: TOOLKITS[variables?.name ?? ''] ?? null };
    },
  }) as unknown as ContentClient;

/** The link's own address, as the e-mail opens it: the toolkit it was asked on travels in it. */
function arriveAt(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => arriveAt('/'));

function openLink(claims: AuthClaims, fake: FakeBackend, auth = fakeAuth(claims), content = cms()) {
  render(
    <ThemeProvider theme={buildTheme()}>
      <MemoryRouter initialEntries={['/complete-signup']}>
        <Routes>
          <Route
            path="/complete-signup"
            element={<CompleteSignup auth={auth as unknown as ShellAuth} callable={fake} content={content} />}
          />
          <Route path="/dashboard" element={<p>dashboard</p>} />
          <Route path="/dashboard/save-results" element={<p>save results</p>} />
          <Route path="/survey/:tenantId/:surveyId" element={<SurveyPage />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
  return auth;
}

function SurveyPage() {
  const { tenantId, surveyId } = useParams();
  return (
    <p>
      survey {tenantId}/{surveyId}
    </p>
  );
}

async function answerDetails() {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Organisation name' }), 'Harbour Bakery');
  await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ann');
  await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Baker');
  await userEvent.click(screen.getByRole('button', { name: 'Finish sign-up' }));
}

const signedUp = (pendingClaims = 0) =>
  createFakeBackend({
    [API.completeSignup]: () => ({ status: 'ok' as const, tenantId: 't1', created: true, pendingClaims }),
  });

describe('CompleteSignup', () => {
  it('asks a new organisation for its name and its owner’s names, checked, before setting it up', async () => {
    const fake = signedUp();
    openLink({}, fake);
    const organisation = await screen.findByRole('textbox', { name: 'Organisation name' });
    expect(fake.calls).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Finish sign-up' }));
    expect(screen.getByText('Enter your organisation’s name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your last name.')).toBeInTheDocument();
    expect(organisation).toHaveFocus();
    expect(organisation).toHaveAccessibleDescription('Enter your organisation’s name.');
    expect(fake.calls).toEqual([]);

    await userEvent.type(organisation, '  Harbour Bakery ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Baker');
    await userEvent.click(screen.getByRole('button', { name: 'Finish sign-up' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(fake.callsTo(API.completeSignup)).toEqual([
      { toolkit: 'quickscan', organisationName: 'Harbour Bakery', firstName: 'Ann', lastName: 'Baker' },
    ]);
  });

  it('keeps the details and says why when setting up fails', async () => {
    const fake = signedUp();
    fake.fail(API.completeSignup, new CallableError('unavailable', 'The service is busy.'));
    openLink({}, fake);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Organisation name' }), 'Harbour Bakery');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ann');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Baker');
    await userEvent.click(screen.getByRole('button', { name: 'Finish sign-up' }));
    expect(
      await screen.findByText(/couldn't set up your organisation: The service is busy/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Organisation name' })).toHaveValue('Harbour Bakery');
  });

  it('asks for the address when this browser last asked a link for another one, and goes on with it', async () => {
    const auth = fakeAuth({});
    auth.completeSignInLink.mockRejectedValueOnce(new AddressMismatchError());
    openLink({}, signedUp(), auth);
    expect(await screen.findByText(/This link went to another address/)).toBeInTheDocument();
    expect(screen.queryByText('Signing you in…')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Finish signing in' }));
    expect(await screen.findByRole('textbox', { name: 'Organisation name' })).toBeInTheDocument();
    expect(auth.completeSignInLink).toHaveBeenLastCalledWith(expect.any(String), 'bob@example.com');
  });

  it('asks a member of an organisation nothing and goes on to the dashboard', async () => {
    const fake = signedUp();
    openLink({ tenantId: 't1', role: 'user' }, fake);
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Organisation name' })).not.toBeInTheDocument();
    expect(fake.callsTo(API.completeSignup)).toEqual([{ toolkit: 'quickscan' }]);
  });

  it('leads to the page that asks whether results waiting for the address are theirs', async () => {
    openLink({ tenantId: 't1', role: 'owner' }, signedUp(1));
    expect(await screen.findByText('save results')).toBeInTheDocument();
  });

  it('goes on into its toolkit’s survey after a sign-up whose survey needs an account', async () => {
    arriveAt('/complete-signup?toolkit=coastal&mode=signIn&oobCode=x');
    const fake = signedUp();
    openLink({}, fake);
    await answerDetails();
    expect(await screen.findByText('survey coastal-council/coastal-check')).toBeInTheDocument();
    expect(fake.callsTo(API.completeSignup)).toEqual([
      { toolkit: 'coastal', organisationName: 'Harbour Bakery', firstName: 'Ann', lastName: 'Baker' },
    ]);
  });

  it('reads the toolkit from the link the provider wraps, too', async () => {
    const continueUrl = encodeURIComponent('http://localhost/complete-signup?toolkit=coastal');
    arriveAt(`/complete-signup?mode=signIn&oobCode=x&continueUrl=${continueUrl}`);
    openLink({}, signedUp());
    await answerDetails();
    expect(await screen.findByText('survey coastal-council/coastal-check')).toBeInTheDocument();
  });

  it('takes a returning member to the dashboard, whichever portal the link came from', async () => {
    arriveAt('/complete-signup?toolkit=coastal&mode=signIn&oobCode=x');
    openLink({ tenantId: 't1', role: 'owner' }, signedUp());
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });

  it('goes to the dashboard when the toolkit cannot be read, where its survey is offered', async () => {
    arriveAt('/complete-signup?toolkit=coastal&mode=signIn&oobCode=x');
    openLink({}, signedUp(), fakeAuth({}), cms(true));
    await answerDetails();
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });

  it('puts results waiting for the address first, even after a toolkit’s sign-up', async () => {
    arriveAt('/complete-signup?toolkit=coastal&mode=signIn&oobCode=x');
    openLink({}, signedUp(1));
    await answerDetails();
    expect(await screen.findByText('save results')).toBeInTheDocument();
  });
});
