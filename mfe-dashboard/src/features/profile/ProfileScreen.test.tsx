import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type TenantUserProfile } from '@toolkit/domain';
import { CallableError } from '@toolkit/platform';
import { createFakeApi, deferred, renderDashboard, serverError, type Handler } from '../../testing/fake-api';

// Jest ignores package.json "browser" fields; use the client build as the browser does.
jest.mock('styled-components', () =>
  jest.requireActual('styled-components/dist/styled-components.browser.cjs.js'),
);

const MEMBER: TenantUserProfile = {
  uid: 'owner-1',
  email: 'olivia@example.com',
  firstName: 'Olivia',
  lastName: 'Owens',
  tenantId: 'tenant-1',
  role: 'owner',
  organization: { name: 'Green Grocers', industry: 'Retail', size: '10–49 employees', country: 'Australia' },
};

function setup(member: TenantUserProfile | null = MEMBER, handlers: Record<string, Handler> = {}) {
  const api = createFakeApi({
    [API.getProfile]: () => ({ status: 'ok', profile: member, tenant: null }),
    [API.saveOrganisation]: () => ({ status: 'ok' }),
    [API.updateNames]: () => ({ status: 'ok' }),
    ...handlers,
  });
  renderDashboard('/dashboard/profile', api);
  return { api, user: userEvent.setup() };
}

const orgName = () => screen.findByLabelText('Organisation name');

describe('Profile screen', () => {
  it('fills both forms from the stored profile', async () => {
    setup();
    expect(await orgName()).toHaveValue('Green Grocers');
    expect(screen.getByLabelText(/^Industry/)).toHaveValue('Retail');
    expect(screen.getByLabelText('Size')).toHaveValue('10–49 employees');
    expect(screen.getByLabelText(/^Country/)).toHaveValue('Australia');
    expect(screen.getByLabelText('First name')).toHaveValue('Olivia');
    expect(screen.getByLabelText('Last name')).toHaveValue('Owens');
  });

  it('requires the organisation name and sends nothing until it is given', async () => {
    const { api, user } = setup(null);
    const name = await orgName();
    await user.click(screen.getByRole('button', { name: 'Save organisation details' }));
    expect(screen.getByText('Enter your organisation’s name.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter your organisation’s name.');
    expect(api.callsTo(API.saveOrganisation)).toHaveLength(0);

    // The error follows the typing once shown.
    await user.type(name, 'Acme');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Enter your organisation’s name.')).not.toBeInTheDocument();
  });

  it('rejects an industry longer than the server accepts', async () => {
    const { api, user } = setup();
    const industry = await screen.findByLabelText(/^Industry/);
    await user.clear(industry);
    await user.click(industry);
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save organisation details' }));
    expect(screen.getByText('Industry can be at most 100 characters.')).toBeInTheDocument();
    expect(api.callsTo(API.saveOrganisation)).toHaveLength(0);
  });

  it('shows Saving… while the server works, then Saved, and sends the trimmed details', async () => {
    const { api, user } = setup(null);
    const answer = deferred<{ status: 'ok' }>();
    api.handlers.set(API.saveOrganisation, () => answer.promise);
    await user.type(await orgName(), '  Acme Bakery ');
    await user.type(screen.getByLabelText(/^Industry/), 'Food');
    await user.selectOptions(screen.getByLabelText('Size'), '1–9 employees');
    await user.click(screen.getByRole('button', { name: 'Save organisation details' }));

    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save organisation details' })).toBeDisabled();
    answer.resolve({ status: 'ok' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo(API.saveOrganisation)).toEqual([
      { name: 'Acme Bakery', industry: 'Food', size: '1–9 employees', country: '' },
    ]);
  });

  it('says in words why saving failed and keeps what was typed', async () => {
    const { api, user } = setup();
    api.handlers.set(API.saveOrganisation, () => {
      throw new CallableError('unavailable', 'Could not reach the function organisation-save.');
    });
    const name = await orgName();
    await user.clear(name);
    await user.type(name, 'Green Grocers Pty Ltd');
    await user.click(screen.getByRole('button', { name: 'Save organisation details' }));

    expect(
      await screen.findByText(
        "We couldn't save your organisation details because the server did not answer. Check your connection and try again.",
      ),
    ).toBeInTheDocument();
    expect(name).toHaveValue('Green Grocers Pty Ltd');
    expect(screen.getByRole('button', { name: 'Save organisation details' })).toBeEnabled();

    // Trying again with the kept values works.
    api.handlers.set(API.saveOrganisation, () => ({ status: 'ok' }));
    await user.click(screen.getByRole('button', { name: 'Save organisation details' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo(API.saveOrganisation).at(-1)).toMatchObject({ name: 'Green Grocers Pty Ltd' });
  });

  it('requires both names and saves them trimmed', async () => {
    const { api, user } = setup();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByText('Enter your first name.')).toBeInTheDocument();
    expect(api.callsTo(API.updateNames)).toHaveLength(0);

    await user.type(first, ' Liv ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo(API.updateNames)).toEqual([{ firstName: 'Liv', lastName: 'Owens' }]);
  });

  it("shows the server's reason when it refuses the names", async () => {
    const { api, user } = setup();
    api.handlers.set(API.updateNames, () => serverError('invalid-argument', 'lastName: too long'));
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText("We couldn't save your name: lastName: too long.")).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveValue('Owens');
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let failures = 1;
    const { user } = setup(MEMBER, {
      [API.getProfile]: () => {
        if (failures-- > 0) serverError('internal', 'Database offline');
        return { status: 'ok', profile: MEMBER, tenant: null };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load your profile: Database offline.",
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await orgName()).toHaveValue('Green Grocers');
  });
});
