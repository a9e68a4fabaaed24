import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, formatDate } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard, TOOLKIT } from '../../testing/fake-api';

/** The organisation publishing TOOLKIT and the catalogue's surveys. */
const PUBLISHER = { claims: { role: 'owner', tenantId: 'demo-publisher' } };

describe('Members', () => {
  it('lists the businesses that joined through the publisher’s toolkit, with when each joined', async () => {
    const api = createFakeApi({
      [API.listToolkitMembers]: () => ({
        members: [
          { tenantId: 't-2', organisationName: 'Harbour Bakery', joinedAt: '2026-11-20T09:00:00.000Z' },
          { tenantId: 't-1', organisationName: '', joinedAt: null },
        ],
      }),
    });
    renderDashboard('/dashboard/members', api, PUBLISHER);
    const table = await screen.findByRole('table', {
      name: '2 organisations joined through Sustainability Quickscan, newest first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Harbour Bakery', formatDate('2026-11-20T09:00:00.000Z')],
      ['Name not given yet', 'Not known'],
    ]);
    expect(api.callsTo(API.listToolkitMembers)).toEqual([{ toolkit: TOOLKIT.name }]);
  });

  it('says when no business has joined yet, and what failed', async () => {
    let fail = true;
    const api = createFakeApi({
      [API.listToolkitMembers]: () => (fail ? serverError('internal', 'Database offline') : { members: [] }),
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
