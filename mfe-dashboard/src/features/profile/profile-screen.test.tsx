import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  ORGANISATION_REGIONS,
  ORGANISATION_SIZES,
  type QuickscanDetails,
  type TenantUserProfile,
} from '@toolkit/domain';
import { CallableError } from '@toolkit/platform';
import { deferred, serverError, type FakeHandlers } from '@toolkit/platform/testing';
import type { AuthUser } from '@toolkit/store-contract';
import { ACCOUNT, createFakeApi, OWNER, OWNER_PROFILE, renderDashboard } from '../../testing/fake-api';
import { FROM_QUICKSCAN } from './organisation-form';

const MEMBER: TenantUserProfile = {
  ...OWNER_PROFILE,
  organization: { name: 'Green Grocers', industry: 'Retail', size: '10–49 employees', region: 'vic' },
};

function setup(
  member: TenantUserProfile | null = MEMBER,
  handlers: FakeHandlers = {},
  user: AuthUser = OWNER,
) {
  const api = createFakeApi({
    [API.getProfile]: () => ({ status: 'ok', profile: member, tenant: null }),
    [API.watchProfile]: () => ({ profile: member }),
    [API.saveOrganisation]: () => ({ status: 'ok' }),
    [API.updateNames]: () => ({ status: 'ok' }),
    [API.getQuickscanDetails]: () => ({ details: null }),
    ...handlers,
  });
  renderDashboard('/dashboard/profile', api, { claims: { role: 'owner', tenantId: 'tenant-1' }, user });
  return { api, user: userEvent.setup() };
}

const orgName = () => screen.findByLabelText('Organisation name');

