import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, navigationFor, type AuthClaims } from '@toolkit/domain';
import { deferred } from '@toolkit/platform/testing';
import { screensToPrefetch } from './screen-prefetch';
import { createFakeApi, renderDashboard, SURVEYS } from './testing/fake-api';

/** The organisation publishing both catalogue surveys (fake-api SURVEYS). */
const PUBLISHER: AuthClaims = { role: 'owner', tenantId: 'demo-publisher' };
const BUSINESS: AuthClaims = { role: 'owner', tenantId: 'tenant-1' };

const TEAM = {
  [API.listTenantUsers]: () => ({ users: [], invites: [] }),
  [API.getAvailableRoles]: () => ({ status: 'success', availableRoles: [], userRole: 'owner' as const }),
};

const menu = () => within(screen.getByRole('navigation', { name: 'Dashboard' }));

describe('screensToPrefetch', () => {
  it.each([
    ['a publisher’s owner', 'publisher', PUBLISHER],
    ['a business’s owner', 'business', BUSINESS],
    ['a business’s viewer', 'business', { role: 'viewer', tenantId: 'tenant-1' }],
  ] as const)('gives %s the sections of their own menu with their reads', (_who, kind, claims) => {
    const { sections } = screensToPrefetch(kind, claims);
    expect(sections).toEqual(navigationFor(kind, claims).map(({ route }) => route.id));
  });

  it('leaves out the screens the organisation’s kind never shows', () => {
    const business = screensToPrefetch('business', BUSINESS);
    expect([...business.sections, ...business.codeOnly]).not.toContain('dashboardReceived');
    expect(business.codeOnly).not.toContain('dashboardReview');
    const publisher = screensToPrefetch('publisher', PUBLISHER);
    expect([...publisher.sections, ...publisher.codeOnly]).not.toContain('dashboardMateriality');
    // Reached from a section, not from the menu: its code only.
    expect(publisher.codeOnly).toContain('dashboardReceivedResult');
  });

  it('leaves out the screens the role does not open', () => {
    const viewer = screensToPrefetch('business', { role: 'viewer', tenantId: 'tenant-1' });
    expect([...viewer.sections, ...viewer.codeOnly]).not.toContain('dashboardUsers');
    expect(screensToPrefetch('business', BUSINESS).sections).toContain('dashboardUsers');
  });
});

describe('Prefetched screens', () => {
  it('reads the menu’s sections once the first screen’s reads are in, so a section opens on its content', async () => {
    const api = createFakeApi({
      ...TEAM,
      [API.listReceivedResults]: () => ({ results: [], next: null, more: false, total: 0 }),
    });
    renderDashboard('/dashboard', api, { claims: PUBLISHER });
    const workbench = { surveyId: SURVEYS[0]!.id };
    await waitFor(() => expect(api.callsTo(API.listReceivedResults)).toContainEqual(workbench), {
      timeout: 5_000,
    });
    await waitFor(() => expect(api.callsTo(API.listTenantUsers)).toHaveLength(1), { timeout: 5_000 });
    // A business's section is not read for a publisher.
    expect(api.callsTo(API.getMateriality)).toHaveLength(0);
    const asked = api.calls.length;

    // Each is drawn with its content as the tap is handled: no spinner, not even for a frame.
    const user = userEvent.setup();
    await user.click(menu().getByRole('link', { name: 'Results' }));
    expect(screen.getByText('This survey has received no result yet.')).toBeInTheDocument();
    await user.click(menu().getByRole('link', { name: 'Users' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    // Both opened on the prefetched answers: nothing was asked again.
    expect(api.calls.slice(asked).map((call) => call.name)).not.toContain(API.listReceivedResults);
    expect(api.callsTo(API.listTenantUsers)).toHaveLength(1);
  });

  it('reads one section after another in the menu’s order, each once the one before is in', async () => {
    const held = deferred<void>();
    const api = createFakeApi(TEAM);
    // Insights comes before Materiality in a business's menu.
    api.gate(API.getBenchmark, held.promise);
    renderDashboard('/dashboard', api, { claims: BUSINESS });
    await waitFor(() => expect(api.callsTo(API.getBenchmark)).toHaveLength(1), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo(API.getMateriality)).toHaveLength(0);
    held.resolve();
    await waitFor(() => expect(api.callsTo(API.getMateriality)).toHaveLength(1));
  });

  it('does not read ahead while the first screen is still reading, nor just after', async () => {
    const held = deferred<void>();
    const api = createFakeApi(TEAM);
    api.gate(API.getProfile, held.promise);
    renderDashboard('/dashboard', api, { claims: BUSINESS });
    await screen.findByRole('navigation', { name: 'Dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.callsTo(API.listTenantUsers)).toHaveLength(0);
    held.resolve();
    // Nor just after its reads are in: some of them follow others.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const firstScreen = api.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.calls).toHaveLength(firstScreen);
    await waitFor(() => expect(api.callsTo(API.listTenantUsers)).toHaveLength(1), { timeout: 3_000 });
  });

  it('starts only a section’s code when its link is pressed, hovered or focused: its reads wait for it to open', async () => {
    const held = deferred<void>();
    const api = createFakeApi(TEAM);
    // The first screen's reads never finish here, so nothing is read in the background.
    api.gate(API.getProfile, held.promise);
    renderDashboard('/dashboard', api, { claims: BUSINESS });
    const users = await menu().findByRole('link', { name: 'Users' });
    fireEvent.pointerDown(users);
    fireEvent.focusIn(users);
    fireEvent.mouseOver(users);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.callsTo(API.listTenantUsers)).toHaveLength(0);
  });
});
