import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, formatDate, type ApiRequest } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard, TOOLKIT } from '../../testing/fake-api';

/** The organisation publishing TOOLKIT and the catalogue's surveys. */
const PUBLISHER = { claims: { role: 'owner', tenantId: 'demo-publisher' } };

type MembersRequest = ApiRequest<typeof API.listToolkitMembers>;

/** 312 members, newest first, served a page at a time as the server does (search: a name's word start). */
function server() {
  const all = Array.from({ length: 312 }, (_, index) => ({
    tenantId: `t-${311 - index}`,
    organisationName: `${index % 2 ? 'Reef Café' : 'Harbour Bakery'} ${311 - index}`,
    joinedAt: new Date(Date.UTC(2026, 10, 20) - index * 60_000).toISOString(),
  }));
  return ({ search, cursor, limit = 25 }: MembersRequest) => {
    const word = search?.toLowerCase();
    const found = word
      ? all.filter((member) =>
          member.organisationName
            .toLowerCase()
            .split(' ')
            .some((w) => w.startsWith(word)),
        )
      : all;
    const start = cursor ? found.findIndex((member) => member.tenantId === cursor) + 1 : 0;
    const members = found.slice(start, start + limit);
    return {
      members,
      next: start + limit < found.length ? members[members.length - 1]!.tenantId : null,
      total: found.length,
    };
  };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('Members', () => {
  it('lists the businesses that joined, with when each joined', async () => {
    const api = createFakeApi({
      [API.listToolkitMembers]: () => ({
        members: [
          { tenantId: 't-2', organisationName: 'Harbour Bakery', joinedAt: '2026-11-20T09:00:00.000Z' },
          { tenantId: 't-1', organisationName: '', joinedAt: null },
        ],
        next: null,
        total: 2,
      }),
    });
    renderDashboard('/dashboard/members', api, PUBLISHER);
    const table = await screen.findByRole('table', {
      name: 'Organisations that joined through Sustainability Quickscan, newest first',
    });
    expect(rowsOf(table)).toEqual([
      ['Harbour Bakery', formatDate('2026-11-20T09:00:00.000Z')],
      ['Name not given yet', 'Not known'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1–2 of 2 organisations');
    // One page only: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(api.callsTo(API.listToolkitMembers)).toEqual([{ toolkit: TOOLKIT.name, limit: 25 }]);
  });

  it('pages through hundreds of members 25 at a time, forwards and back, saying which it shows', async () => {
    const api = createFakeApi({ [API.listToolkitMembers]: server() });
    renderDashboard('/dashboard/members', api, PUBLISHER);
    const user = userEvent.setup();
    await screen.findByText('Showing 1–25 of 312 organisations');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26–50 of 312 organisations')).toHaveFocus();
    expect(rowsOf(screen.getByRole('table'))[0]![0]).toBe('Reef Café 286');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 51–75 of 312 organisations')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 26–50 of 312 organisations')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 1–25 of 312 organisations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(
      (api.callsTo(API.listToolkitMembers) as MembersRequest[]).map((request) => request.cursor ?? null),
    ).toEqual([null, 't-287', 't-262']);
  });

  it('searches by name on the server, from the first page, and shows all again', async () => {
    const api = createFakeApi({ [API.listToolkitMembers]: server() });
    renderDashboard('/dashboard/members', api, PUBLISHER);
    const user = userEvent.setup();
    await screen.findByText('Showing 1–25 of 312 organisations');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing 26–50 of 312 organisations');

    const search = screen.getByRole('search', { name: 'Search the members' });
    await user.type(within(search).getByLabelText('Organisation name'), 'reef');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Showing 1–25 of 156 organisations named with “reef”'),
    ).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table')).every(([name]) => name!.startsWith('Reef Café'))).toBe(true);
    expect(api.callsTo(API.listToolkitMembers).at(-1)).toEqual({
      toolkit: TOOLKIT.name,
      search: 'reef',
      limit: 25,
    });

    await user.clear(within(search).getByLabelText('Organisation name'));
    await user.type(within(search).getByLabelText('Organisation name'), 'lighthouse');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('No organisation’s name has a word starting with “lighthouse”.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all members' }));
    expect(await screen.findByText('Showing 1–25 of 312 organisations')).toBeInTheDocument();
    expect(within(search).getByLabelText('Organisation name')).toHaveValue('');
  });

  it('asks for two letters before searching, without asking the server', async () => {
    const api = createFakeApi({ [API.listToolkitMembers]: server() });
    renderDashboard('/dashboard/members', api, PUBLISHER);
    const user = userEvent.setup();
    await screen.findByText('Showing 1–25 of 312 organisations');
    await user.type(screen.getByLabelText('Organisation name'), 'r');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Type at least two letters of a word in the name to search.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(API.listToolkitMembers)).toHaveLength(1));
    expect(screen.getByLabelText('Organisation name')).toHaveAttribute('maxlength', '100');
  });

  it('says when no business has joined yet, and what failed', async () => {
    let fail = true;
    const api = createFakeApi({
      [API.listToolkitMembers]: () =>
        fail ? serverError('internal', 'Database offline') : { members: [], next: null, total: 0 },
    });
    renderDashboard('/dashboard/members', api, PUBLISHER);
    const user = userEvent.setup();
    expect(
      await screen.findByText("We couldn't load who joined your toolkit: Database offline."),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No organisation has signed up through Sustainability Quickscan yet.'),
    ).toBeInTheDocument();
  });

  it('asks nothing of a toolkit another organisation publishes', async () => {
    const api = createFakeApi({}, undefined, { ...TOOLKIT, tenantId: 'another-publisher' });
    renderDashboard('/dashboard/members', api, PUBLISHER);
    expect(await screen.findByText(/which another organisation publishes/)).toBeInTheDocument();
    expect(api.callsTo(API.listToolkitMembers)).toEqual([]);
  });
});