describe('Profile screen', () => {
  it('follows changes made elsewhere while open, keeping what is being typed', async () => {
    const { api, user } = setup();
    expect(await orgName()).toHaveValue('Green Grocers');
    await user.type(screen.getByLabelText('Last name'), '-Smith');

    // Another tab or an admin changes the stored profile: the server's stream sends it.
    await screen.findByLabelText('First name');
    expect(api.callsTo(API.watchProfile)).toHaveLength(1);
    act(() =>
      api.push(API.watchProfile, {
        profile: {
          ...MEMBER,
          firstName: 'Ollie',
          lastName: 'Other',
          organization: { ...MEMBER.organization, name: 'Blue Grocers' },
        },
      }),
    );

    expect(await screen.findByDisplayValue('Ollie')).toBe(screen.getByLabelText('First name'));
    expect(screen.getByLabelText('Organisation name')).toHaveValue('Blue Grocers');
    expect(screen.getByLabelText('Last name')).toHaveValue('Owens-Smith');
  });

  it('fills both forms from the stored profile', async () => {
    setup();
    expect(await orgName()).toHaveValue('Green Grocers');
    expect(screen.getByLabelText(/^Industry/)).toHaveValue('Retail');
    expect(screen.getByLabelText(/^Size/)).toHaveValue('10–49 employees');
    expect(screen.getByLabelText(/^Region/)).toHaveValue('vic');
    expect(screen.getByLabelText(/^Region/)).toHaveDisplayValue('Victoria');
    expect(screen.queryByText(FROM_QUICKSCAN)).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Olivia');
    expect(screen.getByLabelText('Last name')).toHaveValue('Owens');
  });

  it("offers the Quickscan's size bands, keeping a size stored from an earlier list", async () => {
    setup();
    await orgName();
    const options = within(screen.getByLabelText(/^Size/))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Not stated',
      '10–49 employees',
      ...ORGANISATION_SIZES.map((size) => size.label),
    ]);
  });

  it("asks for the region as the Quickscan does, with the Quickscan's states and territories", async () => {
    setup();
    await orgName();
    const options = within(screen.getByLabelText(/^Region/)).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Not stated'],
      ...ORGANISATION_REGIONS.map((region) => [region.id, region.label]),
    ]);
  });

  describe('what the Quickscan said', () => {
    const QUICKSCAN: QuickscanDetails = { industry: 'Retail', size: '5 to 19', region: 'nsw' };
    const named = (organization: TenantUserProfile['organization']) => ({ ...OWNER_PROFILE, organization });
    const withQuickscan = (organization: TenantUserProfile['organization']) =>
      setup(named(organization), { [API.getQuickscanDetails]: () => ({ details: QUICKSCAN }) });

    it('fills the fields the profile leaves empty, marked, and saves them as shown', async () => {
      const { api, user } = withQuickscan({ name: 'Acme', industry: '', size: '' });
      const industry = await screen.findByDisplayValue('Retail');
      expect(industry).toBe(screen.getByLabelText(/^Industry/));
      expect(industry).toHaveAccessibleDescription(FROM_QUICKSCAN);
      expect(screen.getByLabelText(/^Size/)).toHaveValue('5 to 19');
      expect(screen.getByLabelText(/^Size/)).toHaveAccessibleDescription(
        expect.stringContaining(FROM_QUICKSCAN),
      );
      expect(screen.getByLabelText(/^Region/)).toHaveDisplayValue('New South Wales');
      expect(screen.getByLabelText(/^Region/)).toHaveAccessibleDescription(FROM_QUICKSCAN);
      expect(api.callsTo(API.saveOrganisation)).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Save organisation details' }));
      expect(await screen.findByText('Saved')).toBeInTheDocument();
      expect(api.callsTo(API.saveOrganisation)).toEqual([
        { name: 'Acme', industry: 'Retail', size: '5 to 19', region: 'nsw' },
      ]);
    });

    it('never replaces what the profile states', async () => {
      withQuickscan({ name: 'Acme', industry: 'Bakery', size: '', region: 'tas' });
      expect(await screen.findByLabelText(/^Size/)).toHaveValue('5 to 19');
      expect(screen.getByLabelText(/^Industry/)).toHaveValue('Bakery');
      expect(screen.getByLabelText(/^Industry/)).not.toHaveAccessibleDescription(FROM_QUICKSCAN);
      expect(screen.getByLabelText(/^Region/)).toHaveDisplayValue('Tasmania');
      expect(screen.getByLabelText(/^Region/)).not.toHaveAccessibleDescription(FROM_QUICKSCAN);
    });

    it('no longer says a field is from the Quickscan once the person changes it', async () => {
      const { api, user } = withQuickscan(null);
      const region = await screen.findByLabelText(/^Region/);
      await screen.findByDisplayValue('New South Wales');
      await user.selectOptions(region, 'Victoria');
      expect(region).not.toHaveAccessibleDescription(FROM_QUICKSCAN);
      expect(screen.getByLabelText(/^Industry/)).toHaveAccessibleDescription(FROM_QUICKSCAN);
      await user.type(screen.getByLabelText('Organisation name'), 'Acme');
      await user.click(screen.getByRole('button', { name: 'Save organisation details' }));
      expect(await screen.findByText('Saved')).toBeInTheDocument();
      expect(api.callsTo(API.saveOrganisation)).toEqual([
        { name: 'Acme', industry: 'Retail', size: '5 to 19', region: 'vic' },
      ]);
    });

    it('shows the stored profile when what the Quickscan said cannot be read', async () => {
      setup(named({ name: 'Acme' }), {
        [API.getQuickscanDetails]: () => serverError('unavailable', 'Could not reach the function.'),
      });
      expect(await orgName()).toHaveValue('Acme');
      expect(screen.getByLabelText(/^Industry/)).toHaveValue('');
      expect(screen.queryByText(FROM_QUICKSCAN)).not.toBeInTheDocument();
    });
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
    expect(screen.getByText('Industry must be at most 100 characters.')).toBeInTheDocument();
    expect(api.callsTo(API.saveOrganisation)).toHaveLength(0);
  });

  it('refuses a name the server refuses for a control character, and saves nothing', async () => {
    const { api, user } = setup();
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.click(firstName);
    await user.paste('Sam\u0007');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByText('First name must not contain control characters.')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(API.updateNames)).toHaveLength(0);
  });

  it('shows Saving… while the server works, then Saved, and sends the trimmed details', async () => {
    const { api, user } = setup(null);
    const answer = deferred<{ status: 'ok' }>();
    api.handlers.set(API.saveOrganisation, () => answer.promise);
    await user.type(await orgName(), '  Acme Bakery ');
    await user.type(screen.getByLabelText(/^Industry/), 'Food');
    await user.selectOptions(screen.getByLabelText(/^Size/), '1 to 4');
    await user.click(screen.getByRole('button', { name: 'Save organisation details' }));

    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save organisation details' })).toBeDisabled();
    answer.resolve({ status: 'ok' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo(API.saveOrganisation)).toEqual([
      { name: 'Acme Bakery', industry: 'Food', size: '1 to 4', region: '' },
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
    // The sign-in account's display name follows, only after the names are stored (the writes in
    // order; the saved names also have the profile read again).
    const writes = api.calls.map((call) => call.name).filter((name) => name !== API.getProfile);
    expect(writes.slice(-2)).toEqual([API.updateNames, ACCOUNT.updateDisplayName]);
    expect(api.callsTo(ACCOUNT.updateDisplayName)).toEqual(['Liv Owens']);
  });

  it('says so when the display name cannot follow, while the saved names stay saved', async () => {
    const { api, user } = setup();
    api.handlers.set(ACCOUNT.updateDisplayName, () => ({
      success: false,
      message: 'Firebase: Error (auth/network-request-failed).',
    }));
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(
      await screen.findByText(
        "Your name is saved. We couldn't update the name on your sign-in account: the sign-in service could not be reached. Check your connection and try again.",
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.updateNames)).toEqual([{ firstName: 'Olivia', lastName: 'Owens' }]);
    expect(screen.getByLabelText('First name')).toHaveValue('Olivia');

    // Saving again retries the display name.
    api.handlers.delete(ACCOUNT.updateDisplayName);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo(ACCOUNT.updateDisplayName)).toEqual(['Olivia Owens', 'Olivia Owens']);
  });

  it("shows the server's reason when it refuses the names", async () => {
    const { api, user } = setup();
    api.handlers.set(API.updateNames, () => serverError('invalid-argument', 'lastName: too long'));
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText("We couldn't save your name: lastName: too long.")).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveValue('Owens');
    expect(api.callsTo(ACCOUNT.updateDisplayName)).toHaveLength(0);
  });

  it('shows a saved organisation name elsewhere on the page at once', async () => {
    let stored = MEMBER;
    const { api, user } = setup(MEMBER, {
      [API.getProfile]: () => ({ status: 'ok', profile: stored, tenant: null }),
      [API.saveOrganisation]: (request) => {
        stored = { ...stored, organization: request };
        return { status: 'ok' };
      },
    });
    const frame = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(await within(frame).findByText('Green Grocers')).toBeInTheDocument();
    const name = await orgName();
    await user.clear(name);
    await user.type(name, 'Blue Grocers');
    await user.click(screen.getByRole('button', { name: 'Save organisation details' }));

    // The dashboard's frame names the organisation: the save has the profile read again, with no
    // reload and no message on the live stream.
    expect(await within(frame).findByText('Blue Grocers')).toBeInTheDocument();
    expect(within(frame).queryByText('Green Grocers')).not.toBeInTheDocument();
    expect(api.callsTo(API.getProfile)).toHaveLength(2);
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

describe('Sign-in and security', () => {
  const security = () => screen.findByRole('region', { name: 'Sign-in and security' });
  const newPassword = () => screen.getByLabelText(/^New password/);
  const confirmPassword = () => screen.getByLabelText('Confirm new password');
  const changePassword = () => screen.getByRole('button', { name: 'Change password' });

  it('offers no password to an account whose address is not proven', async () => {
    setup(MEMBER, {}, { ...OWNER, emailVerified: false });
    const card = await security();
    expect(within(card).queryByLabelText(/^New password/)).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Change password' })).toBeNull();
    expect(card).toHaveTextContent('Confirm your e-mail address before setting a password');
  });

  it('checks the new password before sending it, with errors tied to the fields', async () => {
    const { api, user } = setup();
    await security();
    await user.click(changePassword());
    expect(newPassword()).toHaveAccessibleDescription('At least 6 characters Enter a new password.');
    expect(confirmPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(confirmPassword()).toHaveAccessibleDescription('Enter the new password again.');

    await user.type(newPassword(), 'abc12');
    await user.type(confirmPassword(), 'abc12');
    expect(screen.getByText('Use at least 6 characters.')).toBeInTheDocument();

    await user.type(newPassword(), '3');
    expect(newPassword()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    await user.click(changePassword());
    expect(api.callsTo(ACCOUNT.updatePassword)).toHaveLength(0);
  });

  it('shows Saving… while the provider works, then Password changed, and clears the fields', async () => {
    const { api, user } = setup();
    const answer = deferred<{ success: true }>();
    api.handlers.set(ACCOUNT.updatePassword, () => answer.promise);
    await security();
    // Spaces are part of a password: nothing is trimmed.
    await user.type(newPassword(), ' green tea ');
    await user.type(confirmPassword(), ' green tea ');
    await user.click(changePassword());

    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(changePassword()).toBeDisabled();
    answer.resolve({ success: true });
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(api.callsTo(ACCOUNT.updatePassword)).toEqual([' green tea ']);
    expect(newPassword()).toHaveValue('');
    expect(confirmPassword()).toHaveValue('');
    expect(newPassword()).toHaveAttribute('aria-invalid', 'false');
  });

  it('asks the user to sign in again when the provider needs a recent sign-in', async () => {
    const { api, user } = setup();
    api.handlers.set(ACCOUNT.updatePassword, () => ({
      success: false,
      message: 'Firebase: Error (auth/requires-recent-login).',
    }));
    await security();
    await user.type(newPassword(), 'correct horse');
    await user.type(confirmPassword(), 'correct horse');
    await user.click(changePassword());
    expect(
      await screen.findByText(
        "We couldn't change your password: for your security this needs a recent sign-in. Please sign out, sign in again and then try again.",
      ),
    ).toBeInTheDocument();
    expect(newPassword()).toHaveValue('correct horse');
    expect(changePassword()).toBeEnabled();
  });

  it("keeps the provider's own words for a failure it has no wording for", async () => {
    const { api, user } = setup();
    api.handlers.set(ACCOUNT.updatePassword, () => ({
      success: false,
      message: 'Firebase: The password must contain a number (auth/password-does-not-meet-requirements).',
    }));
    await security();
    await user.type(newPassword(), 'no digits here');
    await user.type(confirmPassword(), 'no digits here');
    await user.click(changePassword());
    expect(
      await screen.findByText("We couldn't change your password: The password must contain a number."),
    ).toBeInTheDocument();
  });

  it("e-mails a reset link to the signed-in user's address and confirms it", async () => {
    const { api, user } = setup();
    const card = await security();
    const answer = deferred<{ success: true }>();
    api.handlers.set(ACCOUNT.sendPasswordReset, () => answer.promise);
    expect(within(card).getByText(/olivia@example\.com/)).toBeInTheDocument();
    const send = within(card).getByRole('button', { name: 'E-mail me a password reset link' });
    await user.click(send);
    expect(within(card).getByText('Sending…')).toBeInTheDocument();
    expect(send).toBeDisabled();
    answer.resolve({ success: true });
    expect(
      await within(card).findByText(
        "We've sent a password reset link to olivia@example.com. Check your inbox, and your spam folder if it isn't there.",
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(ACCOUNT.sendPasswordReset)).toEqual(['olivia@example.com']);
  });

  it('says in words why the reset link could not be sent', async () => {
    const { api, user } = setup();
    api.handlers.set(ACCOUNT.sendPasswordReset, () => ({
      success: false,
      message: 'Firebase: Error (auth/too-many-requests).',
    }));
    const card = await security();
    await user.click(within(card).getByRole('button', { name: 'E-mail me a password reset link' }));
    expect(
      await within(card).findByText(
        "We couldn't send the reset link: there have been too many attempts. Please wait a few minutes and try again.",
      ),
    ).toBeInTheDocument();
  });

  it('stays usable when the profile cannot be loaded', async () => {
    const { api, user } = setup(MEMBER, {
      [API.getProfile]: () => serverError('internal', 'Database offline'),
    });
    await screen.findByRole('alert');
    await user.type(newPassword(), 'secret1');
    await user.type(confirmPassword(), 'secret1');
    await user.click(changePassword());
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(api.callsTo(ACCOUNT.updatePassword)).toEqual(['secret1']);
  });
});
