// The dashboard's home makes exactly the first reads @toolkit/domain declares for it, with the very
// requests declared: the shell starts those before this remote has downloaded, and an identical
// request is what lets the remote take the shell's answers instead of asking again.
import { screen, waitFor } from '@testing-library/react';
import { API, type AuthClaims } from '@toolkit/domain';
import { firstReadsOf } from '@toolkit/domain/first-reads';
import { deferred } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard, SURVEYS } from '../../testing/fake-api';

const sorted = (reads: { name: string; request: unknown }[]) =>
  reads.map((read) => JSON.stringify(read)).sort();

/** The calls made by the time the screen shows what `shown` waits for. */
async function firstReads(claims: AuthClaims, shown: () => Promise<unknown>) {
  const api = createFakeApi({
    [API.getBrand]: () => ({ brand: null, applied: false }),
    [API.getOwnershipOffer]: () => ({ offer: null }),
    [API.listMilestones]: () => ({ milestones: {} }),
    [API.getSurveyInsights]: ({ surveyId }) => ({
      survey: { id: surveyId, title: surveyId },
      started: 0,
      completed: 0,
      organisations: 0,
      overall: { histogram: {}, summary: null },
      sections: [],
      questions: [],
      range: { from: '2026-11-01', to: '2026-11-29', granularity: 'month' },
      trend: [],
      comments: [],
    }),
    [API.listReceivedResults]: () => ({ results: [], next: null, more: false, total: 0 }),
  });
  // Held until the calls are counted: once the first screen's reads are in, the other screens'
  // reads are prefetched, and those are not the first screen's.
  const offer = deferred<void>();
  api.gate(API.getOwnershipOffer, offer.promise);
  renderDashboard('/dashboard', api, { claims });
  await shown();
  // The live profile's stream follows the first answer; it is not a read.
  const asked = api.calls
    .filter(({ name }) => name !== API.watchProfile)
    .map(({ name, data }) => ({ name, request: data }));
  offer.resolve();
  return asked;
}

describe("the dashboard home's first reads", () => {
  it('are those declared for a business', async () => {
    const claims = { role: 'owner', tenantId: 'tenant-1' };
    const asked = await firstReads(claims, async () => {
      await screen.findByText('Here is how Green Grocers is getting on.');
      await screen.findByRole('region', { name: 'Your next steps', busy: false });
    });
    expect(sorted(asked)).toEqual(
      sorted(
        firstReadsOf('dashboard', {
          tenantId: 'demo-publisher',
          viewsInsights: true,
          kind: 'business',
          published: [],
          addressQuery: '',
          today: new Date(),
        }),
      ),
    );
  });

  it('are those declared for a publisher, per survey it publishes', async () => {
    const claims = { role: 'owner', tenantId: 'demo-publisher' };
    const asked = await firstReads(claims, async () => {
      await screen.findByText('Here is what Green Grocers’s surveys received.');
      await waitFor(() =>
        expect(screen.getAllByText('No result has arrived yet.')).toHaveLength(SURVEYS.length),
      );
    });
    expect(sorted(asked)).toEqual(
      sorted(
        firstReadsOf('dashboard', {
          tenantId: 'demo-publisher',
          viewsInsights: true,
          kind: 'publisher',
          published: SURVEYS.map(({ id }) => id),
          addressQuery: '',
          today: new Date(),
        }),
      ),
    );
  });
});
