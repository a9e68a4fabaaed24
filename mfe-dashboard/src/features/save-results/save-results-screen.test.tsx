import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, formatDate, type ApiResponses } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

const COMPLETED = '2026-03-12T09:30:00.000Z';

/** One result waiting for the signed-in owner's address, until they answer it. */
function waitingApi(organisationName = 'Green Grocers') {
  let waiting = true;
  const answer = (): ApiResponses[typeof API.describeResultClaims] => ({
    claims: waiting
      ? [
          {
            claimId: 'claim-1',
            surveyTitle: 'Sustainability Quickscan',
            completedAt: COMPLETED,
            organisationName: 'Harbour Bakery',
            expiresAt: '2026-03-13T09:30:00.000Z',
          },
        ]
      : [],
    organisationName,
  });
  return createFakeApi({
    [API.describeResultClaims]: answer,
    [API.confirmResultClaim]: () => {
      waiting = false;
      return { status: 'saved' as const };
    },
    [API.declineResultClaim]: () => {
      waiting = false;
      return { status: 'discarded' as const };
    },
  });
}

describe('Save results', () => {
  it('names the waiting result and where it goes, and saves it only when confirmed', async () => {
    const api = waitingApi();
    renderDashboard('/dashboard/save-results', api);
    const card = within(await screen.findByRole('region', { name: 'Sustainability Quickscan' }));
    const facts = card.getAllByRole('definition').map((fact) => fact.textContent);
    expect(facts).toEqual([formatDate(COMPLETED), 'Harbour Bakery', 'Green Grocers']);
    expect(card.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Completed',
      'Organisation named in the answers',
      'To be saved to',
    ]);
    expect(api.callsTo(API.confirmResultClaim)).toEqual([]);

    await userEvent.click(card.getByRole('button', { name: 'Save to Green Grocers' }));

    expect(
      await screen.findByText(/Saved: your results of Sustainability Quickscan are now in Green Grocers\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your results' })).toHaveAttribute(
      'href',
      '/dashboard/ready-reckoner',
    );
    expect(api.callsTo(API.confirmResultClaim)).toEqual([{ claimId: 'claim-1' }]);
    expect(await screen.findByText('No other results are waiting for you.')).toBeInTheDocument();
  });

  it('discards a result its addressee did not answer, and says so', async () => {
    const api = waitingApi('');
    renderDashboard('/dashboard/save-results', api);
    await userEvent.click(await screen.findByRole('button', { name: 'This isn’t mine' }));

    expect(
      await screen.findByText(
        /Discarded: the results of Sustainability Quickscan were not saved to your organisation/,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.declineResultClaim)).toEqual([{ claimId: 'claim-1' }]);
    expect(api.callsTo(API.confirmResultClaim)).toEqual([]);
  });

  it('shows the server’s words when an answer is refused, and keeps the result', async () => {
    const api = waitingApi();
    api.handlers.set(API.confirmResultClaim, () =>
      serverError('not-found', 'These results are no longer waiting for you.'),
    );
    renderDashboard('/dashboard/save-results', api);
    await userEvent.click(await screen.findByRole('button', { name: 'Save to Green Grocers' }));
    expect(await screen.findByText(/These results are no longer waiting for you/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sustainability Quickscan' })).toBeInTheDocument();
  });

  it('says why it cannot list them for a session an invite link opened, and when nothing waits', async () => {
    let refused = true;
    const api = createFakeApi({
      [API.describeResultClaims]: () =>
        refused
          ? serverError('failed-precondition', 'Sign in with the link we e-mail to your address.')
          : { claims: [], organisationName: 'Green Grocers' },
    });
    renderDashboard('/dashboard/save-results', api);
    expect(await screen.findByText(/Sign in with the link we e-mail to your address/)).toBeInTheDocument();
    refused = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No results are waiting to be saved under your address.'),
    ).toBeInTheDocument();
  });
});
