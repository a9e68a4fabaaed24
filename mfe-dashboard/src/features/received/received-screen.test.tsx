import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, dayRangeProblem, formatDate, type ApiRequest, type ReceivedResultRow } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

/** The organisation publishing both catalogue surveys (fake-api SURVEYS). */
const PUBLISHER = { claims: { role: 'owner', tenantId: 'demo-publisher' } };

type ListRequest = ApiRequest<typeof API.listReceivedResults>;

function row(resultId: string, overrides: Partial<ReceivedResultRow> = {}): ReceivedResultRow {
  return {
    resultId,
    completed: true,
    completedAt: '2026-11-20T10:00:00.000Z',
    organisation: `Organisation ${resultId}`,
    respondent: 'Sam Harbour',
    overallPercent: 62,
    band: 'Making progress',
    counted: true,
    excluded: false,
    excludedReason: null,
    ...overrides,
  };
}

const FILTERS = {
  survey: {
    scoring: { bands: [{ label: 'Getting started' }, { label: 'Making progress' }, { label: 'Leading' }] },
    sections: [
      {
        questions: [
          {
            __typename: 'Question',
            id: 'industry-sector',
            options: [
              { id: 'retail', label: 'Retail, wholesale, and trade' },
              { id: 'hospitality', label: 'Hospitality' },
            ],
          },
          {
            __typename: 'QuestionGroup',
            questions: [{ id: 'employee-count', options: [{ id: '1-9', label: '1–9 employees' }] }],
          },
        ],
      },
    ],
  },
};

function setup(list: (request: ListRequest) => unknown, path = '/dashboard/received') {
  const api = createFakeApi({
    [API.listReceivedResults]: list as never,
    'content:WorkbenchFilters': () => FILTERS,
  });
  renderDashboard(path, api, PUBLISHER);
  return { api, user: userEvent.setup() };
}

const requests = (api: ReturnType<typeof createFakeApi>) =>
  api.callsTo(API.listReceivedResults) as ListRequest[];
const lastRequest = (api: ReturnType<typeof createFakeApi>) => requests(api).at(-1);
const table = () => screen.findByRole('table', { name: /^Page \d+$/ });
const rowNames = async () =>
  within(await table())
    .getAllByRole('rowheader')
    .map((header) => header.textContent);

