import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  formatDate,
  ROLES,
  SERVER_ERRORS,
  type PendingInvite,
  type Role,
  type StoredMilestone,
  type TenantUserProfile,
} from '@toolkit/domain';
import { CallableError } from '@toolkit/platform';
import { serverError, type FakeHandlers } from '@toolkit/platform/testing';
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

// The caller (see OWNER in the test support) is an admin here: they cannot assign owner.
const TEAM = [
  member('viewer-1', 'Vera', 'viewer'),
  member('owner-1', 'Olivia', 'admin'),
  member('owner-2', 'Oscar', 'owner'),
  member('user-1', 'Uma', 'user'),
];
// What the server offers an admin: billing and owner hold permissions an admin lacks.
const ADMIN_ROLES: Role[] = ['user', 'viewer', 'editor', 'admin'];

/** The server's team: role changes are kept, so the list read again after one shows them. */
function setup(handlers: FakeHandlers = {}, users: TenantUserProfile[] = TEAM) {
  let team = users;
  const assign = (uid: string, role: Role) => {
    team = team.map((person) => (person.uid === uid ? { ...person, role } : person));
  };
  const api = createFakeApi({
    [API.listTenantUsers]: () => ({ users: team, invites: [] }),
    [API.getAvailableRoles]: () => ({ status: 'success', availableRoles: ADMIN_ROLES, userRole: 'admin' }),
    [API.setUserRole]: ({ uid, role }) => {
      assign(uid, role);
      return { status: 'success', message: 'Role updated' };
    },
    [API.removeUserRole]: ({ uid }) => {
      const previousRole = team.find((person) => person.uid === uid)?.role ?? null;
      assign(uid, 'user');
      return { status: 'success', message: 'Removed', previousRole, newRole: 'user' };
    },
    [API.createInvite]: ({ email }) => ({ status: 'sent', email }),
    [API.getOwnershipOffer]: () => ({ offer: null }),
    ...handlers,
  });
  renderDashboard('/dashboard/users', api, { claims: { role: 'admin', tenantId: 'tenant-1' } });
  return { api, user: userEvent.setup() };
}

const row = (name: string) => screen.findByRole('listitem', { name });

/** A team invite as the server lists it, sent by Olivia. */
const waitingFor = (email: string, changes: Partial<PendingInvite> = {}): PendingInvite => ({
  email,
  role: 'user',
  sentAt: '2026-11-26T09:00:00.000Z',
  status: 'pending',
  kind: 'team',
  surveyId: null,
  sentBy: 'Olivia Smith',
  ...changes,
});

