import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type ResultSummary } from '@toolkit/domain';
import { createFakeApi, renderDashboard, SURVEYS, TOOLKIT } from '../../testing/fake-api';
import { result, SCORE } from '../../testing/results';
import { formatDate } from '@toolkit/domain';

function setup(results: ResultSummary[], surveys?: Parameters<typeof createFakeApi>[1]) {
  const api = createFakeApi({ [API.listLatestResults]: () => ({ results }) }, surveys);
  renderDashboard('/dashboard/assessments', api);
  return api;
}

describe('Assessments screen', () => {
  it('links account holders to the Quickscan that requires an account', async () => {
    setup([]);
    expect(await screen.findByRole('link', { name: 'Complete the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/business-quickscan',
    );
    expect(await screen.findByText('You have not started an assessment yet.')).toBeInTheDocument();
  });

  it('shows the latest result of each survey with its status', async () => {
    setup([
      result({
        resultId: 'done',
        isCompleted: true,
        completedAt: '2025-03-02T10:00:00.000Z',
        score: SCORE,
      }),
      result({ resultId: 'open', surveyId: 'supplier-assessment', updatedAt: '2025-03-05T08:00:00.000Z' }),
    ]);
    const quickscan = (
      await screen.findByRole('heading', { name: 'Sustainability Quickscan for your business', level: 3 })
    ).parentElement!;
    expect(quickscan).toHaveTextContent(
      `Completed on ${formatDate('2025-03-02T10:00:00.000Z')} · overall score 62.5 out of 100`,
    );
    expect(within(quickscan).getByRole('link', { name: 'See your results' })).toHaveAttribute(
      'href',
      '/dashboard/ready-reckoner',
    );
    expect(await screen.findByRole('link', { name: 'Take the Quickscan again' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/business-quickscan',
    );

    const supplier = screen.getByRole('heading', {
      name: 'Supplier Sustainability Assessment',
    }).parentElement!;
    expect(supplier).toHaveTextContent(`In progress · started ${formatDate('2025-03-01T09:00:00.000Z')}`);
    expect(within(supplier).getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/supplier-assessment',
    );
  });

  it('names a survey by its id when the content service does not list it', async () => {
    setup([result({ surveyId: 'retired-survey' })], []);
    const item = (await screen.findByRole('heading', { name: 'retired-survey' })).parentElement!;
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers the survey of the toolkit the organisation signed up through, and says when that fails', async () => {
    const coastal = {
      name: 'coastal',
      title: 'Coastal Green Business Check',
      tenantId: 'coastal-council',
      assessment: { id: 'coastal-check', title: 'Coastal Green Business Check', tenantId: 'coastal-council' },
      teamSurvey: null,
    };
    const api = createFakeApi({ [API.listLatestResults]: () => ({ results: [] }) }, undefined, coastal);
    renderDashboard('/dashboard/assessments', api);
    expect(await screen.findByRole('heading', { name: 'Coastal Green Business Check' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/coastal-council/coastal-check',
    );
  });

  it('says so when the toolkit is not published', async () => {
    const api = createFakeApi({ [API.listLatestResults]: () => ({ results: [] }) }, undefined, null);
    renderDashboard('/dashboard/assessments', api);
    expect(await screen.findByText(/We couldn't load your toolkit/)).toBeInTheDocument();
  });

  it('says why the toolkit could not be loaded, and Try again loads it once it is published', async () => {
    let published = false;
    const api = createFakeApi({
      [API.listLatestResults]: () => ({ results: [] }),
      'content:Toolkit': () => ({ toolkit: published ? TOOLKIT : null }),
    });
    renderDashboard('/dashboard/assessments', api);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn\'t load your toolkit: The toolkit "quickscan" is not published.',
    );
    published = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Complete the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/business-quickscan',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('content:Toolkit')).toHaveLength(2);
  });

  it('asks for the catalogue, the toolkit and the profile once, however many screens show them', async () => {
    const api = createFakeApi({
      [API.listLatestResults]: () => ({ results: [result({ surveyId: 'supplier-assessment' })] }),
      'content:SurveyList': () => ({ surveys: SURVEYS }),
      'content:Toolkit': () => ({ toolkit: TOOLKIT }),
    });
    renderDashboard('/dashboard/assessments', api);
    // Named from the catalogue, beside the toolkit's Quickscan.
    expect(
      await screen.findByRole('heading', { name: 'Supplier Sustainability Assessment' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Complete the Quickscan' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Results' }));
    // The Results page needs the catalogue and the toolkit's Quickscan too.
    expect(
      await screen.findByRole('heading', { name: 'You have not completed a Quickscan yet' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Complete the Quickscan' })).toBeInTheDocument();
    expect(api.callsTo('content:SurveyList')).toHaveLength(1);
    expect(api.callsTo('content:Toolkit')).toHaveLength(1);
    expect(api.callsTo(API.getProfile)).toHaveLength(1);
  });
  it('invites someone to answer a survey, worded as such, for those who manage users only', async () => {
    const api = createFakeApi({
      [API.listLatestResults]: () => ({ results: [] }),
      [API.createInvite]: ({ email }) => ({ status: 'sent', email }),
    });
    renderDashboard('/dashboard/assessments', api);
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Invite someone to answer' });
    await user.click(
      within(card).getByRole('button', {
        name: 'Invite someone to answer the Supplier Sustainability Assessment',
      }),
    );
    const form = within(card).getByRole('form', {
      name: 'Invite someone to answer the Supplier Sustainability Assessment',
    });
    expect(form).toHaveTextContent(
      'We e-mail them an invitation to answer the Supplier Sustainability Assessment',
    );
    await user.type(within(form).getByLabelText('E-mail address'), 'Supplier@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(form).findByText(
        'Invitation to answer the Supplier Sustainability Assessment sent to supplier@example.com.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.createInvite)).toEqual([
      { email: 'supplier@example.com', surveyId: 'supplier-assessment' },
    ]);
  });

  it('offers no survey invite to a member who cannot manage users', async () => {
    const api = createFakeApi({ [API.listLatestResults]: () => ({ results: [] }) });
    renderDashboard('/dashboard/assessments', api, { claims: { role: 'editor', tenantId: 'tenant-1' } });
    expect(await screen.findByRole('link', { name: 'Complete the Quickscan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite someone to answer/ })).not.toBeInTheDocument();
  });
});
