// The screens whose first reads @toolkit/domain declares send them as declared: the shell asks those
// beside its refresh of the claims, and only an identical request takes its answer.
import { waitFor } from '@testing-library/react';
import type { AuthClaims, RouteId } from '@toolkit/domain';
import { firstReadsOf } from '@toolkit/domain/first-reads';
import { createFakeApi, renderDashboard, SURVEYS } from '../testing/fake-api';

const PUBLISHER = { role: 'owner', tenantId: 'demo-publisher' };
const BUSINESS = { role: 'owner', tenantId: 'tenant-1' };

async function sendsDeclared(
  path: string,
  routeId: RouteId,
  claims: AuthClaims,
  kind: 'business' | 'publisher',
) {
  const declared = firstReadsOf(routeId, {
    tenantId: claims.tenantId!,
    viewsInsights: true,
    kind,
    published: kind === 'publisher' ? SURVEYS.map(({ id }) => id) : [],
    addressQuery: '',
    today: new Date(),
  });
  expect(declared).not.toEqual([]);
  const api = createFakeApi();
  renderDashboard(path, api, { claims });
  for (const { name, request } of declared)
    await waitFor(() => expect(api.callsTo(name)[0]).toEqual(request));
}

describe('the first reads declared for a screen', () => {
  it("are the publisher's Results' first view", () =>
    sendsDeclared('/dashboard/received', 'dashboardReceived', PUBLISHER, 'publisher'));

  it("are the publisher's Survey insights' first view", () =>
    sendsDeclared('/dashboard/survey-insights', 'dashboardSurveyInsights', PUBLISHER, 'publisher'));

  it("are the publisher's Reviews' first view", () =>
    sendsDeclared('/dashboard/reviews', 'dashboardReviews', PUBLISHER, 'publisher'));

  it("are a business's Insights' first read", () =>
    sendsDeclared('/dashboard/insights', 'dashboardInsights', BUSINESS, 'business'));
});
