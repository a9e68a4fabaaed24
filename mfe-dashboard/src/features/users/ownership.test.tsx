import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, formatDate, type OwnershipOffer, type Role, type TenantUserProfile } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

const member = (uid: string, firstName: string, role: Role): TenantUserProfile => ({
  uid,
  email: `${firstName.toLowerCase()}@example.com`,
  firstName,
  lastName: 'Smith',
  tenantId: 'tenant-1',
  role,
  organization: { name: 'Green Grocers' },
});

const EXPIRES = '2026-12-10T09:00:00.000Z';
const offerOf = (from: TenantUserProfile, to: TenantUserProfile): OwnershipOffer => ({
  from: { uid: from.uid, name: `${from.firstName} Smith` },
  to: { uid: to.uid, name: `${to.firstName} Smith`, email: to.email },
  offeredAt: '2026-11-26T09:00:00.000Z',
  expiresAt: EXPIRES,
});

/**
 * The server's team and its one offer: offering, cancelling and answering change them, so what the
 * screen reads again shows the outcome. The caller is owner-1 (Olivia), with the role given.
 */
function setup(
  callerRole: Role,
  { offer = null as OwnershipOffer | null, refuse = null as string | null } = {},
) {
  let team = [
    member('owner-1', 'Olivia', callerRole),
    member('owner-2', 'Oscar', 'owner'),
    member('viewer-1', 'Vera', 'viewer'),
  ];
  let standing = offer;
  const roleOf = (uid: string) => team.find((person) => person.uid === uid)!.role;
  const api = createFakeApi({
    [API.listTenantUsers]: () => ({ users: team, invites: [] }),
    [API.getAvailableRoles]: () => ({
      status: 'success',
      availableRoles: ['user', 'viewer', 'admin'],
      userRole: roleOf('owner-1'),
    }),
    [API.getOwnershipOffer]: () => ({ offer: standing }),
    [API.offerOwnership]: ({ uid }) => {
      if (refuse) return serverError('failed-precondition', refuse);
      standing = offerOf(
        team[0]!,
        team.find((person) => person.uid === uid)!,
      );
      return { offer: standing };
    },
    // As the server does: a new role for the member offered withdraws the offer.
    [API.setUserRole]: ({ uid, role }) => {
      team = team.map((person) => (person.uid === uid ? { ...person, role } : person));
      if (standing?.to.uid === uid) {
        standing = { ...standing, withdrawn: { at: '2026-11-28T09:00:00.000Z', reason: 'roleChanged' } };
      }
      return { status: 'success', message: 'Role updated' };
    },
    [API.cancelOwnershipOffer]: () => {
      standing = null;
      return { offer: null };
    },
    [API.declineOwnership]: () => {
      standing = null;
      return { offer: null };
    },
    [API.acceptOwnership]: () => {
      const from = standing!.from.uid;
      team = team.map((person) =>
        person.uid === 'owner-1'
          ? { ...person, role: 'owner' }
          : person.uid === from
            ? { ...person, role: 'admin' }
            : person,
      );
      standing = null;
      return { role: 'owner' };
    },
  });
  renderDashboard('/dashboard/users', api, { claims: { role: callerRole, tenantId: 'tenant-1' } });
  return { api, user: userEvent.setup() };
}

const row = (name: string) => screen.findByRole('listitem', { name });