describe('Users screen', () => {
  it('lists the team by rank with their roles; owners and the caller are not editable', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Team members' });
    const names = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Oscar Smith', 'Olivia Smith (you)', 'Vera Smith', 'Uma Smith']);

    const oscar = await row('Oscar Smith');
    expect(within(oscar).getByText('Role: Owner')).toBeInTheDocument();
    expect(within(oscar).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(await row('Olivia Smith')).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('offers only the roles the caller may assign', async () => {
    setup();
    const select = within(await row('Vera Smith')).getByLabelText('Role of Vera Smith');
    expect(select).toHaveValue('viewer');
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual(ADMIN_ROLES);
    expect(options.some((option) => option.value === 'owner')).toBe(false);
  });

  it('never offers an admin billing or owner, even when the server names them', async () => {
    setup({
      [API.getAvailableRoles]: () => ({ status: 'success', availableRoles: [...ROLES], userRole: 'admin' }),
    });
    const values = (select: HTMLElement) =>
      (within(select).getAllByRole('option') as HTMLOptionElement[]).map((option) => option.value);
    const vera = await row('Vera Smith');
    expect(values(within(vera).getByLabelText('Role of Vera Smith'))).toEqual(ADMIN_ROLES);
    expect(values(screen.getByRole('combobox', { name: 'Role' }))).toEqual(ADMIN_ROLES);
    // An admin never changes or removes an owner's role.
    const oscar = await row('Oscar Smith');
    expect(within(oscar).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(oscar).queryByRole('button', { name: 'Remove role' })).not.toBeInTheDocument();
  });

  it('lets an owner give billing and owner, and change another owner while one remains', async () => {
    const { api, user } = setup(
      {
        [API.getAvailableRoles]: () => ({ status: 'success', availableRoles: [...ROLES], userRole: 'owner' }),
      },
      [member('owner-1', 'Olivia', 'owner'), member('owner-2', 'Oscar', 'owner'), TEAM[0]!],
    );
    const oscar = await row('Oscar Smith');
    const select = within(oscar).getByLabelText('Role of Oscar Smith');
    expect((within(select).getAllByRole('option') as HTMLOptionElement[]).map((o) => o.value)).toEqual([
      ...ROLES,
    ]);
    await user.selectOptions(select, 'billing');
    await user.click(within(oscar).getByRole('button', { name: 'Change role' }));
    expect(await within(oscar).findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo(API.setUserRole)).toEqual([{ uid: 'owner-2', tenantId: 'tenant-1', role: 'billing' }]);
    expect(within(await row('Olivia Smith')).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('names the plan that brings the finer roles when the plan offers only the basic ones', async () => {
    setup({
      [API.getAvailableRoles]: () => ({
        status: 'success',
        availableRoles: ['user', 'admin'],
        userRole: 'admin',
      }),
    });
    expect(
      await screen.findByText(
        'The billing, editor, viewer roles and teams of more than 5 come with the Growth plan.',
      ),
    ).toBeInTheDocument();
    const invite = screen.getByRole('combobox', { name: 'Role' });
    expect((within(invite).getAllByRole('option') as HTMLOptionElement[]).map((o) => o.value)).toEqual([
      'user',
      'admin',
    ]);
  });

  it('names no plan when the finer roles are available', async () => {
    setup();
    await screen.findByRole('list', { name: 'Team members' });
    expect(screen.queryByText(/come with the Growth plan/)).not.toBeInTheDocument();
  });

  it('changes a role through setUserRole and shows it saved', async () => {
    const { api, user } = setup();
    const vera = await row('Vera Smith');
    const change = within(vera).getByRole('button', { name: 'Change role' });
    expect(change).toBeDisabled();
    await user.selectOptions(within(vera).getByLabelText('Role of Vera Smith'), 'editor');
    await user.click(change);
    expect(await within(vera).findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo(API.setUserRole)).toEqual([{ uid: 'viewer-1', tenantId: 'tenant-1', role: 'editor' }]);
    expect(change).toBeDisabled();
  });

  it('removes a role only after confirmation', async () => {
    const { api, user } = setup();
    const vera = await row('Vera Smith');
    await user.click(within(vera).getByRole('button', { name: 'Remove role' }));
    const confirm = within(vera).getByRole('group', { name: 'Confirm removing Vera Smith’s role' });
    expect(within(confirm).getByRole('button', { name: 'Yes, remove the role' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(API.removeUserRole)).toHaveLength(0);
    expect(within(vera).queryByRole('group')).not.toBeInTheDocument();

    await user.click(within(vera).getByRole('button', { name: 'Remove role' }));
    await user.click(within(vera).getByRole('button', { name: 'Yes, remove the role' }));
    expect(await within(vera).findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo(API.removeUserRole)).toEqual([{ uid: 'viewer-1', tenantId: 'tenant-1' }]);
    expect(within(vera).getByLabelText('Role of Vera Smith')).toHaveValue('user');
    expect(within(vera).queryByRole('button', { name: 'Remove role' })).not.toBeInTheDocument();
  });

  it('refreshes the claims and says so when a role change is denied', async () => {
    const { api, user } = setup({
      [API.setUserRole]: () => serverError('permission-denied', 'Only admins can set roles'),
    });
    const vera = await row('Vera Smith');
    await user.selectOptions(within(vera).getByLabelText('Role of Vera Smith'), 'editor');
    await user.click(within(vera).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Your permissions have changed')).toBeInTheDocument();
    expect(
      screen.getByText(/You can no longer manage users\. We are updating your access/),
    ).toBeInTheDocument();
    expect(api.refreshes()).toBe(1);
  });

  it('refreshes the claims when the team cannot be listed for lack of rights', async () => {
    const { api } = setup({
      [API.listTenantUsers]: () => serverError('permission-denied', 'Admins only'),
    });
    expect(await screen.findByText('Your permissions have changed')).toBeInTheDocument();
    expect(api.refreshes()).toBe(1);
    expect(screen.queryByRole('list', { name: 'Team members' })).not.toBeInTheDocument();
  });

  it('explains other failures without refreshing the claims', async () => {
    const { api, user } = setup({
      [API.setUserRole]: () => {
        throw new CallableError('internal', 'HTTP 500');
      },
    });
    const vera = await row('Vera Smith');
    await user.selectOptions(within(vera).getByLabelText('Role of Vera Smith'), 'admin');
    await user.click(within(vera).getByRole('button', { name: 'Change role' }));
    // The endpoint replaces a message-less failure with its fallback message, which is not the server's.
    expect(
      await within(vera).findByText("We couldn't change Vera Smith’s role. Please try again."),
    ).toBeInTheDocument();
    expect(within(vera).getByLabelText('Role of Vera Smith')).toHaveValue('admin');
    expect(api.refreshes()).toBe(0);
  });

  it('refuses an invite address the server refuses, though it looks like one', async () => {
    const { api, user } = setup();
    await row('Vera Smith');
    await user.type(screen.getByLabelText('E-mail address'), 'name@example.c');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(screen.getByText(SERVER_ERRORS.invalidEmail)).toBeInTheDocument();
    expect(api.callsTo(API.createInvite)).toHaveLength(0);
  });

  it('validates the invite address, sends the invite with the chosen role and never shows its link', async () => {
    const { api, user } = setup();
    await row('Vera Smith');
    const email = screen.getByLabelText('E-mail address');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com.')).toBeInTheDocument();
    expect(api.callsTo(API.createInvite)).toHaveLength(0);

    // An admin may invite into any role up to admin, never owner.
    const role = screen.getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(ADMIN_ROLES);
    await user.selectOptions(role, 'editor');
    await user.clear(email);
    await user.type(email, ' New.Person@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(
      await screen.findByText(
        'Invite sent to new.person@example.com. They join once they accept it from their e-mail.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.createInvite)).toEqual([{ email: 'new.person@example.com', role: 'editor' }]);
    expect(screen.queryByText(/journey\//)).not.toBeInTheDocument();
    expect(email).toHaveValue('');
    expect(role).toHaveValue('user');
  });

  it('lists the invitation, not a member, once the invite is sent; and says when no second mail went', async () => {
    let invites: PendingInvite[] = [];
    const { user } = setup({
      [API.listTenantUsers]: () => ({ users: TEAM, invites }),
      [API.createInvite]: () => {
        const again = invites.length > 0;
        invites = [waitingFor('nia@example.com')];
        return { status: again ? 'already-sent' : 'sent', email: 'nia@example.com' };
      },
    });
    await row('Vera Smith');
    await user.type(screen.getByLabelText('E-mail address'), 'nia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    const waiting = await screen.findByRole('list', { name: 'Invitations not accepted yet' });
    expect(within(waiting).getByRole('listitem')).toHaveTextContent('nia@example.com · User');
    expect(within(waiting).getByRole('listitem')).toHaveTextContent('Invited, not accepted yet');
    expect(within(screen.getByRole('list', { name: 'Team members' })).queryByText(/nia/)).toBeNull();

    await user.type(screen.getByLabelText('E-mail address'), 'nia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(
      await screen.findByText(
        'We e-mailed nia@example.com a few minutes ago, so we did not send the invite again.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the typed address when the invite fails', async () => {
    const { user } = setup({
      [API.createInvite]: () => serverError('already-exists', 'This person is already in your team'),
    });
    await row('Vera Smith');
    await user.type(screen.getByLabelText('E-mail address'), 'vera@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(
      await screen.findByText("We couldn't create the invite: This person is already in your team."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveValue('vera@example.com');
  });

  it("shows the server's words beside the address it refuses", async () => {
    const { api, user } = setup({
      [API.createInvite]: () => {
        throw new CallableError('invalid-argument', 'Invalid email: not deliverable', {
          hasServerMessage: true,
          details: {
            fields: ['email'],
            problems: { email: 'Enter a valid e-mail address, like name@example.com.' },
          },
        });
      },
    });
    await row('Vera Smith');
    const email = screen.getByLabelText('E-mail address');
    await user.type(email, 'nia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Invalid email/)).not.toBeInTheDocument();
    expect(email).toHaveValue('nia@example.com');
    expect(api.callsTo(API.createInvite)).toHaveLength(1);
  });

  it("updates the invitations and the journey's invite milestone in place once an invite is sent", async () => {
    let invites: PendingInvite[] = [];
    let milestones: StoredMilestone[] = ['update-organisation', 'complete-quickscan', 'view-results'].map(
      (id) => ({ id, completed: true }),
    );
    const api = createFakeApi({
      [API.listTenantUsers]: () => ({ users: TEAM, invites }),
      [API.getAvailableRoles]: () => ({ status: 'success', availableRoles: ADMIN_ROLES, userRole: 'admin' }),
      [API.listMilestones]: () => ({ milestones: { 'owner-1': milestones } }),
      // The server records the invite-team milestone with the invite.
      [API.createInvite]: ({ email, role = 'user' }) => {
        invites = [waitingFor(email, { role })];
        milestones = [...milestones, { id: 'invite-team', completed: true }];
        return { status: 'sent', email };
      },
    });
    renderDashboard('/dashboard', api, { claims: { role: 'admin', tenantId: 'tenant-1' } });
    const user = userEvent.setup();
    const nextSteps = () => screen.findByRole('region', { name: 'Your next steps', busy: false });

    // The journey's next step leads to Users.
    await user.click(within(await nextSteps()).getByRole('link', { name: 'Invite a team member' }));
    await row('Vera Smith');
    await user.type(screen.getByLabelText('E-mail address'), 'nia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    const waiting = await screen.findByRole('list', { name: 'Invitations not accepted yet' });
    expect(within(waiting).getByRole('listitem')).toHaveTextContent('nia@example.com · User');

    // Back on the journey, in the same document: its milestones were asked again.
    const frame = screen.getByRole('navigation', { name: 'Dashboard' });
    await user.click(within(frame).getByRole('link', { name: 'Dashboard' }));
    const steps = within(await nextSteps())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(steps).not.toContain('Invite a team member');
    expect(api.callsTo(API.listMilestones)).toHaveLength(2);
  });
  it('lists what each invitation asks, its status, who sent it and when', async () => {
    setup({
      [API.listTenantUsers]: () => ({
        users: TEAM,
        invites: [
          waitingFor('nia@example.com'),
          waitingFor('omar@example.com', { status: 'opened', role: 'editor', sentBy: 'Oscar Smith' }),
          waitingFor('pia@example.com', {
            status: 'expired',
            kind: 'survey',
            surveyId: 'supplier-assessment',
          }),
          waitingFor('quin@example.com', { status: 'declined' }),
        ],
      }),
    });
    const invitation = async (email: string) =>
      within(await screen.findByRole('list', { name: 'Invitations not accepted yet' })).getByRole(
        'listitem',
        {
          name: email,
        },
      );
    const sent = formatDate('2026-11-26T09:00:00.000Z');
    expect(await invitation('nia@example.com')).toHaveTextContent(
      `nia@example.com · User (no dashboard rights)Invited to join the teamInvited, not accepted yet · link not opened · sent by Olivia Smith on ${sent}`,
    );
    expect(await invitation('omar@example.com')).toHaveTextContent(
      `Invited, not accepted yet · link opened · sent by Oscar Smith on ${sent}`,
    );
    expect(await invitation('pia@example.com')).toHaveTextContent(
      'Invited to answer the Supplier Sustainability AssessmentExpired · its link no longer works',
    );
    expect(await invitation('quin@example.com')).toHaveTextContent('Declined the invitation');
  });

  it('sends an invitation again, saying when no mail went because one went minutes ago', async () => {
    let mailed = false;
    const { api, user } = setup({
      [API.listTenantUsers]: () => ({ users: TEAM, invites: [waitingFor('nia@example.com')] }),
      [API.resendInvite]: ({ email }) => {
        const status = mailed ? 'already-sent' : 'sent';
        mailed = true;
        return { status, email };
      },
    });
    const resend = await screen.findByRole('button', { name: 'Resend the invitation to nia@example.com' });
    await waitFor(() => expect(api.callsTo(API.getOwnershipOffer)).toHaveLength(1));
    const listed = api.callsTo(API.listTenantUsers).length;
    await user.click(resend);
    expect(await screen.findByText('Invitation sent again to nia@example.com.')).toBeInTheDocument();
    // The invite changed the team's list, which is asked again; the ownership offer is not.
    await waitFor(() => expect(api.callsTo(API.listTenantUsers)).toHaveLength(listed + 1));
    expect(api.callsTo(API.getOwnershipOffer)).toHaveLength(1);
    await user.click(resend);
    expect(
      await screen.findByText(
        'We e-mailed nia@example.com less than 10 minutes ago, so we did not send it again yet.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.resendInvite)).toEqual([
      { email: 'nia@example.com' },
      { email: 'nia@example.com' },
    ]);
  });

  it("says why a resend was refused, in the server's words", async () => {
    const { user } = setup({
      [API.listTenantUsers]: () => ({ users: TEAM, invites: [waitingFor('nia@example.com')] }),
      [API.resendInvite]: () =>
        serverError(
          'resource-exhausted',
          'Many invites have been sent from your account. Try again at 15:00 UTC.',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Resend the invitation to nia@example.com' }));
    expect(
      await screen.findByText(
        "We couldn't send the invitation again: Many invites have been sent from your account. Try again at 15:00 UTC.",
      ),
    ).toBeInTheDocument();
  });

  it('withdraws an invitation: it leaves the list, and the page says its link now says so', async () => {
    let invites = [waitingFor('nia@example.com'), waitingFor('omar@example.com')];
    const { api, user } = setup({
      [API.listTenantUsers]: () => ({ users: TEAM, invites }),
      [API.withdrawInvite]: ({ email }) => {
        invites = invites.filter((invite) => invite.email !== email);
        return { status: 'withdrawn', email };
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Withdraw the invitation to nia@example.com' }),
    );
    expect(
      await screen.findByText('Invitation to nia@example.com withdrawn: its link now says so.'),
    ).toBeInTheDocument();
    const waiting = screen.getByRole('list', { name: 'Invitations not accepted yet' });
    await waitFor(() =>
      expect(within(waiting).queryByRole('listitem', { name: 'nia@example.com' })).toBeNull(),
    );
    expect(within(waiting).getByRole('listitem', { name: 'omar@example.com' })).toBeInTheDocument();
    expect(api.callsTo(API.withdrawInvite)).toEqual([{ email: 'nia@example.com' }]);
  });
});
