import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, formatDate, type ReceivedResult } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';
import { RECEIVED } from './fixtures';

const PUBLISHER = { claims: { role: 'owner', tenantId: 'demo-publisher' } };
const PATH = '/dashboard/received/business-quickscan/r-9';

function setup(answer: () => ReceivedResult = () => RECEIVED) {
  const api = createFakeApi({ [API.getReceivedResult]: answer });
  renderDashboard(PATH, api, PUBLISHER);
  return { api, user: userEvent.setup() };
}

function captureDownloads() {
  const saved: { name: string; type: string }[] = [];
  let blob: Blob | null = null;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    blob = object as Blob;
    return 'blob:test';
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: blob?.type ?? '' });
  });
  return saved;
}

afterEach(() => jest.restoreAllMocks());

describe('Received result screen', () => {
  it('shows every answer in words, the scores with their bands and who answered', async () => {
    const { api } = setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Result from Harbour Bakery' }),
    ).toBeVisible();
    expect(api.callsTo(API.getReceivedResult)).toEqual([{ surveyId: 'business-quickscan', resultId: 'r-9' }]);
    expect(
      screen.getByText(
        `Sustainability Quickscan for your business. Started on ${formatDate(RECEIVED.startedAt)}, completed on ${formatDate(RECEIVED.completedAt)}.`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to all results' })).toHaveAttribute(
      'href',
      '/dashboard/received?surveyId=business-quickscan',
    );

    const score = screen.getByRole('region', { name: 'Score' });
    expect(within(score).getByText('62.5% overall (62.5 of 100 points)')).toBeVisible();
    expect(within(score).getByRole('heading', { name: 'Making progress' })).toBeVisible();
    const bySection = within(within(score).getByRole('list', { name: 'Scores by section' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(bySection).toEqual([
      'Your businessnot scored',
      'Energy and emissions75% — Leading the way',
      'Waste and materials50% — Making progress',
      'People40% — Getting started',
      'Community30% — Getting started',
      'Governance20% — Getting started',
    ]);

    const who = screen.getByRole('region', { name: 'Who answered' });
    expect(within(who).getByText('Dana Reyes')).toBeVisible();
    expect(within(who).getByRole('link', { name: 'dana@harbour.example' })).toHaveAttribute(
      'href',
      'mailto:dana@harbour.example',
    );
    expect(within(who).getByRole('heading', { name: 'Organisation profile' })).toBeVisible();
    expect(within(who).getByText('Harbour Bakery Pty Ltd')).toBeVisible();
    expect(within(who).getByText('5 to 19')).toBeVisible();
    expect(within(who).getByText('Victoria')).toBeVisible();
    // A detail the profile does not hold is left out, not shown blank.
    expect(within(who).queryByText('Website')).not.toBeInTheDocument();

    const energy = screen.getByRole('region', { name: 'Energy and emissions' });
    expect(within(energy).getByText('75% — Leading the way')).toBeVisible();
    expect(
      within(energy).getAllByText(
        'Timers or smart controls for heating, cooling and lighting, LED lighting throughout',
      ),
    ).toHaveLength(1);
    expect(
      within(screen.getByRole('region', { name: 'Your business' })).getByText('not scored'),
    ).toBeVisible();
    expect(screen.queryByText(/Excluded/)).not.toBeInTheDocument();
  });

  it('says a result is excluded and why, and what the respondent did not give', async () => {
    setup(() => ({
      ...RECEIVED,
      excluded: true,
      excludedReason: 'A test by our staff',
      contact: { name: null, email: null },
      joinedOrganisation: null,
    }));
    expect(
      await screen.findByText(/: A test by our staff\. Insights and benchmarks leave it out\./),
    ).toBeVisible();
    const who = screen.getByRole('region', { name: 'Who answered' });
    expect(within(who).getAllByText('Not given')).toHaveLength(2);
    expect(
      within(who).getByText('The respondent has not joined with an organisation account.'),
    ).toBeVisible();
  });

  it('says plainly when the result cannot be opened, and tries again', async () => {
    let fail = true;
    const { user } = setup(() =>
      fail ? serverError('not-found', 'This survey has no such result. It may have been removed.') : RECEIVED,
    );
    expect(await screen.findByText(/This survey has no such result/)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Result from Harbour Bakery' }),
    ).toBeVisible();
  });

  it('downloads the result as a PDF named after the organisation and the survey', async () => {
    const saved = captureDownloads();
    const { user } = setup();
    const button = await screen.findByRole('button', { name: 'Download PDF' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved).toEqual([
      {
        name: 'harbour-bakery-sustainability-quickscan-for-your-business-result.pdf',
        type: 'application/pdf',
      },
    ]);
  });
});
