import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, SERVER_ERRORS, type MaterialityAssessment, formatDate } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

const RATED: MaterialityAssessment = {
  ratings: { 'climate-change': { impact: 5, financial: 4 }, 'own-workforce': { impact: 2, financial: 3 } },
  updatedAt: '2026-11-20T10:00:00.000Z',
  included: true,
};

/** The server keeps the saved ratings, so the assessment read again after a save shows them. */
function setup(answer: MaterialityAssessment | (() => never) = RATED, role = 'owner') {
  let stored = answer;
  const api = createFakeApi({
    [API.getMateriality]: () => (typeof stored === 'function' ? stored() : stored),
    [API.saveMateriality]: ({ ratings }) => {
      stored = { ratings, updatedAt: '2026-11-25T09:00:00.000Z', included: true };
      return stored;
    },
  });
  renderDashboard('/dashboard/materiality', api, { claims: { role, tenantId: 'tenant-1' } });
  return { api, user: userEvent.setup() };
}

const matter = (name: string) => screen.getByRole('group', { name });

describe('Materiality screen', () => {
  it('shows the rated matters on the matrix and ranked, most material first, with a text alternative', async () => {
    setup();
    const ranked = await screen.findByRole('list', { name: 'Matters, most material first' });
    expect(
      within(ranked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Climate change: impact 5, financial 4 (material for impact and finance)',
      'Own workforce: impact 2, financial 3 (not material yet)',
    ]);
    expect(
      screen.getByRole('img', { name: /1\. Climate change: impact 5, financial 4; 2\. Own workforce/ }),
    ).toBeInTheDocument();
    expect(within(matter('Climate change')).getByRole('combobox', { name: 'Impact' })).toHaveValue('5');
  });

  it('saves the ratings and redraws the matrix; a half-rated matter is named and nothing is sent', async () => {
    const { api, user } = setup();
    await screen.findByRole('list', { name: 'Matters, most material first' });
    await user.selectOptions(
      within(matter('Water and marine resources')).getByRole('combobox', { name: 'Impact' }),
      '4',
    );
    await user.click(screen.getByRole('button', { name: 'Save assessment' }));
    expect(
      await screen.findByText('Rate both sides of Water and marine resources, or neither.'),
    ).toBeInTheDocument();
    expect(api.callsTo(API.saveMateriality)).toEqual([]);

    await user.selectOptions(
      within(matter('Water and marine resources')).getByRole('combobox', { name: 'Financial importance' }),
      '5',
    );
    await user.click(screen.getByRole('button', { name: 'Save assessment' }));
    expect(await screen.findByText('Saved. The matrix shows your latest ratings.')).toBeInTheDocument();
    expect(api.callsTo(API.saveMateriality)).toEqual([
      { ratings: { ...RATED.ratings, water: { impact: 4, financial: 5 } } },
    ]);
    expect(
      screen.getByText('Water and marine resources: impact 4, financial 5 (material for impact and finance)'),
    ).toBeInTheDocument();
    // The assessment is read again: the date is the saved one's.
    expect(
      await screen.findByText(`Last saved ${formatDate('2026-11-25T09:00:00.000Z')}.`),
    ).toBeInTheDocument();
  });

  it('says what failed when saving is refused, and keeps the ratings as typed', async () => {
    const { api, user } = setup();
    api.handlers.set(API.saveMateriality, () =>
      serverError(
        'failed-precondition',
        SERVER_ERRORS.featureNeedsPlan('Double-materiality assessment', 'Leader'),
      ),
    );
    await screen.findByRole('list', { name: 'Matters, most material first' });
    await user.selectOptions(within(matter('Pollution')).getByRole('combobox', { name: 'Impact' }), '1');
    await user.selectOptions(
      within(matter('Pollution')).getByRole('combobox', { name: 'Financial importance' }),
      '1',
    );
    await user.click(screen.getByRole('button', { name: 'Save assessment' }));
    expect(
      await screen.findByText(/Double-materiality assessment comes with the Leader plan/),
    ).toBeInTheDocument();
    expect(within(matter('Pollution')).getByRole('combobox', { name: 'Impact' })).toHaveValue('1');
  });

  it('keeps the ratings read-only after a downgrade and names the plan that brings them back', async () => {
    setup({ ...RATED, included: false });
    expect(
      await screen.findByText(
        /Double-materiality assessment: part of the Leader plan, not yours. Your ratings are kept/,
      ),
    ).toBeInTheDocument();
    expect(within(matter('Climate change')).getByRole('combobox', { name: 'Impact' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save assessment' })).not.toBeInTheDocument();
    const ranked = screen.getByRole('list', { name: 'Matters, most material first' });
    expect(within(ranked).getAllByRole('listitem')[0]).toHaveTextContent('Climate change');
  });

  it('lets a viewer read but not change the assessment', async () => {
    setup(RATED, 'viewer');
    expect(
      await screen.findByText('Your role can read the assessment; an owner, admin or editor can change it.'),
    ).toBeInTheDocument();
    expect(within(matter('Own workforce')).getByRole('combobox', { name: 'Impact' })).toBeDisabled();
  });

  it('offers a retry when the assessment cannot be loaded', async () => {
    setup(() => serverError('unavailable', 'down'));
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
