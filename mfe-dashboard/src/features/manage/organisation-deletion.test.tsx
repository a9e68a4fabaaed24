import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, ORGANISATION_DELETION_FRAGMENT, SERVER_ERRORS, formatDate } from '@toolkit/domain';
import { serverError, type FakeHandlers } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

const TOKEN = 'b'.repeat(43);
const LINK = `/dashboard/manage#${ORGANISATION_DELETION_FRAGMENT}${TOKEN}`;
const PURGE_AFTER = '2026-12-26T10:00:00.000Z';

function setup(handlers: FakeHandlers = {}, { path = '/dashboard/manage', role = 'owner' } = {}) {
  const api = createFakeApi({
    [API.getAlerts]: () => ({
      alerts: { newResult: [], newTeamMember: [], expertRequest: [] },
      pending: [],
    }),
    ...handlers,
  });
  const signOut = jest.fn(async () => undefined);
  api.services.signOut = signOut;
  const { store } = renderDashboard(path, api, { claims: { role, tenantId: 'tenant-1' } });
  return { api, signOut, store, user: userEvent.setup() };
}

const dangerZone = async () => screen.findByRole('region', { name: 'Delete the organisation' });

describe('Manage: delete the organisation', () => {
  it('tells an owner what happens, and asks the server to e-mail them a link', async () => {
    const { api, user } = setup({
      [API.requestOrganisationDeletion]: () => ({
        status: 'sent',
        email: 'olivia@example.com',
        expiresAt: '2026-11-27T10:00:00.000Z',
      }),
    });

    const zone = await dangerZone();
    expect(within(zone).getByText(/The plan is cancelled, every member loses access at once/)).toBeVisible();
    expect(within(zone).getByText(/deleted for good after 30 days/)).toBeVisible();
    await user.click(within(zone).getByRole('button', { name: 'Delete the organisation' }));

    expect(
      await screen.findByText(
        "We've e-mailed a link to olivia@example.com. Open it to delete the organisation; until then nothing changes.",
      ),
    ).toBeVisible();
    expect(api.callsTo(API.requestOrganisationDeletion)).toEqual([null]);
    expect(api.callsTo(API.confirmOrganisationDeletion)).toEqual([]);
  });

  it('is not offered to an admin, nor is the link acted on for one', async () => {
    setup({}, { role: 'admin', path: LINK });
    expect(await screen.findByRole('heading', { name: 'Manage' })).toBeVisible();
    await screen.findByRole('textbox', { name: 'New team members' });
    expect(screen.queryByRole('button', { name: /Delete the organisation/ })).toBeNull();
  });

  it('says in words that the server refused, for a role changed since the screen opened', async () => {
    const { user } = setup({
      [API.requestOrganisationDeletion]: () =>
        serverError('permission-denied', SERVER_ERRORS.organisationDeletionByOwnerOnly),
    });

    await user.click(within(await dangerZone()).getByRole('button', { name: 'Delete the organisation' }));

    expect(
      await screen.findByText(
        /We couldn't start deleting the organisation: your account no longer has permission/,
      ),
    ).toBeVisible();
  });
});

describe('Manage: the organisation deletion link', () => {
  it('deletes nothing on opening; the button sends the token, says when the data goes, then signs out', async () => {
    const { api, signOut, store, user } = setup(
      { [API.confirmOrganisationDeletion]: () => ({ status: 'deleted', purgeAfter: PURGE_AFTER }) },
      { path: LINK },
    );

    const confirm = await screen.findByRole('button', { name: 'Delete the organisation permanently' });
    expect(screen.getByRole('heading', { name: 'Delete the organisation?' })).toBeVisible();
    expect(api.callsTo(API.confirmOrganisationDeletion)).toEqual([]);

    await user.click(confirm);

    expect(
      await screen.findByText(
        `The organisation is deleted; its data goes for good on ${formatDate(PURGE_AFTER)}. Signing you out…`,
      ),
    ).toBeVisible();
    expect(api.callsTo(API.confirmOrganisationDeletion)).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    // The start page the owner lands on says what was done.
    await waitFor(() =>
      expect(store.getState().auth.error).toBe(
        `The organisation Green Grocers has been deleted: its plan is cancelled and no one can open it any more. Its data is deleted for good on ${formatDate(PURGE_AFTER)}.`,
      ),
    );
  });

  it('keeps the organisation and the session when the server refuses the link, saying why', async () => {
    const { signOut, user } = setup(
      {
        [API.confirmOrganisationDeletion]: () =>
          serverError('not-found', SERVER_ERRORS.organisationDeletionLinkNotValid),
      },
      { path: LINK },
    );

    await user.click(await screen.findByRole('button', { name: 'Delete the organisation permanently' }));

    expect(await screen.findByText(/a newer link replaced it, or it was used already/)).toBeVisible();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('goes away, with nothing sent, when the owner keeps the organisation', async () => {
    const { api, user } = setup({}, { path: LINK });

    await user.click(await screen.findByRole('button', { name: 'Keep the organisation' }));

    expect(screen.queryByRole('heading', { name: 'Delete the organisation?' })).toBeNull();
    expect(api.callsTo(API.confirmOrganisationDeletion)).toEqual([]);
  });
});
