import { screen, within } from '@testing-library/react';
import { API } from '@toolkit/domain';
import { deferred } from '@toolkit/platform/testing';
import { createFakeApi, OWNER_PROFILE, renderDashboard } from './testing/fake-api';

describe('Dashboard layout', () => {
  it("keeps the organisation name's line while the profile loads, so the sections do not move down", async () => {
    const gate = deferred<void>();
    const api = createFakeApi({
      [API.getProfile]: () => ({ status: 'ok', profile: OWNER_PROFILE, tenant: null }),
      [API.listMilestones]: () => ({ milestones: {} }),
    });
    api.gate(API.getProfile, gate.promise);
    renderDashboard('/dashboard', api);
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const slot = nav.firstElementChild;
    expect(slot).toBeEmptyDOMElement();
    expect(slot?.nextElementSibling).toBe(within(nav).getByRole('list'));

    gate.resolve();
    expect(await within(nav).findByText('Green Grocers')).toBe(slot);
  });
});