describe('Results workbench', () => {
  it('lists the first page of the first published survey with the count for the view', async () => {
    const { api } = setup(() => ({
      results: [row('r-1'), row('r-2')],
      next: null,
      more: false,
      total: 1234,
    }));
    expect(await screen.findByText('1,234 results')).toBeInTheDocument();
    expect(await rowNames()).toEqual(['Organisation r-1', 'Organisation r-2']);
    expect(screen.getByRole('link', { name: 'Open the result of Organisation r-1' })).toHaveAttribute(
      'href',
      '/dashboard/received/business-quickscan/r-1',
    );
    expect(within(await table()).getAllByRole('row')[1]).toHaveTextContent('62% · Making progress');
    expect(requests(api)).toEqual([{ surveyId: 'business-quickscan' }]);
  });

  it('opens the view the address holds and shows it in the controls', async () => {
    const { api } = setup(
      () => ({ results: [row('r-1')], next: null, more: false, total: 1 }),
      '/dashboard/received?surveyId=supplier-assessment&state=completed&from=2026-11-01&to=2026-11-30&band=Leading&sector=retail&search=green&sort=score&direction=asc',
    );
    await table();
    expect(lastRequest(api)).toEqual({
      surveyId: 'supplier-assessment',
      state: 'completed',
      from: '2026-11-01',
      to: '2026-11-30',
      band: 'Leading',
      sector: 'retail',
      search: 'green',
      sort: 'score',
      direction: 'asc',
    });
    // The filters narrowing the view show open, with how many are set.
    const narrowing = screen.getByText('Filter by date, score band, sector, size or region (4 set)');
    expect(narrowing.closest('details')).toHaveAttribute('open');
    expect(screen.getByRole('combobox', { name: 'Survey' })).toHaveValue('supplier-assessment');
    expect(await screen.findByRole('combobox', { name: 'Score band' })).toHaveValue('Leading');
    expect(screen.getByRole('combobox', { name: 'Sector' })).toHaveValue('retail');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('score:asc');
    expect(screen.getByLabelText('Completed from')).toHaveValue('2026-11-01');
    expect(screen.getByRole('searchbox', { name: 'Search by organisation or respondent' })).toHaveValue(
      'green',
    );
  });

  it('refuses dates that end before they start beside the end, and asks the server nothing for them', async () => {
    const { api } = setup(() => ({ results: [row('r-1')], next: null, more: false, total: 1 }));
    await table();
    fireEvent.change(screen.getByLabelText('Completed from'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(lastRequest(api)).toMatchObject({ from: '2026-11-20' }));
    const until = screen.getByLabelText('Completed until');
    fireEvent.change(until, { target: { value: '2026-11-10' } });

    const why = dayRangeProblem('2026-11-20', '2026-11-10')!;
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(until).toHaveAccessibleDescription(why);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/something went wrong/i)).not.toBeInTheDocument();
    expect(requests(api).some((request) => request.to === '2026-11-10')).toBe(false);

    fireEvent.change(until, { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(lastRequest(api)).toEqual({
        surveyId: 'business-quickscan',
        from: '2026-11-20',
        to: '2026-11-30',
      }),
    );
    expect(await table()).toBeInTheDocument();
    expect(until).toHaveAttribute('aria-invalid', 'false');
  });

  it('refuses beside its field a day the server could not read, and the view stays as it was', async () => {
    const { api } = setup(() => ({ results: [row('r-1')], next: null, more: false, total: 1 }));
    await table();
    const until = screen.getByLabelText('Completed until');
    fireEvent.change(until, { target: { value: '275760-01-01' } });
    expect(until).toHaveAccessibleDescription('Give a day as YYYY-MM-DD, e.g. 2026-11-26.');
    expect(until).toHaveValue('275760-01-01');
    expect(await table()).toBeInTheDocument();
    expect(requests(api)).toEqual([{ surveyId: 'business-quickscan' }]);
  });

  it('opens a shared address whose dates end before they start with the refusal, not a request', async () => {
    const { api } = setup(
      () => ({ results: [row('r-1')], next: null, more: false, total: 1 }),
      '/dashboard/received?from=2026-11-20&to=2026-11-10',
    );
    const until = await screen.findByLabelText('Completed until');
    expect(until).toBeVisible();
    expect(until).toHaveAccessibleDescription(dayRangeProblem('2026-11-20', '2026-11-10')!);
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    expect(requests(api)).toEqual([]);
  });

  it('names the filters’ choices as the survey does', async () => {
    setup(() => ({ results: [], next: null, more: false, total: 0 }));
    // Nothing narrows the view yet: the filters wait behind their summary.
    expect(
      (await screen.findByText('Filter by date, score band, sector, size or region')).closest('details'),
    ).not.toHaveAttribute('open');
    const sector = await screen.findByRole('combobox', { name: 'Sector' });
    await waitFor(() =>
      expect(Array.from((sector as HTMLSelectElement).options, (option) => option.textContent)).toEqual([
        'Any sector',
        'Retail, wholesale, and trade',
        'Hospitality',
      ]),
    );
    const size = screen.getByRole('combobox', { name: 'Size' }) as HTMLSelectElement;
    expect(Array.from(size.options, (option) => option.textContent)).toEqual(['Any size', '1–9 employees']);
    const bands = screen.getByRole('combobox', { name: 'Score band' }) as HTMLSelectElement;
    expect(Array.from(bands.options, (option) => option.value)).toEqual([
      '',
      'Getting started',
      'Making progress',
      'Leading',
    ]);
  });

  it('asks the server for the view each choice makes, from its first page', async () => {
    const { api, user } = setup(({ cursor }) =>
      cursor
        ? { results: [row('r-3')], next: null, more: false, total: 3 }
        : { results: [row('r-1'), row('r-2')], next: 'r-2', more: true, total: 3 },
    );
    await table();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastRequest(api)).toEqual({ surveyId: 'business-quickscan', cursor: 'r-2' }));
    expect(await rowNames()).toEqual(['Organisation r-3']);
    expect(await table()).toHaveAccessibleName('Page 2');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sector' }), 'retail');
    await waitFor(() =>
      expect(lastRequest(api)).toEqual({ surveyId: 'business-quickscan', sector: 'retail' }),
    );
    expect(await table()).toHaveAccessibleName('Page 1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'organisation:asc');
    await waitFor(() =>
      expect(lastRequest(api)).toEqual({
        surveyId: 'business-quickscan',
        sector: 'retail',
        sort: 'organisation',
        direction: 'asc',
      }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search by organisation or respondent' }), 'harb');
    expect(lastRequest(api)).not.toHaveProperty('search');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastRequest(api)).toMatchObject({ search: 'harb', sector: 'retail' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The sort stays: it orders, it does not narrow.
    await waitFor(() =>
      expect(lastRequest(api)).toEqual({
        surveyId: 'business-quickscan',
        sort: 'organisation',
        direction: 'asc',
      }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search by organisation or respondent' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'in-progress');
    // Results not completed have no score, band or answers to narrow by.
    await waitFor(() =>
      expect(lastRequest(api)).toEqual({ surveyId: 'business-quickscan', state: 'in-progress' }),
    );
    expect(screen.queryByRole('combobox', { name: 'Sector' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Started from')).toBeInTheDocument();
  });

  it('goes back a page through the cursors it came by', async () => {
    const pages: Record<string, { results: ReceivedResultRow[]; next: string | null }> = {
      first: { results: [row('r-1')], next: 'r-1' },
      'r-1': { results: [row('r-2')], next: 'r-2' },
      'r-2': { results: [row('r-3')], next: null },
    };
    const { api, user } = setup(({ cursor }) => {
      const page = pages[cursor ?? 'first']!;
      return { ...page, more: page.next !== null, total: 3 };
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('table', { name: 'Page 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('table', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('table', { name: 'Page 2' })).toBeInTheDocument();
    expect(await rowNames()).toEqual(['Organisation r-2']);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('table', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(requests(api).map((request) => request.cursor ?? null)).toEqual([null, 'r-1', 'r-2']);
  });

  it('opens a shared page with its way back, and a bare cursor from the first page', async () => {
    const { api } = setup(
      () => ({ results: [row('r-3')], next: null, more: false, total: 3 }),
      '/dashboard/received?cursor=r-2&back=.r-1',
    );
    expect(await screen.findByRole('table', { name: 'Page 3' })).toBeInTheDocument();
    expect(lastRequest(api)).toEqual({ surveyId: 'business-quickscan', cursor: 'r-2' });
  });

  it('excludes a result with the reason asked for, and the list and counts are asked again', async () => {
    let excluded = false;
    const { api, user } = setup(() =>
      excluded
        ? { results: [row('r-2')], next: null, more: false, total: 1 }
        : { results: [row('r-1'), row('r-2')], next: null, more: false, total: 2 },
    );
    api.handlers.set(API.setResultExcluded, () => {
      excluded = true;
      return { excluded: true };
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Exclude the result of Organisation r-1' }));
    const dialog = screen.getByRole('dialog', { name: 'Exclude the result of Organisation r-1?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Exclude result' }));
    expect(await within(dialog).findByText(/Give a reason of 3 to 200 characters/)).toBeInTheDocument();
    expect(api.callsTo(API.setResultExcluded)).toEqual([]);

    await user.type(reason, 'Our own test run');
    await user.click(within(dialog).getByRole('button', { name: 'Exclude result' }));
    expect(
      await screen.findByText(
        `Excluded the result of Organisation r-1 (completed ${formatDate('2026-11-20T10:00:00.000Z')}): insights and benchmarks no longer count it. It is listed under Excluded, where it can be included again.`,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.setResultExcluded)).toEqual([
      { surveyId: 'business-quickscan', resultId: 'r-1', excluded: true, reason: 'Our own test run' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () => expect(await rowNames()).toEqual(['Organisation r-2']));
    expect(screen.getByText('1 result')).toBeInTheDocument();
  });

  it('keeps the dialog with the server’s words when the exclusion is refused', async () => {
    const { api, user } = setup(() => ({ results: [row('r-1')], next: null, more: false, total: 1 }));
    api.handlers.set(API.setResultExcluded, () =>
      serverError('failed-precondition', 'The result was deleted'),
    );
    await user.click(await screen.findByRole('button', { name: 'Exclude the result of Organisation r-1' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Junk');
    await user.click(within(dialog).getByRole('button', { name: 'Exclude result' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "We couldn't exclude the result: The result was deleted.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await rowNames()).toEqual(['Organisation r-1']);
  });

  it('lists excluded results under Excluded, each of which can be included again', async () => {
    const { api, user } = setup(({ state }) =>
      state === 'excluded'
        ? {
            results: [row('r-9', { excluded: true, excludedReason: 'Test run' })],
            next: null,
            more: false,
            total: 1,
          }
        : { results: [row('r-1')], next: null, more: false, total: 1 },
    );
    api.handlers.set(API.setResultExcluded, () => ({ excluded: false }));
    await table();
    expect(screen.queryByRole('button', { name: /Include again/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'excluded');
    await user.click(
      await screen.findByRole('button', { name: 'Include again the result of Organisation r-9' }),
    );
    expect(
      await screen.findByText(
        `Included the result of Organisation r-9 (completed ${formatDate('2026-11-20T10:00:00.000Z')}) again: insights and benchmarks count it once more.`,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.setResultExcluded)).toEqual([
      { surveyId: 'business-quickscan', resultId: 'r-9', excluded: false },
    ]);
  });

  it('offers a viewer no exclusion, and says who can change what the figures count', async () => {
    const api = createFakeApi({
      [API.listReceivedResults]: (({ state }: ListRequest) => ({
        results: [
          state === 'excluded' ? row('r-9', { excluded: true, excludedReason: 'Test run' }) : row('r-1'),
        ],
        next: null,
        more: false,
        total: 1,
      })) as never,
      'content:WorkbenchFilters': () => FILTERS,
    });
    renderDashboard('/dashboard/received', api, { claims: { role: 'viewer', tenantId: 'demo-publisher' } });
    await table();
    expect(
      screen.getByText(
        'Owners, admins, billing members and editors can exclude a result from the figures or include it again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Exclude/ })).not.toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'State' }), 'excluded');
    expect(await rowNames()).toEqual(['Organisation r-9']);
    expect(screen.queryByRole('button', { name: /Include again/ })).not.toBeInTheDocument();
  });

  it('says so when asking again fails, instead of keeping the rows it had', async () => {
    let answer: 'rows' | 'fail' | 'fewer' = 'rows';
    const { api, user } = setup(() => {
      if (answer === 'fail') serverError('internal', 'Database offline');
      return answer === 'rows'
        ? { results: [row('r-1'), row('r-2')], next: null, more: false, total: 2 }
        : { results: [row('r-2')], next: null, more: false, total: 1 };
    });
    api.handlers.set(API.setResultExcluded, () => {
      answer = 'fail';
      return { excluded: true };
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Exclude the result of Organisation r-1' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Our own test run');
    await user.click(screen.getByRole('button', { name: 'Exclude result' }));
    expect(await screen.findByText("We couldn't load the results: Database offline.")).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /^Page \d+$/ })).not.toBeInTheDocument();
    answer = 'fewer';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await rowNames()).toEqual(['Organisation r-2']));
  });

  it('says when nothing matches, and what failed with a way to try again', async () => {
    let fail = true;
    const { user } = setup(
      () =>
        fail
          ? serverError('internal', 'Database offline')
          : { results: [], next: null, more: false, total: 0 },
      '/dashboard/received?sector=retail',
    );
    expect(await screen.findByText("We couldn't load the results: Database offline.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No result matches this view. Change or clear the filters to see more.'),
    ).toBeInTheDocument();
  });

  it('says a survey has received nothing yet, rather than blaming filters, when none is set', async () => {
    setup(() => ({ results: [], next: null, more: false, total: 0 }));
    expect(await screen.findByText('This survey has received no result yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Change or clear the filters/)).not.toBeInTheDocument();
    // Nothing to download either.
    expect(screen.queryByRole('button', { name: /^Download all results/ })).not.toBeInTheDocument();
  });

  it('offers the download where a filtered view is empty: the survey has results elsewhere', async () => {
    setup(() => ({ results: [], next: null, more: false, total: 0 }), '/dashboard/received?sector=retail');
    expect(await screen.findByText(/Change or clear the filters/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download all results (CSV)' })).toBeInTheDocument();
  });
});
