import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type AlertRecipients } from '@toolkit/domain';
import { deferred, serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';
import { addressesOf } from './alerts-form';

const STORED: AlertRecipients = {
  newResult: ['results@example.com'],
  newTeamMember: [],
  expertRequest: ['experts@example.com'],
};

// The organisation's own addresses: confirmed at once, as the server does for proven members.
const TEAM = new Set(['results@example.com', 'experts@example.com']);

/** A publisher of the catalogue's surveys (fake-api SURVEYS), to whom every notification can happen. */
const PUBLISHER = 'demo-publisher';
const BUSINESS = 'tenant-1';

/** The server keeps what it was last sent, so the settings read again after a save show it. */
/** With `alertsAnswered`, the settings are answered only once it settles. */
function setup(role = 'owner', pending: string[] = [], tenantId = PUBLISHER, alertsAnswered?: Promise<void>) {
  let stored = { alerts: STORED, pending };
  const api = createFakeApi({
    [API.getAlerts]: () => stored,
    [API.saveAlerts]: (request) => {
      const once = (list: string[]) => [...new Set(list.map((address) => address.toLowerCase()))];
      const alerts = {
        newResult: once(request.newResult),
        newTeamMember: once(request.newTeamMember),
        expertRequest: once(request.expertRequest),
      };
      const listed = [...new Set(Object.values(alerts).flat())];
      stored = { alerts, pending: listed.filter((address) => !TEAM.has(address)) };
      return stored;
    },
  });
  if (alertsAnswered) api.gate(API.getAlerts, alertsAnswered);
  renderDashboard('/dashboard/manage', api, { claims: { role, tenantId } });
  return { api, user: userEvent.setup() };
}

describe('Manage screen', () => {
  it('shows who receives each notification', async () => {
    setup();
    expect(await screen.findByRole('textbox', { name: 'New results' })).toHaveValue('results@example.com');
    expect(screen.getByRole('textbox', { name: 'New team members' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Expert requests' })).toHaveValue('experts@example.com');
  });

  it('holds the place of the notifications, as large as they will be, while they load', async () => {
    const gate = deferred<void>();
    setup('owner', [], PUBLISHER, gate.promise);
    const placeholder = await screen.findByRole('region', { name: 'Notifications', busy: true });
    expect(within(placeholder).getByRole('status')).toHaveTextContent('Loading the notification settings…');
    // Out of reach: nothing to type in or press until the settings are in.
    expect(screen.queryByRole('textbox')).toBeNull();
    const fields = placeholder.querySelectorAll('textarea, button');
    expect(fields).toHaveLength(4);

    gate.resolve();
    const form = await screen.findByRole('region', { name: 'Notifications', busy: false });
    expect(form.querySelectorAll('textarea, button')).toHaveLength(fields.length);
    expect(screen.getByRole('textbox', { name: 'New results' })).toHaveValue('results@example.com');
  });

  it('lists a business only the notifications that can happen to it', async () => {
    setup('owner', [], BUSINESS);
    const form = await screen.findByRole('region', { name: 'Notifications', busy: false });
    expect(within(form).getAllByRole('textbox')).toHaveLength(1);
    expect(within(form).getByRole('textbox', { name: 'New team members' })).toHaveValue('');
  });

  it('saves a business’s team notifications, keeping the others as stored, and names only its own', async () => {
    const { api, user } = setup('owner', [], BUSINESS);
    await user.type(await screen.findByRole('textbox', { name: 'New team members' }), 'office@example.com');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(
      await screen.findByText(
        'Saved. Notifications of new team members: 1 address. 1 address waits for confirmation.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.saveAlerts)).toEqual([{ ...STORED, newTeamMember: ['office@example.com'] }]);
  });

  it('saves the addresses as lists and confirms what was stored', async () => {
    const { api, user } = setup();
    const team = await screen.findByRole('textbox', { name: 'New team members' });
    await user.type(team, 'Office@Example.com, hr@example.com;office@example.com');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(
      await screen.findByText(
        /^Saved\. Notifications of new results: 1 address; new team members: 2 addresses/,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.saveAlerts)).toEqual([
      {
        newResult: ['results@example.com'],
        newTeamMember: ['Office@Example.com', 'hr@example.com', 'office@example.com'],
        expertRequest: ['experts@example.com'],
      },
    ]);
    // The fields show what the server stored.
    expect(team).toHaveValue('office@example.com\nhr@example.com');
  });

  it('shows which addresses wait for their confirmation link, and the list after each save', async () => {
    const { user } = setup('owner', ['old-outsider@example.com']);
    const waiting = await screen.findByRole('region', { name: 'Waiting for confirmation' });
    expect(waiting).toHaveTextContent('old-outsider@example.com');
    expect(waiting).toHaveTextContent('They receive no notification until they open it');
    await user.type(screen.getByRole('textbox', { name: 'New team members' }), 'agency@example.com');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText(/1 address waits for confirmation\.$/)).toBeInTheDocument();
    const after = screen.getByRole('region', { name: 'Waiting for confirmation' });
    expect(after).toHaveTextContent('agency@example.com');
    expect(after).not.toHaveTextContent('old-outsider@example.com');
    // Once nobody waits, the list is gone.
    await user.clear(screen.getByRole('textbox', { name: 'New team members' }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(
      await screen.findByText(/^Saved\. Notifications of new results: 1 address; new team members: nobody/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting for confirmation' })).not.toBeInTheDocument();
  });

  it('names an address that is not one and saves nothing', async () => {
    const { api, user } = setup();
    const results = await screen.findByRole('textbox', { name: 'New results' });
    await user.type(results, '\nsomeone-at-example.com');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(screen.getByText('“someone-at-example.com” is not an e-mail address.')).toBeInTheDocument();
    expect(results).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(API.saveAlerts)).toEqual([]);
  });

  it('names addresses the server refuses, though they look like addresses, and saves nothing', async () => {
    const { api, user } = setup();
    const experts = await screen.findByRole('textbox', { name: 'Expert requests' });
    await user.type(experts, '\nname@example.c\nok@example.com\na..b@example.com');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(
      screen.getByText('“name@example.c”, “a..b@example.com” are not e-mail addresses.'),
    ).toBeInTheDocument();
    expect(experts).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(API.saveAlerts)).toEqual([]);
  });

  it('refuses more than ten addresses for one notification', async () => {
    const { api, user } = setup();
    const results = await screen.findByRole('textbox', { name: 'New results' });
    await user.clear(results);
    await user.type(results, Array.from({ length: 11 }, (_, i) => `p${i}@example.com`).join(' '));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(screen.getByText('At most 10 addresses.')).toBeInTheDocument();
    expect(api.callsTo(API.saveAlerts)).toEqual([]);
  });

  it('keeps what was typed and says why when saving fails', async () => {
    const { api, user } = setup();
    api.handlers.set(API.saveAlerts, () => serverError('invalid-argument', 'Invalid newResult: bad address'));
    const results = await screen.findByRole('textbox', { name: 'New results' });
    await user.type(results, '\nnew@example.com');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText(/We couldn't save the notification settings/)).toBeInTheDocument();
    expect(results).toHaveValue('results@example.com\nnew@example.com');
  });

  it('shows the plan only to those who manage billing', async () => {
    setup('editor');
    expect(await screen.findByRole('heading', { name: 'Organisation' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Plan' })).not.toBeInTheDocument();
  });

  it('links an owner to the plans', async () => {
    setup('owner');
    expect(await screen.findByRole('heading', { name: 'Plan' })).toBeInTheDocument();
  });

  it('links to Users only a role that opens it, and tells the others who manages the team', async () => {
    setup('editor');
    const card = (await screen.findByRole('heading', { name: 'Organisation' })).parentElement!;
    expect(card).toHaveTextContent('an owner or admin manages your team and their roles on Users.');
    expect(within(card).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/dashboard/profile');
  });

  it('links an admin to Users', async () => {
    setup('admin');
    const card = (await screen.findByRole('heading', { name: 'Organisation' })).parentElement!;
    expect(within(card).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/dashboard/users');
  });

  it('splits typed addresses on lines, commas, semicolons and spaces', () => {
    expect(addressesOf(' a@x.io,b@x.io;\n c@x.io  d@x.io ')).toEqual([
      'a@x.io',
      'b@x.io',
      'c@x.io',
      'd@x.io',
    ]);
  });

  describe('brand', () => {
    const LOGO = 'data:image/png;base64,iVBORw0KGgo=';
    function withBrand(applied: boolean, role = 'owner') {
      const api = createFakeApi({
        [API.getAlerts]: () => ({ alerts: STORED, pending: [] }),
        [API.getBrand]: () => ({ brand: { primaryColor: '#7a1f5c', logo: LOGO }, applied }),
        [API.saveBrand]: (data) => ({ brand: data, applied: true }),
      });
      renderDashboard('/dashboard/manage', api, { claims: { role, tenantId: 'tenant-1' } });
      return { api, user: userEvent.setup() };
    }

    it('saves the colour on a plan with brandkit, and shows the logo over the dashboard', async () => {
      const { api, user } = withBrand(true);
      const colour = await screen.findByLabelText('Brand colour');
      expect(screen.getByRole('img', { name: "Your organisation's logo" })).toHaveAttribute('src', LOGO);
      fireEvent.input(colour, { target: { value: '#224466' } });
      await user.click(screen.getByRole('button', { name: 'Save brand' }));
      expect(
        await screen.findByText('Saved. Your dashboard and reports use this brand.'),
      ).toBeInTheDocument();
      expect(api.callsTo(API.saveBrand)).toEqual([{ primaryColor: '#224466', logo: LOGO }]);
    });

    it('shows a kept brand read-only, and unapplied, on a plan without brandkit', async () => {
      withBrand(false);
      expect(
        await screen.findByText(/come with the Growth plan; your saved brand is kept/),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Brand colour')).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Save brand' })).not.toBeInTheDocument();
      expect(screen.queryByRole('img', { name: "Your organisation's logo" })).not.toBeInTheDocument();
    });
  });
});