describe('Users: transferring ownership', () => {
  it('lets an owner offer ownership after a confirmation naming what changes, then shows the offer', async () => {
    const { api, user } = setup('owner');
    const vera = await row('Vera Smith');
    // Not on the owner's own row, nor on another owner's.
    expect(
      within(await row('Olivia Smith')).queryByRole('button', { name: 'Transfer ownership' }),
    ).not.toBeInTheDocument();
    expect(
      within(await row('Oscar Smith')).queryByRole('button', { name: 'Transfer ownership' }),
    ).not.toBeInTheDocument();

    await user.click(within(vera).getByRole('button', { name: 'Transfer ownership' }));
    const confirm = within(vera).getByRole('group', { name: 'Confirm transferring ownership to Vera Smith' });
    expect(confirm).toHaveTextContent('Vera Smith becomes the owner');
    expect(confirm).toHaveTextContent('you become an admin');
    expect(confirm).toHaveTextContent('Nothing changes until they accept');
    expect(within(confirm).getByRole('button', { name: 'Yes, offer ownership' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(API.offerOwnership)).toHaveLength(0);

    await user.click(within(vera).getByRole('button', { name: 'Transfer ownership' }));
    await user.click(within(vera).getByRole('button', { name: 'Yes, offer ownership' }));
    expect(
      await within(vera).findByText(/Ownership offered to Vera Smith\. We e-mailed them/),
    ).toBeInTheDocument();
    expect(api.callsTo(API.offerOwnership)).toEqual([{ uid: 'viewer-1' }]);
    const pending = await screen.findByRole('region', { name: 'Ownership offered to Vera Smith' });
    expect(pending).toHaveTextContent(`the offer stands until ${formatDate(EXPIRES)}`);
    // One offer at a time.
    expect(within(vera).getByRole('button', { name: 'Transfer ownership' })).toBeDisabled();

    await user.click(within(pending).getByRole('button', { name: 'Cancel the offer' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Ownership offered to Vera Smith' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.callsTo(API.cancelOwnershipOffer)).toHaveLength(1);
    expect(within(vera).getByRole('button', { name: 'Transfer ownership' })).toBeEnabled();
  });

  it('says so when a change of the member’s role withdrew the offer, and lets a new one be made', async () => {
    const olivia = member('owner-1', 'Olivia', 'owner');
    const { api, user } = setup('owner', { offer: offerOf(olivia, member('viewer-1', 'Vera', 'viewer')) });
    const vera = await row('Vera Smith');
    await screen.findByRole('region', { name: 'Ownership offered to Vera Smith' });
    expect(within(vera).getByRole('button', { name: 'Transfer ownership' })).toBeDisabled();

    await user.selectOptions(within(vera).getByRole('combobox', { name: 'Role of Vera Smith' }), 'admin');
    await user.click(within(vera).getByRole('button', { name: 'Change role' }));

    const withdrawn = await screen.findByRole('region', { name: 'Ownership offer to Vera Smith withdrawn' });
    expect(withdrawn).toHaveTextContent(
      `It was withdrawn on ${formatDate('2026-11-28T09:00:00.000Z')} because their role was changed, and Vera Smith was told by e-mail.`,
    );
    expect(screen.queryByRole('button', { name: 'Accept ownership' })).not.toBeInTheDocument();
    expect(within(vera).getByRole('button', { name: 'Transfer ownership' })).toBeEnabled();

    await user.click(within(withdrawn).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Ownership offer to Vera Smith withdrawn' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.callsTo(API.cancelOwnershipOffer)).toHaveLength(1);
  });

  it("shows the server's words when the offer is refused", async () => {
    const refusal = 'Vera Smith has not confirmed their e-mail address yet, so they cannot become owner.';
    const { user } = setup('owner', { refuse: refusal });
    const vera = await row('Vera Smith');
    await user.click(within(vera).getByRole('button', { name: 'Transfer ownership' }));
    await user.click(within(vera).getByRole('button', { name: 'Yes, offer ownership' }));
    expect(await within(vera).findByText(new RegExp(refusal.replace(/\./g, '\\.')))).toBeInTheDocument();
  });

  it('offers no transfer to an admin, who sees a standing offer but cannot cancel it', async () => {
    const team = [member('owner-2', 'Oscar', 'owner'), member('viewer-1', 'Vera', 'viewer')];
    setup('admin', { offer: offerOf(team[0]!, team[1]!) });
    const pending = await screen.findByRole('region', { name: 'Ownership offered to Vera Smith' });
    expect(pending).toHaveTextContent('Oscar Smith offered it on');
    expect(within(pending).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument();
  });

  it('lets the member offered accept: they become owner, the offering owner admin, and the claims are fetched again', async () => {
    const oscar = member('owner-2', 'Oscar', 'owner');
    const { api, user } = setup('admin', { offer: offerOf(oscar, member('owner-1', 'Olivia', 'admin')) });
    const notice = await screen.findByRole('region', { name: 'Oscar Smith offers you ownership' });
    expect(notice).toHaveTextContent('Oscar Smith becomes an admin');
    await user.click(within(notice).getByRole('button', { name: 'Accept ownership' }));

    // Now an owner, the caller may change Oscar's role, which the server made admin.
    expect(await within(await row('Oscar Smith')).findByLabelText('Role of Oscar Smith')).toHaveValue(
      'admin',
    );
    expect(
      screen.queryByRole('region', { name: 'Oscar Smith offers you ownership' }),
    ).not.toBeInTheDocument();
    // What it did is said where the offer was, and the person is taken there.
    const done = screen.getByRole('region', { name: 'You are now the owner' });
    expect(within(done).getByRole('heading', { name: 'You are now the owner' })).toHaveFocus();
    expect(within(done).getByRole('status')).toHaveTextContent(
      'You own the organisation now: you manage billing, give any role and may delete the organisation. Oscar Smith is an admin.',
    );
    expect(api.callsTo(API.acceptOwnership)).toEqual([null]);
    expect(api.refreshes()).toBeGreaterThan(0);
    await user.click(within(done).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'You are now the owner' })).not.toBeInTheDocument();
  });

  it('lets the member offered decline, and shows why an answer was refused', async () => {
    const oscar = member('owner-2', 'Oscar', 'owner');
    const { api, user } = setup('admin', { offer: offerOf(oscar, member('owner-1', 'Olivia', 'admin')) });
    const notice = await screen.findByRole('region', { name: 'Oscar Smith offers you ownership' });
    api.handlers.set(API.acceptOwnership, () =>
      serverError('failed-precondition', 'This offer of ownership no longer stands.'),
    );
    await user.click(within(notice).getByRole('button', { name: 'Accept ownership' }));
    expect(await within(notice).findByText(/This offer of ownership no longer stands\./)).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Oscar Smith offers you ownership' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.callsTo(API.declineOwnership)).toEqual([null]);
    expect(
      within(screen.getByRole('region', { name: 'You declined the ownership offer' })).getByRole('status'),
    ).toHaveTextContent('Nothing changed: Oscar Smith is still the owner, and your role is as it was.');
    // Nothing else changed: Oscar is still the owner.
    expect(within(await row('Oscar Smith')).getByText('Role: Owner')).toBeInTheDocument();
  });
});

describe('Dashboard home: an ownership offer', () => {
  it('lets a member who cannot open Users answer the offer on the first page', async () => {
    const oscar = member('owner-2', 'Oscar', 'owner');
    const api = createFakeApi({
      [API.getOwnershipOffer]: () => ({ offer: offerOf(oscar, member('owner-1', 'Olivia', 'viewer')) }),
      [API.declineOwnership]: () => ({ offer: null }),
    });
    renderDashboard('/dashboard', api, { claims: { role: 'viewer', tenantId: 'tenant-1' } });
    const user = userEvent.setup();
    const notice = await screen.findByRole('region', { name: 'Oscar Smith offers you ownership' });
    api.handlers.set(API.getOwnershipOffer, () => ({ offer: null }));
    await user.click(within(notice).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Oscar Smith offers you ownership' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.callsTo(API.declineOwnership)).toHaveLength(1);
    const done = screen.getByRole('region', { name: 'You declined the ownership offer' });
    expect(within(done).getByRole('heading')).toHaveFocus();
    await user.click(within(done).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: /ownership/ })).not.toBeInTheDocument();
  });

  it('says nothing to anyone else', async () => {
    const oscar = member('owner-2', 'Oscar', 'owner');
    const api = createFakeApi({
      [API.getOwnershipOffer]: () => ({ offer: offerOf(oscar, member('viewer-1', 'Vera', 'viewer')) }),
    });
    renderDashboard('/dashboard', api, { claims: { role: 'admin', tenantId: 'tenant-1' } });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.callsTo(API.getOwnershipOffer)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /offers you ownership/ })).not.toBeInTheDocument();
  });
});
