import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_DELETION_FRAGMENT, API, SERVER_ERRORS, type MyDataExport } from '@toolkit/domain';
import { CallableError } from '@toolkit/platform';
import { deferred, serverError, type FakeHandlers } from '@toolkit/platform/testing';
import { createFakeApi, OWNER_PROFILE, renderDashboard } from '../../testing/fake-api';

const TOKEN = 'a'.repeat(43);

const EXPORT: MyDataExport = {
  exportedAt: '2026-11-26T10:00:00.000Z',
  collections: {
    profile: [{ path: 'users/owner-1', data: { email: 'olivia@example.com', firstName: 'Olivia' } }],
    memberships: [{ path: 'tenants/tenant-1/users/owner-1', data: { role: 'owner' } }],
    results: [
      {
        path: 'tenants/demo-publisher/assessments/quickscan/results/r-1',
        data: { questions: { 'energy-tracking': 3 }, isCompleted: true },
      },
    ],
    surveyResults: [],
    evidence: [],
    reviews: [],
    audit: [{ path: 'tenants/tenant-1/audit/a-1', data: { kind: 'brand.changed', actorUid: 'owner-1' } }],
  },
};

function setup(handlers: FakeHandlers = {}, path = '/dashboard/profile') {
  const api = createFakeApi({
    [API.getProfile]: () => ({ status: 'ok', profile: OWNER_PROFILE, tenant: null }),
    [API.watchProfile]: () => ({ profile: OWNER_PROFILE }),
    ...handlers,
  });
  const signOut = jest.fn(async () => undefined);
  api.services.signOut = signOut;
  const { store } = renderDashboard(path, api);
  return { api, signOut, store, user: userEvent.setup() };
}

/** Files handed to the browser to save, with their contents. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let blob: Blob | null = null;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    blob = object as Blob;
    return 'blob:test';
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blob! });
  });
  return saved;
}

/** The file's text as saved, its byte-order mark included. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

const yourData = () => screen.findByRole('group', { name: 'Your data' });
const deleteGroup = () => screen.findByRole('group', { name: 'Delete your account' });

afterEach(() => jest.restoreAllMocks());

describe('Profile: your data', () => {
  it('saves everything the server answers as one JSON file, then offers a CSV per kind', async () => {
    const saved = captureDownloads();
    const answer = deferred<MyDataExport>();
    const { api, user } = setup({ [API.exportMyData]: () => answer.promise });

    await user.click(within(await yourData()).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Gathering your data…')).toBeVisible();
    expect(within(await yourData()).getByRole('button', { name: 'Download my data' })).toBeDisabled();
    answer.resolve(EXPORT);

    expect(await screen.findByText('Your data is downloaded as one JSON file.')).toBeVisible();
    expect(api.callsTo(API.exportMyData)).toEqual([null]);
    expect(saved.map(({ name, blob }) => [name, blob.type])).toEqual([
      ['my-data-2026-11-26.json', 'application/json'],
    ]);
    expect(JSON.parse(await textOf(saved[0]!.blob))).toEqual(EXPORT);

    await user.click(screen.getByRole('button', { name: 'Survey results (1)' }));
    expect(saved[1]!.name).toBe('my-data-results-2026-11-26.csv');
    expect(await textOf(saved[1]!.blob)).toBe(
      '\uFEFFpath,questions,isCompleted\r\n' +
        'tenants/demo-publisher/assessments/quickscan/results/r-1,"{""energy-tracking"":3}",true\r\n',
    );
    expect(screen.getByRole('button', { name: 'Result links (0)' })).toBeVisible();
  });

  it('says in words why the data could not be gathered, and saves nothing', async () => {
    const saved = captureDownloads();
    const { user } = setup({
      [API.exportMyData]: () => {
        throw new CallableError('unavailable', 'The server did not answer.');
      },
    });

    await user.click(within(await yourData()).getByRole('button', { name: 'Download my data' }));

    expect(
      await screen.findByText(/We couldn't gather your data because the server did not answer/),
    ).toBeVisible();
    expect(saved).toEqual([]);
  });
});

describe('Profile: delete your account', () => {
  it('asks the server to e-mail a confirmation link and says where it went', async () => {
    const { api, user } = setup({
      [API.requestAccountDeletion]: () => ({
        status: 'sent',
        email: 'olivia@example.com',
        expiresAt: '2026-11-27T10:00:00.000Z',
      }),
    });

    await user.click(within(await deleteGroup()).getByRole('button', { name: 'Delete my account' }));

    expect(
      await screen.findByText(
        "We've e-mailed a link to olivia@example.com. Open it to delete your account; until then nothing changes.",
      ),
    ).toBeVisible();
    expect(api.callsTo(API.requestAccountDeletion)).toEqual([null]);
    expect(api.callsTo(API.confirmAccountDeletion)).toEqual([]);
  });

  it("shows the server's refusal of the organisation's last owner in its words", async () => {
    const { user } = setup({
      [API.requestAccountDeletion]: () => serverError('failed-precondition', SERVER_ERRORS.accountLastOwner),
    });

    await user.click(within(await deleteGroup()).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText(/Make someone else owner first, then delete your account/)).toBeVisible();
  });
});

describe('Profile: the deletion link', () => {
  const linkPath = `/dashboard/profile#${ACCOUNT_DELETION_FRAGMENT}${TOKEN}`;

  it('deletes nothing on opening; the button sends the token, then signs the person out', async () => {
    const { api, signOut, store, user } = setup(
      { [API.confirmAccountDeletion]: () => ({ status: 'deleted' }) },
      linkPath,
    );

    const confirm = await screen.findByRole('button', { name: 'Delete my account permanently' });
    expect(screen.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
    expect(api.callsTo(API.confirmAccountDeletion)).toEqual([]);

    await user.click(confirm);

    expect(await screen.findByText('Your account is deleted. Signing you out…')).toBeVisible();
    expect(api.callsTo(API.confirmAccountDeletion)).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    // The start page the person lands on says what was done.
    await waitFor(() =>
      expect(store.getState().auth.error).toBe(
        'Your account has been deleted: your profile, your membership and your sign-in are gone. Your survey results stay in your organisation’s figures without your name or e-mail address.',
      ),
    );
  });

  it('keeps the account and the session when the server refuses the link, saying why', async () => {
    const { signOut, store, user } = setup(
      {
        [API.confirmAccountDeletion]: () =>
          serverError('not-found', SERVER_ERRORS.accountDeletionLinkNotValid),
      },
      linkPath,
    );

    await user.click(await screen.findByRole('button', { name: 'Delete my account permanently' }));

    expect(await screen.findByText(/a newer link replaced it, or it was used already/)).toBeVisible();
    expect(signOut).not.toHaveBeenCalled();
    expect(store.getState().auth.error).toBeNull();
  });

  it('goes away, with nothing sent, when the person keeps their account', async () => {
    const { api, user } = setup({}, linkPath);

    await user.click(await screen.findByRole('button', { name: 'Keep my account' }));

    expect(screen.queryByRole('heading', { name: 'Delete your account?' })).toBeNull();
    expect(api.callsTo(API.confirmAccountDeletion)).toEqual([]);
  });

  it('is not shown on Profile opened without the link', async () => {
    setup();
    await deleteGroup();
    expect(screen.queryByRole('button', { name: 'Delete my account permanently' })).toBeNull();
  });
});
