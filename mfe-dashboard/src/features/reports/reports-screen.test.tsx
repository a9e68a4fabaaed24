import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@toolkit/domain';
import { createFakeApi, OWNER_PROFILE, renderDashboard } from '../../testing/fake-api';
import { result, SCORE } from '../../testing/results';

const DONE = result({
  isCompleted: true,
  completedAt: '2025-03-02T10:00:00.000Z',
  score: SCORE,
  actionPlans: ['switch-to-led'],
});

function setup(results = [DONE], role = 'owner') {
  const api = createFakeApi({
    [API.listLatestResults]: () => ({ results }),
    [API.getProfile]: () => ({
      status: 'ok',
      profile: OWNER_PROFILE,
      tenant: { id: 'tenant-1', createdBy: 'owner-1', getStarted: true, toolkit: 'quickscan' },
    }),
    [API.getBenchmark]: () => ({
      surveyId: 'business-quickscan',
      history: [],
      benchmark: { status: 'too-few', organisations: 3, needed: 10 },
      priorities: [],
      groups: [],
      group: null,
    }),
  });
  renderDashboard('/dashboard/reports', api, { claims: { role, tenantId: 'tenant-1' } });
  return { api, user: userEvent.setup() };
}

function captureDownload() {
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

/** The download button once every read it needs has answered (it is disabled until then). */
async function enabledDownload() {
  const button = await screen.findByRole('button', { name: 'Download PDF report' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

afterEach(() => jest.restoreAllMocks());

describe('Reports screen', () => {
  it('says a report needs a completed Quickscan and links to it', async () => {
    setup([result({})]);
    expect(await screen.findByRole('heading', { name: 'No report yet' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Complete the Quickscan' })).toBeInTheDocument();
  });

  it('downloads the latest result as a PDF named after the organisation', async () => {
    const saved = captureDownload();
    const { api, user } = setup();
    expect(await screen.findByText(/Green Grocers, completed on .*: overall 62.5%/)).toBeInTheDocument();
    await user.click(await enabledDownload());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved).toEqual([
      {
        name: 'green-grocers-sustainability-quickscan-for-your-business-report.pdf',
        type: 'application/pdf',
      },
    ]);
    // Reports is not the Insights screen: the benchmark is read, and no visit is recorded.
    expect(api.callsTo(API.getBenchmark)).toEqual([{ surveyId: 'business-quickscan' }]);
    expect(api.callsTo(API.recordVisit)).toEqual([]);
  });

  it('leaves the benchmark out for a member without view-insights', async () => {
    const saved = captureDownload();
    const { api, user } = setup([DONE], 'user');
    await user.click(await enabledDownload());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo(API.getBenchmark)).toEqual([]);
  });
});
