import { API } from './callables';
import { firstReadsOf, overviewSurveyReads, type FirstScreenSession } from './first-reads';

const TODAY = new Date('2026-11-29T09:00:00Z');
const session = (over: Partial<FirstScreenSession>): FirstScreenSession => ({
  tenantId: 'bakery',
  viewsInsights: true,
  kind: null,
  published: ['s1', 's2'],
  addressQuery: '',
  today: TODAY,
  ...over,
});
const names = (over: Partial<FirstScreenSession>) =>
  firstReadsOf('dashboard', session(over)).map((read) => read.name);
const EVERY_KIND = [API.getProfile, API.getBrand, API.getOwnershipOffer];

describe('firstReadsOf the dashboard’s home', () => {
  it('asks only what every kind of organisation reads while the kind is not known', () => {
    expect(names({ kind: null })).toEqual(EVERY_KIND);
  });

  it("adds a business's journey, and none of a publisher's reads", () => {
    expect(names({ kind: 'business' })).toEqual([...EVERY_KIND, API.listMilestones]);
  });

  it("adds what each survey a publisher publishes received this month and its latest results, not a business's journey", () => {
    expect(firstReadsOf('dashboard', session({ kind: 'publisher' }))).toEqual([
      ...EVERY_KIND.map((name) => ({ name, request: null })),
      {
        name: API.getSurveyInsights,
        request: { surveyId: 's1', granularity: 'month', from: '2026-11-01', to: '2026-11-29' },
      },
      { name: API.listReceivedResults, request: { surveyId: 's1', limit: 5 } },
      { name: API.getSurveyInsights, request: overviewSurveyReads('s2', TODAY).insights },
      { name: API.listReceivedResults, request: overviewSurveyReads('s2', TODAY).latest },
    ]);
  });

  it("asks a publisher's figures only of a role that views insights", () => {
    expect(names({ kind: 'publisher', viewsInsights: false })).toEqual(EVERY_KIND);
  });

  it("declares Plans' reads for the member's organisation, all at once rather than one after another", () => {
    expect(firstReadsOf('plans', session({ kind: 'business' }))).toEqual([
      { name: API.getSubscriptionDetails, request: null },
      { name: API.getCustomerEntitlements, request: { tenantId: 'bakery' } },
      { name: API.listPlanPrices, request: null },
      { name: API.listInvoices, request: null },
    ]);
  });

  it("declares the first view of a publisher's Results and Survey insights, its first published survey's, for an address without a view of its own", () => {
    const publisher = session({ kind: 'publisher' });
    expect(firstReadsOf('dashboardReceived', publisher)).toEqual([
      { name: API.listReceivedResults, request: { surveyId: 's1' } },
    ]);
    expect(firstReadsOf('dashboardSurveyInsights', publisher)).toEqual([
      { name: API.getSurveyInsights, request: { surveyId: 's1' } },
    ]);
    const chosen = session({ kind: 'publisher', addressQuery: '?survey=s2&per=week' });
    expect(firstReadsOf('dashboardReceived', chosen)).toEqual([]);
    expect(firstReadsOf('dashboardSurveyInsights', chosen)).toEqual([]);
    expect(firstReadsOf('dashboardReceived', session({ kind: 'publisher', published: [] }))).toEqual([]);
    expect(firstReadsOf('dashboardReceived', session({ kind: 'business' }))).toEqual([]);
  });

  it("declares a publisher's queue of reviews waiting, for an address without a view of its own", () => {
    expect(firstReadsOf('dashboardReviews', session({ kind: 'publisher' }))).toEqual([
      { name: API.listReviews, request: { status: 'waiting' } },
    ]);
    expect(
      firstReadsOf('dashboardReviews', session({ kind: 'publisher', addressQuery: '?status=done' })),
    ).toEqual([]);
  });

  it("declares a business's latest results for its Insights", () => {
    expect(firstReadsOf('dashboardInsights', session({ kind: 'business' }))).toEqual([
      { name: API.listLatestResults, request: null },
    ]);
    expect(firstReadsOf('dashboardInsights', session({ kind: 'publisher' }))).toEqual([]);
  });

  it('declares nothing for a route without first reads', () => {
    expect(firstReadsOf('dashboardProfile', session({ kind: 'business' }))).toEqual([]);
  });
});
