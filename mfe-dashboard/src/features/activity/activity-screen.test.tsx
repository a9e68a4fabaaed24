import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, formatDate, formatDateTime, type ActivityEntry, type ApiRequest } from '@toolkit/domain';
import { serverError, type FakeHandlers } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

const DANA = { uid: 'owner-1', name: 'Dana Lee', email: 'dana@example.com' };
const SAM = { type: 'member', id: 'editor-1', name: 'Sam Ng' };

const entry = (id: string, at: string, fields: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  at,
  actor: DANA,
  kind: 'role.changed',
  subject: SAM,
  before: null,
  after: null,
  reason: null,
  ...fields,
});

const ROLE_CHANGE = entry('e3', '2026-03-03T09:30:00.000Z', {
  before: { role: 'viewer' },
  after: { role: 'editor' },
});
const INVITE = entry('e2', '2026-03-02T09:00:00.000Z', {
  kind: 'member.invited',
  subject: { type: 'invite', id: 'i1', name: null },
  after: { email: 'sam@example.com', role: 'viewer' },
});
const EXCLUSION = entry('e1', '2026-03-01T09:00:00.000Z', {
  actor: { uid: 'gone', name: null, email: null },
  kind: 'result.excluded',
  subject: { type: 'result', id: 'quickscan/r1', name: null },
  reason: 'A test run',
});

type ListRequest = ApiRequest<typeof API.listActivity>;

/** The server's trail: pages of `size` entries, filtered by kind, with cursors. */
function setup(trail: ActivityEntry[], handlers: FakeHandlers = {}, path = '/dashboard/activity', size = 2) {
  const api = createFakeApi({
    [API.listActivity]: ({ kind, cursor }: ListRequest) => {
      const listed = trail.filter((item) => !kind || item.kind === kind);
      const start = cursor ? listed.findIndex((item) => item.id === cursor) + 1 : 0;
      const entries = listed.slice(start, start + size);
      return { entries, next: start + size < listed.length ? entries.at(-1)!.id : null };
    },
    ...handlers,
  });
  renderDashboard(path, api);
  return { api, user: userEvent.setup() };
}

const listed = () =>
  within(screen.getByRole('list', { name: /newest first/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Activity', () => {
  it('says who did what and when, in words, newest first, with the reason given', async () => {
    setup([ROLE_CHANGE, INVITE, EXCLUSION], {}, '/dashboard/activity', 10);
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    await screen.findByText("Dana Lee changed Sam Ng's role from Viewer to Editor.");
    expect(listed()).toEqual([
      `Dana Lee changed Sam Ng's role from Viewer to Editor.${formatDateTime(ROLE_CHANGE.at)}`,
      `Dana Lee invited sam@example.com to join as Viewer.${formatDateTime(INVITE.at)}`,
      `A former member excluded a result from the figures.Reason: A test run${formatDateTime(EXCLUSION.at)}`,
    ]);
    expect(screen.getByText(formatDateTime(ROLE_CHANGE.at))).toHaveAttribute('datetime', ROLE_CHANGE.at);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('names an excluded result as Results do, and opens it', async () => {
    const named = entry('e4', '2026-03-04T09:00:00.000Z', {
      kind: 'result.excluded',
      subject: {
        type: 'result',
        id: 'quickscan/r7',
        name: 'Harbour Bakery',
        completedAt: '2026-03-01T09:30:00.000Z',
      },
      reason: 'A test run',
    });
    setup([named, EXCLUSION], {}, '/dashboard/activity', 10);
    await screen.findByText(
      `Dana Lee excluded the result of Harbour Bakery (completed ${formatDate('2026-03-01T09:30:00.000Z')}) from the figures.`,
    );
    expect(screen.getByRole('link', { name: 'Open the result of Harbour Bakery' })).toHaveAttribute(
      'href',
      '/dashboard/received/quickscan/r7',
    );
    // A result named nowhere has nothing to open.
    expect(screen.getAllByRole('link', { name: /Open the result/ })).toHaveLength(1);
  });

  it('loads the next page after the last entry shown', async () => {
    const { api, user } = setup([ROLE_CHANGE, INVITE, EXCLUSION]);
    await screen.findByText("Dana Lee changed Sam Ng's role from Viewer to Editor.");
    expect(listed()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('A former member excluded a result from the figures.');
    expect(listed()).toHaveLength(3);
    expect(api.callsTo(API.listActivity)).toEqual([{ limit: 20 }, { limit: 20, cursor: 'e2' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('reads the trail again each time it is opened, so a change made since shows', async () => {
    const trail = [ROLE_CHANGE];
    const { api, user } = setup(trail, {}, '/dashboard/activity', 10);
    await screen.findByText("Dana Lee changed Sam Ng's role from Viewer to Editor.");
    const sections = screen.getByRole('navigation', { name: 'Dashboard' });
    await user.click(within(sections).getByRole('link', { name: 'Users' }));
    trail.unshift(EXCLUSION);
    await user.click(within(sections).getByRole('link', { name: 'Activity' }));
    expect(
      await screen.findByText('A former member excluded a result from the figures.'),
    ).toBeInTheDocument();
    expect(api.callsTo(API.listActivity)).toHaveLength(2);
  });

  it('lists one kind, kept in the address, and all again', async () => {
    const { api, user } = setup(
      [ROLE_CHANGE, INVITE, EXCLUSION],
      {},
      '/dashboard/activity?kind=member.invited',
    );
    await screen.findByText('Dana Lee invited sam@example.com to join as Viewer.');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('member.invited');
    expect(listed()).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Role changed');
    await screen.findByText("Dana Lee changed Sam Ng's role from Viewer to Editor.");
    expect(listed()).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'All changes');
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(api.callsTo(API.listActivity)).toEqual([
      { limit: 20, kind: 'member.invited' },
      { limit: 20, kind: 'role.changed' },
      { limit: 20 },
    ]);
  });

  it('says when nothing of a kind has happened, or nothing at all', async () => {
    const { user } = setup([]);
    expect(await screen.findByText(/Nothing has been recorded yet/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Plan cancelled');
    expect(
      await screen.findByText('Nothing of the kind “Plan cancelled” has happened yet.'),
    ).toBeInTheDocument();
  });

  it('says why the activity cannot be shown, and Try again shows it', async () => {
    let failing = true;
    const { user } = setup([ROLE_CHANGE], {
      [API.listActivity]: () =>
        failing ? serverError('internal', 'Audit unreadable') : { entries: [ROLE_CHANGE], next: null },
    });
    expect(await screen.findByText("We couldn't load the activity: Audit unreadable.")).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText("Dana Lee changed Sam Ng's role from Viewer to Editor."),
    ).toBeInTheDocument();
  });
});
